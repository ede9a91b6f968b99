// @vitest-environment jsdom
import '../../test/setup.ts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { competition, fakeApi, renderApp } from '../../test/renderApp.tsx';

// Lazy routes load their modules on first use; on a busy 2-core machine that can take over 1 s.
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const entries = [7, 12, 35, 112].map((n) => ({
  leadNumber: n,
  leadName: `Lead ${n}`,
  followName: `Follow ${n}`,
  affiliation: n === 7 ? 'Riverside U' : '',
  scratched: false,
}));

function event(states: [number, number]) {
  return {
    key: 'bronze-waltz',
    name: 'Bronze Standard',
    style: 'Standard',
    level: 'Bronze',
    dances: ['Waltz', 'Tango'],
    entries,
    rounds: [
      { roundNumber: 1, roundName: 'Semi-Final', roundState: states[0], entries: [] },
      { roundNumber: 2, roundName: 'Final', roundState: states[1], entries: [] },
    ],
  };
}

function serve(states: [number, number], extra: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /site': { competition: 'demo' },
    'GET /competitions/demo': competition(),
    'GET /competitions/demo/events': [event(states)],
    ...extra,
  });
}

const placingRow = (couple: string, marks: number[], place: number) => ({ couple, marks, place });

/** Three couples, two judges, two dances: 35 wins both, 112 second, 7 third. */
const finalTable = {
  places: { '7': 3, '35': 1, '112': 2 },
  perDance: { Waltz: { '7': 3, '35': 1, '112': 2 }, Tango: { '7': 3, '35': 1, '112': 2 } },
  totals: { '7': 6, '35': 2, '112': 4 },
  steps: [],
  tables: {
    Waltz: {
      judges: ['A', 'B'],
      majority: 2,
      columnLabels: ['1', '1-2', '1-3'],
      rows: [placingRow('7', [3, 3], 3), placingRow('35', [1, 1], 1), placingRow('112', [2, 2], 2)],
    },
    Tango: {
      judges: ['A', 'B'],
      majority: 2,
      columnLabels: ['1', '1-2', '1-3'],
      rows: [placingRow('7', [3, 3], 3), placingRow('35', [1, 2], 1), placingRow('112', [2, 1], 2)],
    },
  },
  summary: [],
};

describe('/live/{eventKey}/{roundNumber}', () => {
  it('lists the recalled couples of a posted recall round by number, with names', async () => {
    serve([5, 2], {
      'GET /competitions/demo/events/bronze-waltz/rounds/1/results': {
        kind: 'recall',
        placements: [],
        sumRecalls: {},
        byJudge: {},
        recalled: ['112', '7', '35'],
        posted: true,
        postedAt: '2026-11-14T15:00:00Z',
      },
    });
    renderApp('/live/bronze-waltz/1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bronze Standard, Semi-Final' }),
    ).toBeInTheDocument();
    const list = await screen.findByTestId('recalled');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '7Lead 7 & Follow 7',
      '35Lead 35 & Follow 35',
      '112Lead 112 & Follow 112',
    ]);
    expect(screen.getByRole('heading', { name: '3 couples recalled' })).toBeInTheDocument();
  });

  it("shows a final's placings, first place first, and each judge's marks per dance with totals", async () => {
    serve([5, 5], {
      'GET /competitions/demo/events/bronze-waltz/rounds/2/results': {
        kind: 'final',
        placements: { '7': 3, '35': 1, '112': 2 },
        finalTable,
        posted: true,
        postedAt: '2026-11-14T16:00:00Z',
      },
    });
    renderApp('/live/bronze-waltz/2');
    const placings = within(await screen.findByTestId('placings')).getAllByRole('listitem');
    expect(placings.map((li) => li.textContent)).toEqual([
      '1st35Lead 35 & Follow 35',
      '2nd112Lead 112 & Follow 112',
      '3rd7Lead 7 & Follow 7Riverside U',
    ]);
    const tango = screen.getByRole('table', { name: 'Tango' });
    const rows = within(tango).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['CoupleABPlace', '35121', '112212', '7333']);
    const total = screen.getByRole('table', { name: 'Total' });
    expect(within(total).getAllByRole('row')[1]).toHaveTextContent('351121'); // 35: 1st + 1st = 2, placed 1st
  });

  it('after a disqualification: the marks the judges gave, the places used in brackets, the couple out listed', async () => {
    // 12 was first with both judges and is disqualified: the others' places closed up and skated again.
    const given = {
      Waltz: { '12': [1, 1], '35': [2, 2], '112': [3, 3], '7': [4, 4] },
      Tango: { '12': [1, 1], '35': [2, 3], '112': [3, 2], '7': [4, 4] },
    };
    serve([5, 5], {
      'GET /competitions/demo/events/bronze-waltz/rounds/2/results': {
        kind: 'final',
        placements: { '7': 3, '35': 1, '112': 2 },
        finalTable: { ...finalTable, given },
        posted: true,
        postedAt: '2026-11-14T16:00:00Z',
      },
    });
    renderApp('/live/bronze-waltz/2');
    const tango = await screen.findByRole('table', { name: 'Tango' });
    expect(
      within(tango)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['CoupleABPlace', '352 (1)3 (2)1', '1123 (2)2 (1)2', '74 (3)4 (3)3', '1211—']);
    expect(screen.getByTestId('marks-given-note')).toHaveTextContent('Marks as the judges gave them');
  });

  it('says a round is not posted yet, and asks for no result before it is', async () => {
    const fetchMock = serve([4, 0]);
    renderApp('/live/bronze-waltz/1');
    const notice = await screen.findByTestId('not-posted');
    expect(notice).toHaveTextContent('Not posted yet. This round is being scored.');
    expect(within(notice).getByRole('link', { name: 'Back to the live schedule' })).toHaveAttribute(
      'href',
      '/live',
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).not.toContainEqual(
      expect.stringContaining('/results'),
    );
  });

  it('says so when the event or round does not exist', async () => {
    serve([5, 5]);
    renderApp('/live/bronze-waltz/9');
    expect(await screen.findByTestId('round-not-found')).toHaveTextContent(
      'There is no round 9 in Bronze Standard',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Round not found' })).toBeInTheDocument();
  });

  it('says a posted round whose result is no longer public was taken back, and logs that no results were found', async () => {
    // The list of events still says Posted; the result read answers null: it was un-posted meanwhile.
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    serve([5, 2], { 'GET /competitions/demo/events/bronze-waltz/rounds/1/results': null });
    renderApp('/live/bronze-waltz/1');
    expect(await screen.findByTestId('withdrawn')).toHaveTextContent(
      'Not published any more. The scrutineer took this result back',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Loading the result')).not.toBeInTheDocument();
    expect(info).toHaveBeenCalledWith('no results found', 'bronze-waltz round 1');
  });
});
