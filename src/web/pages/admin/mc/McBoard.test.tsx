// @vitest-environment jsdom
import '../../../test/setup.ts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Announcement } from '../../../api/types.ts';
import { competitionFixture, fakeNetwork, renderRoutes } from '../../../test/adminTesting.tsx';
import { scheduleFixture } from '../../../test/fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const couple = (n: string, place: number | null) => ({
  coupleNumber: n,
  leadName: `Lead ${n}`,
  followName: `Follow ${n}`,
  affiliation: 'Riverside University',
  place,
});

const semi: Announcement = {
  id: 'gold-latin/1',
  eventKey: 'gold-latin',
  eventName: 'Gold Latin',
  roundNumber: 1,
  roundName: 'Semi-Final',
  kind: 'recall',
  postedAt: '2026-11-21T15:00:00.000Z',
  nextRoundName: 'Final',
  couples: ['31', '12', '105'].map((n) => couple(n, null)),
};
const final: Announcement = {
  ...semi,
  id: 'gold-latin/2',
  roundNumber: 2,
  roundName: 'Final',
  kind: 'final',
  postedAt: '2026-11-21T16:00:00.000Z',
  nextRoundName: null,
  couples: [couple('12', 2), couple('105', 3), couple('31', 1)],
};
const other: Announcement = { ...semi, id: 'silver/1', eventKey: 'silver', eventName: 'Silver Standard' };

function routes(items: { current: Announcement[] }) {
  return {
    'GET /site': { body: { competition: 'demo' } },
    'GET /competitions/demo': { body: competitionFixture() },
    'GET /competitions/demo/announcements': () => ({ body: { items: items.current } }),
    'GET /competitions/demo/schedule': {
      body: scheduleFixture([]),
    },
    'GET /competitions/demo/events': { body: [] },
  };
}

describe('the MC board', () => {
  it('reads the final from last place to first, one line at a time, and keeps the place when more is posted', async () => {
    const items = { current: [semi, final] };
    const network = fakeNetwork(routes(items));
    const { queryClient } = renderRoutes('/admin/mc');

    // The newest post opens by itself.
    const script = await screen.findByTestId('mc-placings');
    const lines = within(script).getAllByTestId('mc-line');
    expect(lines.map((l) => l.textContent)).toEqual([
      'In 3rd place, couple 105, Lead 105 and Follow 105, Riverside University',
      'In 2nd place, couple 12, Lead 12 and Follow 12, Riverside University',
      'In 1st place, couple 31, Lead 31 and Follow 31, Riverside University',
    ]);
    const current = () =>
      within(script)
        .getAllByTestId('mc-line')
        .find((l) => l.getAttribute('aria-current'));
    expect(current()?.textContent).toMatch(/^In 3rd place/);
    fireEvent.click(within(script).getByRole('button', { name: 'Next →' }));
    expect(current()?.textContent).toMatch(/^In 2nd place/);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(current()?.textContent).toMatch(/^In 1st place/);
    expect(within(script).getByRole('button', { name: 'Next →' })).toBeDisabled();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(current()?.textContent).toMatch(/^In 2nd place/);

    // The scrutineer posts another event: it is listed as new, the MC stays on their line.
    items.current = [semi, final, other];
    await act(() => queryClient.invalidateQueries({ queryKey: ['demo', 'results'] }));
    const list = await screen.findByRole('list', { name: 'Posted results, newest first' });
    expect(await within(list).findByText('New')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Semi-Final of Silver Standard');
    expect(current()?.textContent).toMatch(/^In 2nd place/);
    expect(network.calls('GET', '/competitions/demo/announcements').length).toBeGreaterThan(1);

    // Opening the recall: numbers in number order.
    fireEvent.click(within(list).getAllByRole('listitem')[2]!);
    const recall = await screen.findByTestId('mc-recall');
    expect(recall).toHaveTextContent('The following couples are recalled to the Final of Gold Latin:');
    expect(within(recall).getByTestId('mc-recalled').textContent).toBe('1231105');
  });

  it('says what to do when nothing is posted yet', async () => {
    fakeNetwork(routes({ current: [] }));
    renderRoutes('/admin/mc');
    expect(await screen.findByText(/Nothing posted yet/)).toBeInTheDocument();
    expect(await screen.findByText('Nothing else on the schedule.')).toBeInTheDocument();
  });
});
