// @vitest-environment jsdom
import '../../test/setup.ts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleFixture, scheduleRound, settingsFixture } from '../../test/fixtures.ts';
import { competition, fakeApi, renderApp } from '../../test/renderApp.tsx';
import { coupleStorageKey } from './LivePage.tsx';
import { rowId } from './liveLogic.ts';

const settings = { ...settingsFixture, version: 1 };

const round = scheduleRound;

const items = [
  round('bronze-waltz', 'Bronze Waltz', 1, 'Semi-Final', 1, 5, { startedAt: '2026-11-14T14:00:00Z' }),
  round('silver-tango', 'Silver Tango', 1, 'Final', 2, 2, { startedAt: '2026-11-14T14:20:00Z' }),
  round('bronze-waltz', 'Bronze Waltz', 2, 'Final', 3, 0, { estimatedStart: '2026-11-14T14:40:00Z' }),
  round('gold-foxtrot', 'Gold Foxtrot', 1, 'Final', 4, 0),
];

const events = [
  {
    key: 'bronze-waltz',
    name: 'Bronze Waltz',
    entries: [
      { leadNumber: 12, leadName: 'Ann Lee', followName: 'Bo Park', scratched: false },
      { leadNumber: 14, leadName: 'Cy Dunn', followName: 'Di Roe', scratched: false },
    ],
    rounds: [
      { roundId: 'bronze-waltz-R1', roundState: 5, entries: [{ leadNumber: 12 }, { leadNumber: 14 }] },
      { roundId: 'bronze-waltz-R2', roundState: 0, entries: [] },
    ],
  },
  { key: 'silver-tango', name: 'Silver Tango', entries: [], rounds: [] },
  {
    key: 'gold-foxtrot',
    name: 'Gold Foxtrot',
    entries: [{ leadNumber: 14, leadName: 'Cy Dunn', followName: 'Di Roe', scratched: false }],
    rounds: [{ roundId: 'gold-foxtrot-R1', roundState: 0, entries: [] }],
  },
];

function serve(
  over: Partial<typeof settings> = {},
  scheduleItems = items,
  comp = competition(),
  floors = scheduleFixture([]).floors,
) {
  fakeApi({
    'GET /site': { competition: 'demo' },
    'GET /competitions/demo': comp,
    'GET /competitions/demo/settings/events': { ...settings, ...over },
    'GET /competitions/demo/schedule': scheduleFixture(scheduleItems, { floors }),
    'GET /competitions/demo/events': events,
  });
}

const scrolled: string[] = [];
beforeEach(() => {
  scrolled.length = 0;
  localStorage.clear();
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.id);
  };
});
// Lazy routes load their modules on first use; on a busy 2-core machine that can take over 1 s.
configure({ asyncUtilTimeout: 5_000 });
afterEach(() => vi.unstubAllGlobals());

const row = (roundId: string) => document.getElementById(rowId(roundId))!;

