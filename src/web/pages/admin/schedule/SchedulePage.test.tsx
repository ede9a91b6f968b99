// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleItem, settingsFixture } from '../../../test/adminTesting.tsx';
import { openSchedule } from './scheduleTesting.ts';
import type { Schedule, ScheduleItem } from '../../../../domain/schemas/events.ts';

afterEach(() => vi.unstubAllGlobals());

const item = (
  eventKey: string,
  eventName: string,
  n: number,
  index: number,
  extra: Partial<ScheduleItem> = {},
): ScheduleItem =>
  scheduleItem({
    eventKey,
    eventName,
    style: 'Latin',
    dances: ['ChaCha', 'Rumba'],
    roundNumber: n,
    roundName: n === 1 ? 'Semi-Final' : 'Final',
    scheduleIndex: index,
    recallSize: 7,
    couples: 10,
    ...extra,
  });

const schedule: Schedule = {
  version: 'v1',
  timing: { firstStartTime: null, perDanceSeconds: 120, transitionSeconds: 60 },
  floors: [{ name: 'Main floor', pace: 1, minutesLate: null }],
  items: [
    item('latin', 'Bronze Latin', 1, 1, { estimatedStart: '2026-11-21T14:00:00Z' }),
    item('latin', 'Bronze Latin', 2, 2),
    item('awards', 'Awards', 1, 3, { kind: 'Awards', dances: ['Awards'], roundName: 'Awards' }),
  ],
};

const rowsInOrder = () =>
  screen.getAllByTestId(/^slot-/).map((r) => r.getAttribute('data-testid')?.replace('slot-', ''));

