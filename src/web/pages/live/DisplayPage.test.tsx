// @vitest-environment jsdom
import '../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScheduleItem } from '../../../domain/schemas/events.ts';
import { scheduleRound, settingsFixture } from '../../test/fixtures.ts';
import { competition, fakeApi, renderApp } from '../../test/renderApp.tsx';

const POSTED = 5;
const RUNNING = 2;
const INITIALIZED = 0;

const round = scheduleRound;

const events = [
  {
    key: 'bronze-waltz',
    name: 'Bronze Waltz',
    entries: [
      { leadNumber: 12, leadName: 'Ann Lee', followName: 'Bo Park' },
      { leadNumber: 14, leadName: 'Cy Dunn', followName: 'Di Roe' },
      { leadNumber: 21, leadName: 'Ed Fox', followName: 'Flo Gill' },
    ],
    rounds: [],
  },
  {
    key: 'gold-latin',
    name: 'Gold Latin',
    entries: [
      { leadNumber: 31, leadName: 'Gus Hart', followName: 'Ida Jay' },
      { leadNumber: 32, leadName: 'Kay Lund', followName: 'Mo Nash' },
    ],
    rounds: [],
  },
];

const recall = {
  kind: 'recall',
  placements: [],
  sumRecalls: {},
  byJudge: {},
  recalled: ['21', '12'],
  posted: true,
  postedAt: '2026-11-14T15:00:00Z',
};
const final = {
  kind: 'final',
  placements: { '32': 1, '31': 2 },
  finalTable: null,
  posted: true,
  postedAt: '2026-11-14T15:10:00Z',
};

function serve(items: ScheduleItem[], floors = ['Main floor'], minutesLate: number | null = null) {
  return fakeApi({
    'GET /site': { competition: 'demo' },
    'GET /competitions/demo': competition({ floors }),
    'GET /competitions/demo/settings/events': { ...settingsFixture, version: 1 },
    'GET /competitions/demo/schedule': {
      version: 'v',
      timing: {},
      floors: floors.map((name, i) => ({ name, pace: 1, minutesLate: i === 0 ? minutesLate : null })),
      items,
    },
    'GET /competitions/demo/events': events,
    'GET /competitions/demo/events/bronze-waltz/rounds/1/results': recall,
    'GET /competitions/demo/events/gold-latin/rounds/1/results': final,
  });
}

describe('/live/display', () => {
  it('shows the floor now, next up, how late it runs and the recalled numbers', async () => {
    serve(
      [
        round('bronze-waltz', 'Bronze Waltz', 1, 'Semi-Final', 1, POSTED, {
          endedAt: '2026-11-14T14:15:00Z',
        }),
        round('silver-tango', 'Silver Tango', 1, 'Final', 2, RUNNING, {
          dances: ['Tango'],
          heats: 2,
          startedAt: '2026-11-14T14:20:00Z',
        }),
        round('bronze-waltz', 'Bronze Waltz', 2, 'Final', 3, INITIALIZED, {
          estimatedStart: '2026-11-14T14:40:00Z',
        }),
      ],
      ['Main floor'],
      25,
    );
    renderApp('/live/display');
    const now = await screen.findByTestId('display-now');
    expect(now).toHaveTextContent('Silver Tango');
    expect(now).toHaveTextContent('Final');
    expect(now).toHaveTextContent('Tango · 2 heats');
    expect(screen.getByTestId('display-next')).toHaveTextContent('Bronze Waltz, Final');
    expect(screen.getByTestId('display-next')).toHaveTextContent('About Sat 9:40 AM');
    expect(screen.getByTestId('display-next')).toHaveTextContent('Running 25 min late');
    const recalled = await screen.findByTestId('display-recalled');
    expect(
      within(recalled)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['12', '21']);
    expect(screen.getByTestId('display-result')).toHaveTextContent(
      'Results · Bronze Waltz, Semi-Final2 recalled to the Final',
    );
    // No site chrome on the ballroom's screen.
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  const twoFloors = [
    round('bronze-waltz', 'Bronze Waltz', 1, 'Semi-Final', 1, RUNNING, { floor: 'Main floor' }),
    round('bronze-waltz', 'Bronze Waltz', 2, 'Final', 3, INITIALIZED, { floor: 'Main floor' }),
    round('gold-latin', 'Gold Latin', 1, 'Final', 2, POSTED, { floor: 'Ballroom B' }),
    round('silver-tango', 'Silver Tango', 1, 'Final', 4, INITIALIZED, { floor: 'Ballroom B' }),
  ];

  it('follows one floor: its own round, next and placings only', async () => {
    serve(twoFloors, ['Main floor', 'Ballroom B']);
    renderApp('/live/display?floor=Ballroom%20B');
    const floor = await screen.findByRole('region', { name: 'Ballroom B' });
    expect(within(floor).getByRole('heading', { level: 2, name: 'Ballroom B' })).toBeInTheDocument();
    // One h1 for the screen: the competition, whatever the floors.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(floor).getByTestId('display-now')).toHaveTextContent('Nothing right now');
    expect(within(floor).getByTestId('display-next')).toHaveTextContent('Silver Tango, Final');
    const placings = await within(floor).findByTestId('display-placings');
    expect(
      within(placings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1st32Kay Lund & Mo Nash', '2nd31Gus Hart & Ida Jay']);
    expect(screen.queryByText('Bronze Waltz')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Main floor' })).toBeNull();
  });

  it('shows every floor side by side without ?floor', async () => {
    serve(twoFloors, ['Main floor', 'Ballroom B']);
    renderApp('/c/demo/live/display');
    const main = await screen.findByRole('region', { name: 'Main floor' });
    const b = screen.getByRole('region', { name: 'Ballroom B' });
    expect(within(main).getByTestId('display-now')).toHaveTextContent('Bronze WaltzSemi-Final');
    expect(within(main).getByTestId('display-next')).toHaveTextContent('Bronze Waltz, Final');
    expect(within(main).getByTestId('display-next')).not.toHaveTextContent('late');
    expect(within(b).getByTestId('display-next')).toHaveTextContent('Silver Tango, Final');
    expect(await within(b).findByTestId('display-placings')).toHaveTextContent('1st32');
  });

  it('shows every floor for a floor name there is not, and the floor chosen on the screen', async () => {
    serve(twoFloors, ['Main floor', 'Ballroom B']);
    renderApp('/live/display?floor=Annex');
    expect(await screen.findByRole('region', { name: 'Main floor' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Ballroom B' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Floor' }), { target: { value: 'Ballroom B' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Main floor' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Ballroom B' })).toBeInTheDocument();
  });
});