describe('/live', () => {
  it('shows what is on the floor, the running order with states and times, and scrolls to the current round', async () => {
    serve();
    renderApp('/live');
    const now = await screen.findByRole('region', { name: 'On the floor now' });
    expect(now).toHaveTextContent('Silver Tango');
    const list = screen.getByRole('list', { name: 'Running order' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    // Two-day competition: times carry the day, in the competition's zone (New York).
    expect(row('bronze-waltz-R1')).toHaveTextContent('Started Sat 9:00 AM');
    expect(row('bronze-waltz-R2')).toHaveTextContent('About Sat 9:40 AM');
    expect(row('gold-foxtrot-R1')).toHaveTextContent('TBA');
    expect(row('silver-tango-R1')).toHaveTextContent('On the floor');
    expect(row('bronze-waltz-R1')).toHaveTextContent('Results posted');
    expect(row('gold-foxtrot-R1')).toHaveTextContent('Coming up');
    // Only a posted round links to its result.
    expect(within(row('bronze-waltz-R1')).getByRole('link', { name: /Bronze Waltz/ })).toHaveAttribute(
      'href',
      '/live/bronze-waltz/1',
    );
    expect(within(row('bronze-waltz-R2')).queryByRole('link')).toBeNull();
    expect(within(row('gold-foxtrot-R1')).getByRole('img', { name: 'Gold level' })).toBeInTheDocument();
    expect(row('silver-tango-R1')).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(scrolled).toEqual([rowId('silver-tango-R1')]));
    // A full-page display: no site top bar or footer (spec §2).
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('writes every time on the competition’s clock: 24-hour when the organizers chose it', async () => {
    serve({}, items, competition({ clock: '24h' }));
    renderApp('/live');
    await screen.findByRole('list', { name: 'Running order' });
    expect(row('bronze-waltz-R1')).toHaveTextContent('Started Sat 09:00');
    expect(row('bronze-waltz-R2')).toHaveTextContent('About Sat 09:40');
    expect(row('bronze-waltz-R2')).not.toHaveTextContent(/AM|PM/);
  });

  it('scrolls to the schedule index the organizers set, and highlights the rest of its event', async () => {
    serve({
      liveScrollRefreshIndex: 3,
      highlightOtherRoundsInEvent: true,
      hideLevelIcons: true,
      showScheduleIndex: true,
    });
    renderApp('/live');
    await screen.findByRole('list', { name: 'Running order' });
    expect(row('bronze-waltz-R2')).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(scrolled).toEqual([rowId('bronze-waltz-R2')]));
    expect(row('bronze-waltz-R1')).toHaveTextContent('Same event');
    expect(row('silver-tango-R1')).not.toHaveTextContent('Same event');
    expect(row('bronze-waltz-R2')).not.toHaveTextContent('Same event');
    expect(screen.queryByRole('img', { name: /level/ })).toBeNull();
    expect(row('gold-foxtrot-R1')).toHaveTextContent('#4');
  });

  it('highlights the rounds of a couple number and remembers it on this device', async () => {
    serve();
    const first = renderApp('/live');
    const input = await screen.findByLabelText('Your couple number');
    fireEvent.change(input, { target: { value: '14' } });
    expect(await screen.findByText(/Couple 14 · Cy Dunn & Di Roe/)).toBeInTheDocument();
    expect(row('bronze-waltz-R1')).toHaveTextContent('Your round');
    expect(row('bronze-waltz-R2')).toHaveTextContent('Your round');
    expect(row('gold-foxtrot-R1')).toHaveTextContent('Your round');
    expect(row('silver-tango-R1')).not.toHaveTextContent('Your round');
    expect(localStorage.getItem(coupleStorageKey('demo'))).toBe('14');
    first.unmount();

    renderApp('/live');
    expect(await screen.findByLabelText('Your couple number')).toHaveValue('14');
    await waitFor(() => expect(row('gold-foxtrot-R1')).toHaveTextContent('Your round'));

    fireEvent.change(screen.getByLabelText('Your couple number'), { target: { value: '99' } });
    expect(await screen.findByText('No couple 99 is entered in any event.')).toBeInTheDocument();
    expect(screen.queryByText('Your round')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(localStorage.getItem(coupleStorageKey('demo'))).toBeNull();
  });

  it('shows a clear message instead of the schedule when the organizers hide it', async () => {
    serve({ hideLiveSchedule: true });
    renderApp('/live');
    expect(await screen.findByText(/not showing the running order here today/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Running order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Bronze Waltz, Semi-Final' })).toHaveAttribute(
      'href',
      '/live/bronze-waltz/1',
    );
    expect(scrolled).toEqual([]);
  });

  it('says what comes next when nothing is on the floor', async () => {
    serve(
      {},
      items.map((i) => (i.roundState === 2 ? { ...i, roundState: 5 } : i)),
    );
    renderApp('/live');
    expect(await screen.findByTestId('on-the-floor-empty')).toHaveTextContent(
      'Nothing right now. Next: Bronze Waltz, Final · About Sat 9:40 AM',
    );
  });
});

describe('/live on several floors', () => {
  const onFloors = items.map((i, n) => ({ ...i, floor: n % 2 ? 'Studio B' : 'Ballroom' }));
  const floors = [
    { name: 'Ballroom', pace: 1, minutesLate: 0 },
    { name: 'Studio B', pace: 1.3, minutesLate: 25 },
  ];

  it('follows the floor in its address, says which floor runs late and by how much', async () => {
    serve({}, onFloors, competition(), floors);
    renderApp('/live?floor=Studio%20B');
    const list = await screen.findByRole('list', { name: 'Running order' });
    // Studio B holds the 2nd and 4th rounds only.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.id),
    ).toEqual([rowId('silver-tango-R1'), rowId('gold-foxtrot-R1')]);
    expect(screen.getByTestId('floor-late')).toHaveTextContent('Studio B is running 25 min late');
    expect(screen.getByRole('combobox', { name: 'Floor' })).toHaveValue('Studio B');

    fireEvent.change(screen.getByRole('combobox', { name: 'Floor' }), { target: { value: '' } });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    // Following every floor, each row names its floor.
    expect(row('bronze-waltz-R1')).toHaveTextContent('Ballroom');
  });
});