describe('event schedule', () => {
  it('lists the running order with TBA for unknown times and moves a round with its keyboard button', async () => {
    const moved = [schedule.items[1], schedule.items[0], schedule.items[2]] as ScheduleItem[];
    const network = openSchedule(
      schedule,
      {
        'PUT /competitions/demo/schedule': {
          body: { ...schedule, version: 'v2', items: moved.map((m, i) => ({ ...m, scheduleIndex: i + 1 })) },
        },
      },
      { ...settingsFixture, showScheduleIndex: true },
    );
    await screen.findByRole('table', { name: 'Running order' });
    expect(rowsInOrder()).toEqual(['latin-R1', 'latin-R2', 'awards-R1']);
    expect(within(screen.getByTestId('slot-latin-R2')).getByTestId('estimate')).toHaveTextContent('TBA');
    expect(screen.getByRole('columnheader', { name: 'Index' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Move Bronze Latin Final up' }));
    await waitFor(() => expect(network.calls('PUT', '/competitions/demo/schedule')).toHaveLength(1));
    expect(network.calls('PUT', '/competitions/demo/schedule')[0]?.body).toEqual({
      order: ['latin-R2', 'latin-R1', 'awards-R1'],
      version: 'v1',
    });
    await waitFor(() => expect(rowsInOrder()).toEqual(['latin-R2', 'latin-R1', 'awards-R1']));
  });

  it('shows the waiting time before a round and takes it away with its version', async () => {
    const waiting: Schedule = {
      ...schedule,
      items: schedule.items.map((i) => (i.roundId === 'latin-R2' ? { ...i, waitMinutes: 4 } : i)),
    };
    const network = openSchedule(waiting, {
      'PUT /competitions/demo/schedule': { body: { ...schedule, version: 'v2' } },
    });
    await screen.findByRole('table', { name: 'Running order' });
    expect(within(screen.getByTestId('slot-latin-R2')).getByTestId('wait')).toHaveTextContent(
      'after a 4-min wait',
    );
    expect(within(screen.getByTestId('slot-latin-R1')).queryByTestId('wait')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the wait before Bronze Latin Final' }));
    await waitFor(() => expect(network.calls('PUT', '/competitions/demo/schedule')).toHaveLength(1));
    expect(network.calls('PUT', '/competitions/demo/schedule')[0]?.body).toEqual({
      order: ['latin-R1', 'latin-R2', 'awards-R1'],
      waits: { 'latin-R2': 0 },
      version: 'v1',
    });
    await waitFor(() => expect(screen.queryByTestId('wait')).toBeNull());
  });

  it('a stale reorder says so and shows the current order instead', async () => {
    const current = {
      ...schedule,
      version: 'v9',
      items: [schedule.items[2], schedule.items[0], schedule.items[1]],
    };
    openSchedule(schedule, {
      'PUT /competitions/demo/schedule': {
        status: 409,
        body: {
          error: { code: 'stale', message: 'Someone else changed the schedule', details: { current } },
        },
      },
    });
    await screen.findByRole('table', { name: 'Running order' });
    fireEvent.click(screen.getByRole('button', { name: 'Move Bronze Latin Semi-Final down' }));
    expect(await screen.findByText(/Someone else changed this/)).toBeInTheDocument();
    await waitFor(() => expect(rowsInOrder()).toEqual(['awards-R1', 'latin-R1', 'latin-R2']));
  });

  it('highlights the other rounds of the event in focus when the setting is on', async () => {
    openSchedule(schedule, {}, { ...settingsFixture, highlightOtherRoundsInEvent: true });
    await screen.findByRole('table', { name: 'Running order' });
    fireEvent.mouseEnter(screen.getByTestId('slot-latin-R1'));
    await waitFor(() =>
      expect(screen.getByTestId('slot-latin-R2').style.background).toContain('--mantine-color-blue-0'),
    );
    expect(screen.getByTestId('slot-awards-R1').style.background).not.toContain('blue');
  });

  it('shows the couples a round expects before it starts, and which rounds run late or were danced', async () => {
    const day: Schedule = {
      ...schedule,
      items: [
        item('std', 'Silver Standard', 1, 1, {
          roundName: 'Quarter-Final',
          roundState: 5,
          couples: 16,
          startedAt: '2026-11-21T14:00:00Z',
          endedAt: '2026-11-21T14:10:00Z',
          estimatedStart: '2026-11-21T14:00:00Z',
        }),
        item('std', 'Silver Standard', 2, 2, {
          roundName: 'Semi-Final',
          roundState: 1,
          couples: 14,
          estimatedStart: '2026-11-21T14:40:00Z',
          minutesLate: 25,
        }),
        item('std', 'Silver Standard', 3, 3, {
          couples: 0,
          expectedCouples: 7,
          expectedFrom: 'recall',
          estimatedStart: '2026-11-21T14:50:00Z',
          minutesLate: 2,
        }),
        item('new', 'Newcomer Standard', 1, 4, {
          roundName: 'Quarter-Final',
          couples: 0,
          expectedCouples: 16,
          expectedFrom: 'entries',
        }),
      ],
    };
    openSchedule(day);
    await screen.findByRole('table', { name: 'Running order' });
    const cell = (id: string, what: string) => within(screen.getByTestId(`slot-${id}`)).getByTestId(what);
    expect(cell('std-R1', 'couples')).toHaveTextContent(/^16$/);
    expect(cell('std-R2', 'couples')).toHaveTextContent(/^14$/);
    expect(cell('std-R3', 'couples')).toHaveTextContent('7 expected');
    expect(cell('new-R1', 'couples')).toHaveTextContent('16 entered');
    expect(cell('std-R1', 'estimate')).toHaveTextContent('danced');
    expect(cell('std-R2', 'estimate')).toHaveTextContent('running late · +25 min');
    expect(cell('std-R3', 'estimate')).toHaveTextContent('+2 min');
    expect(cell('std-R3', 'estimate')).not.toHaveTextContent('running late');
    expect(cell('new-R1', 'estimate')).toHaveTextContent('TBA');
  });
});

describe('floors and conflicts', () => {
  const twoFloors: Schedule = {
    ...schedule,
    floors: [
      { name: 'Ballroom', pace: 1, minutesLate: null },
      { name: 'Studio B', pace: 1.25, minutesLate: 25 },
    ],
    items: [
      item('latin', 'Bronze Latin', 1, 1, {
        floor: 'Ballroom',
        estimatedStart: '2026-11-21T14:00:00Z',
        estimatedEnd: '2026-11-21T14:04:00Z',
      }),
      item('std', 'Gold Standard', 1, 2, {
        floor: 'Studio B',
        estimatedStart: '2026-11-21T14:00:00Z',
        estimatedEnd: '2026-11-21T14:04:00Z',
      }),
    ],
  };
  const conflict = {
    minRestMinutes: 20,
    conflicts: [{ personName: 'Ana Both', kind: 'overlap', rounds: ['latin-R1', 'std-R1'], minutes: 4 }],
  };

  it('lists each conflict with who, which rounds and by how much, and shows the floors side by side', async () => {
    openSchedule(twoFloors, { 'GET /competitions/demo/schedule/conflicts': { body: conflict } });
    const listed = await screen.findByTestId('conflict');
    expect(listed).toHaveTextContent(
      'Ana Both — in two rounds at the same time for 4 min: Bronze Latin — Semi-Final (Ballroom) and Gold Standard — Semi-Final (Studio B)',
    );
    expect(screen.getByText('1 conflict')).toBeInTheDocument();

    fireEvent.click(screen.getByText('Floors side by side'));
    const studio = await screen.findByTestId('floor-Studio B');
    expect(within(studio).getByTestId('block-std-R1')).toHaveAttribute('data-conflict', 'true');
    expect(within(screen.getByTestId('floor-Ballroom')).getByTestId('block-latin-R1')).toBeInTheDocument();
    expect(screen.getByTestId('floor-head-Studio B')).toHaveTextContent('running 25 min late');
  });

  it('puts a round on another floor with its version', async () => {
    const network = openSchedule(twoFloors, {
      'GET /competitions/demo/schedule/conflicts': { body: { minRestMinutes: 0, conflicts: [] } },
      'PATCH /competitions/demo/events/std/rounds/1': { body: { message: 'ok', event: {} } },
    });
    expect(await screen.findByText('No conflicts')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Floor of Gold Standard Semi-Final' }), {
      target: { value: 'Ballroom' },
    });
    await waitFor(() =>
      expect(network.calls('PATCH', '/competitions/demo/events/std/rounds/1')).toHaveLength(1),
    );
    expect(network.calls('PATCH', '/competitions/demo/events/std/rounds/1')[0]?.body).toEqual({
      floor: 'Ballroom',
      version: 1,
    });
  });
});
