// @vitest-environment jsdom
import '../../../test/setup.ts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleItem, type FakeHandler } from '../../../test/adminTesting.tsx';
import { openSchedule } from './scheduleTesting.ts';
import type { Schedule, ScheduleSuggestion } from '../../../../domain/schemas/events.ts';

afterEach(() => vi.unstubAllGlobals());

const at = (hhmm: string) => `2026-11-21T${hhmm}:00.000Z`;
const round = (eventKey: string, eventName: string, index: number, floor: string, start: string) =>
  scheduleItem({
    eventKey,
    eventName,
    style: 'Latin',
    dances: ['Rumba'],
    roundNumber: 1,
    roundName: 'Final',
    scheduleIndex: index,
    floor,
    estimatedStart: at(start),
  });

// Cy dances Rumba One on the main floor and Rumba Two on the side floor, both at 9:00.
const schedule: Schedule = {
  version: 'v1',
  timing: { firstStartTime: at('09:00'), perDanceSeconds: 120, transitionSeconds: 60 },
  floors: [
    { name: 'Main floor', pace: 1, minutesLate: 0 },
    { name: 'Side', pace: 1, minutesLate: 0 },
  ],
  items: [
    round('one', 'Rumba One', 1, 'Main floor', '09:00'),
    round('waltz', 'Waltz', 2, 'Main floor', '09:03'),
    round('two', 'Rumba Two', 3, 'Side', '09:00'),
  ],
};

const place = (floor: string, scheduleIndex: number, start: string, waitMinutes = 0) => ({
  floor,
  scheduleIndex,
  estimatedStart: at(start),
  estimatedEnd: null,
  waitMinutes,
});
// The suggestion: Rumba Two moves to the main floor after Rumba One, waiting 4 minutes before it; the
// Waltz to the side floor.
const suggestion: ScheduleSuggestion = {
  version: 'v1',
  rounds: [
    { roundId: 'one-R1', ...place('Main floor', 1, '09:00'), before: place('Main floor', 1, '09:00') },
    { roundId: 'waltz-R1', ...place('Side', 2, '09:00'), before: place('Main floor', 2, '09:03') },
    { roundId: 'two-R1', ...place('Main floor', 3, '09:07', 4), before: place('Side', 3, '09:00') },
  ],
  conflictsBefore: 1,
  conflictsAfter: 0,
  overlapsBefore: 1,
  overlapsAfter: 0,
  lengthBefore: 5,
  lengthAfter: 5,
  changed: true,
  elapsedMs: 12,
};

/** The schedule screen, where a suggestion is asked for and `put` answers applying it. */
const openWithSuggestion = (put: FakeHandler) =>
  openSchedule(schedule, {
    'POST /competitions/demo/schedule/suggest': { body: suggestion },
    'PUT /competitions/demo/schedule': put,
  });

describe('suggest a schedule', () => {
  it('shows what moves and the conflicts before and after, and applies it with its version', async () => {
    const network = openWithSuggestion({ body: { ...schedule, version: 'v2' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Suggest a schedule' }));
    const panel = await screen.findByTestId('suggestion');
    expect(network.calls('POST', '/competitions/demo/schedule/suggest')).toHaveLength(1);
    // Nothing is changed by asking.
    expect(network.calls('PUT', '/competitions/demo/schedule')).toHaveLength(0);
    expect(within(panel).getByTestId('suggestion-summary')).toHaveTextContent(
      'Conflicts 1 → 0 (at the same time: 1 → 0) · day length 0 h 05 → 0 h 05',
    );
    const moves = within(panel).getByRole('table', { name: 'Suggested changes' });
    expect(within(moves).queryByTestId('move-one-R1')).toBeNull();
    expect(within(moves).getByTestId('move-two-R1')).toHaveTextContent('Rumba Two — Final');
    expect(within(moves).getByTestId('move-two-R1')).toHaveTextContent('Side → Main floor');
    expect(within(moves).getByTestId('move-two-R1')).toHaveTextContent('1 → 2');
    expect(within(moves).getByTestId('move-waltz-R1')).toHaveTextContent('Main floor → Side');
    expect(within(moves).getByRole('columnheader', { name: 'Wait before' })).toBeInTheDocument();
    expect(within(moves).getByTestId('wait-two-R1')).toHaveTextContent('none → 4 min');
    expect(within(moves).getByTestId('wait-waltz-R1')).toHaveTextContent('none');

    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(network.calls('PUT', '/competitions/demo/schedule')).toHaveLength(1));
    expect(network.calls('PUT', '/competitions/demo/schedule')[0]?.body).toEqual({
      order: ['one-R1', 'waltz-R1', 'two-R1'],
      floors: { 'waltz-R1': 'Side', 'two-R1': 'Main floor' },
      waits: { 'two-R1': 4 },
      version: 'v1',
    });
    await waitFor(() => expect(screen.queryByTestId('suggestion')).toBeNull());
  });

  it('says clearly when the schedule changed since the suggestion, and applies nothing', async () => {
    openWithSuggestion({
      status: 409,
      body: { error: { code: 'stale', message: 'Someone else changed the schedule', details: {} } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Suggest a schedule' }));
    fireEvent.click(within(await screen.findByTestId('suggestion')).getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText(/The schedule changed since this suggestion was made/),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('suggestion')).toBeNull();
  });

  it("asks to keep today's style order when the organizer ticks it", async () => {
    const network = openWithSuggestion({ body: schedule });
    fireEvent.click(
      await screen.findByRole('checkbox', { name: /Keep the styles in today's order \(Latin\)/ }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Suggest a schedule' }));
    await screen.findByTestId('suggestion');
    expect(network.calls('POST', '/competitions/demo/schedule/suggest')[0]?.body).toEqual({
      keepOrder: { styles: ['Latin'] },
    });
  });

  it('discards a suggestion without sending anything', async () => {
    const network = openWithSuggestion({ body: schedule });
    fireEvent.click(await screen.findByRole('button', { name: 'Suggest a schedule' }));
    fireEvent.click(within(await screen.findByTestId('suggestion')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('suggestion')).toBeNull());
    expect(network.calls('PUT', '/competitions/demo/schedule')).toHaveLength(0);
  });
});
