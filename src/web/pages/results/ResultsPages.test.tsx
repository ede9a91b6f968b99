// @vitest-environment jsdom
import '../../test/setup.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { competition, fakeApi, renderApp } from '../../test/renderApp.tsx';
import type { EventResults, ResultsSummary } from '../../api/types.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The first render loads the lazy screen's chunk. */
const WAIT = { timeout: 8000 };

const couple = (n: string, team: string) => ({
  coupleNumber: n,
  leadName: `Lead ${n}`,
  followName: `Follow ${n}`,
  affiliation: team,
});
const placing = (place: number, n: string, team: string) => ({ place, ...couple(n, team) });

const summary = (): ResultsSummary => ({
  competition: { key: 'demo', fullName: 'Valley Spring Swing 2026' },
  events: [
    {
      key: 'gold-standard',
      name: 'Gold Standard',
      style: 'Standard',
      level: 'Gold',
      dances: ['Waltz', 'Tango'],
      teams: ['Harvard', 'MIT'],
      final: {
        roundNumber: 1,
        roundName: 'Final',
        postedAt: '2026-11-14T12:00:00Z',
        placings: [placing(1, '101', 'Harvard'), placing(2, '102', 'MIT')],
        withdrawn: [],
      },
      postedRounds: 1,
      reached: [],
    },
    {
      key: 'bronze-latin',
      name: 'Bronze Latin',
      style: 'Latin',
      level: 'Bronze',
      dances: ['ChaCha'],
      teams: ['MIT'],
      final: null,
      postedRounds: 1,
      reached: [
        { ...couple('101', 'Harvard'), roundName: 'Semi-Final', recalled: true },
        { ...couple('131', 'MIT'), roundName: 'Semi-Final', recalled: false },
      ],
    },
  ],
});

/** The competition with its results switch, and the summary of two events. */
/** What each item of a list (a region's couples) reads, in order. */
const itemTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

const serveSummary = (resultsPageShown: boolean) =>
  fakeApi({
    'GET /site': { competition: 'demo' },
    'GET /competitions/demo': competition({ resultsPageShown }),
    'GET /competitions/demo/results': summary(),
  });

describe('/results', () => {
  it('says plainly that results are not published while resultsPageShown is off', async () => {
    serveSummary(false);
    renderApp('/results');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results are not published yet' }, WAIT),
    ).toBeInTheDocument();
    expect(screen.queryByText('Gold Standard')).not.toBeInTheDocument();
  });

  it('lists final placings, applies the filters from the URL and offers the CSV', async () => {
    serveSummary(true);
    renderApp('/results?style=Latin');
    expect(await screen.findByLabelText('Style', {}, WAIT)).toHaveValue('Latin');
    expect(screen.getByLabelText('Style')).toHaveValue('Latin');
    expect(screen.getByRole('heading', { name: 'Bronze Latin' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gold Standard' })).not.toBeInTheDocument();
    expect(screen.getByText('Final not posted yet · 1 round posted')).toBeInTheDocument();
    expect(screen.getByText(/1 of 2 events/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    const gold = await screen.findByRole('region', { name: 'Gold Standard' });
    expect(within(gold).getAllByRole('listitem')[0]).toHaveTextContent('1st101Lead 101 & Follow 101Harvard');
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: 'Harvard' } });
    expect(screen.queryByRole('heading', { name: 'Bronze Latin' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download all results (CSV)' })).toHaveAttribute(
      'href',
      '/api/v1/competitions/demo/results.csv',
    );
  });
});

describe('/results: finding a couple', () => {
  it('finds a couple by number or name across events: their place, or how far they got', async () => {
    serveSummary(true);
    const { router } = renderApp('/results');
    const box = await screen.findByRole('searchbox', { name: 'Find a couple' }, WAIT);
    fireEvent.change(box, { target: { value: '101' } });
    const gold = screen.getByRole('region', { name: 'Gold Standard' });
    expect(itemTexts(gold)).toEqual(['1st101Lead 101 & Follow 101Harvard']);
    const latin = screen.getByRole('region', { name: 'Bronze Latin' });
    expect(itemTexts(latin)).toEqual(['101Lead 101 & Follow 101HarvardRecalled from the Semi-Final']);
    expect(router.state.location.search).toBe('?q=101');
    // By name, whatever the case: only the event they danced in.
    fireEvent.change(box, { target: { value: 'lead 131' } });
    expect(screen.queryByRole('region', { name: 'Gold Standard' })).toBeNull();
    expect(itemTexts(screen.getByRole('region', { name: 'Bronze Latin' }))).toEqual([
      '131Lead 131 & Follow 131MITReached the Semi-Final',
    ]);
    fireEvent.change(box, { target: { value: 'nobody' } });
    expect(screen.getByText(/No couple matching “nobody” in the posted results/)).toBeInTheDocument();
  });
});

describe('/results/{event}', () => {
  it('shows a clear empty state when nothing is posted, and not-found for an unknown event', async () => {
    const empty: EventResults = {
      event: {
        key: 'bronze-latin',
        name: 'Bronze Latin',
        style: 'Latin',
        level: 'Bronze',
        dances: ['ChaCha'],
      },
      rounds: [],
      pending: [{ roundNumber: 1, roundName: 'Final' }],
    };
    fakeApi({
      'GET /site': { competition: 'demo' },
      'GET /competitions/demo': competition({ resultsPageShown: true }),
      'GET /competitions/demo/results/bronze-latin': empty,
    });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const first = renderApp('/results/bronze-latin');
    expect(await screen.findByRole('heading', { name: 'No results yet' }, WAIT)).toBeInTheDocument();
    expect(screen.getByText(/still to come: Final/)).toBeInTheDocument();
    // Spec §8: missing results data logs "no results found" (information, not an error).
    expect(info).toHaveBeenCalledWith('no results found', 'event bronze-latin');
    first.unmount();
    renderApp('/results/nothing-here');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Event not found' }, WAIT),
    ).toBeInTheDocument();
  });
});
