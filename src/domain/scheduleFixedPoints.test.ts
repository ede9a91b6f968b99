import { describe, expect, it } from 'vitest';
import { RoundState } from './rounds/index.ts';
import { estimateAsIso, estimateSchedule, estimateScheduleTimes, type ScheduledRound } from './schedule.ts';
import {
  hasHappened,
  scheduleItemKind,
  suggestRoundOf,
  type RunningOrderRound,
} from './scheduleFixedPoints.ts';

const timing = { firstStartTime: '2026-11-28T09:00:00.000Z', perDanceSeconds: 120, transitionSeconds: 60 };
const nine = Date.parse('2026-11-28T09:00:00.000Z');

const round = (more: Partial<RunningOrderRound> = {}): RunningOrderRound => ({
  roundId: 'e1-R1',
  eventKey: 'e1',
  roundNumber: 1,
  style: 'Standard',
  level: 'Gold',
  dances: ['Waltz', 'Tango'],
  heats: 2,
  floor: 'Main',
  scheduleIndex: 3,
  roundState: RoundState.Initialized,
  startedAt: null,
  endedAt: null,
  roundStartTime: null,
  waitMinutes: 0,
  times: { key: '1', start: nine, end: nine + 10 * 60_000, minutesLate: 0 },
  ...more,
});

describe('the fixed points of a schedule', () => {
  it('tells an Awards from a Break, and a round from both', () => {
    expect(scheduleItemKind(['Awards'])).toBe('Awards');
    expect(scheduleItemKind(['Break'])).toBe('Break');
    expect(scheduleItemKind(['Break', 'Awards'])).toBe('Awards');
    expect(scheduleItemKind(['Waltz'])).toBeNull();
    expect(scheduleItemKind(['Waltz', 'Awards'])).toBeNull();
    expect(scheduleItemKind([])).toBeNull();
  });

  it('keeps a round that started, was marked, posted or skipped, or has a real time', () => {
    const facts = { startedAt: null, endedAt: null };
    expect(hasHappened({ ...facts, roundState: RoundState.Initialized })).toBe(false);
    expect(hasHappened({ ...facts, roundState: RoundState.Empty })).toBe(false);
    for (const state of [RoundState.Running, RoundState.Skipped, RoundState.Marked, RoundState.Posted])
      expect(hasHappened({ ...facts, roundState: state })).toBe(true);
    expect(
      hasHappened({ roundState: RoundState.Empty, startedAt: '2026-11-28T09:00:00Z', endedAt: null }),
    ).toBe(true);
    expect(
      hasHappened({ roundState: RoundState.Empty, startedAt: null, endedAt: '2026-11-28T09:00:00Z' }),
    ).toBe(true);
  });
});

describe('a round as the suggester places it', () => {
  it('lasts as long as its estimate, starts no earlier than its set time, and keeps its wait', () => {
    const r = suggestRoundOf(round({ roundStartTime: '2026-11-28T11:00:00.000Z', waitMinutes: 5 }), timing);
    expect(r).toMatchObject({
      roundId: 'e1-R1',
      durationMs: 10 * 60_000,
      fixed: false,
      skipped: false,
      start: nine,
      end: nine + 10 * 60_000,
      setStart: Date.parse('2026-11-28T11:00:00.000Z'),
      waitMinutes: 5,
      item: null,
      style: 'Standard',
      level: 'Gold',
    });
  });

  it('with no estimate, lasts as the plan says (dances × heats × a dance)', () => {
    const r = suggestRoundOf(
      round({ times: { key: '1', start: null, end: null, minutesLate: null } }),
      timing,
    );
    expect(r.durationMs).toBe(2 * 2 * 120_000);
    expect(r.start).toBeNull();
  });

  it('a skipped round is fixed and skipped; an Awards is an item', () => {
    expect(suggestRoundOf(round({ roundState: RoundState.Skipped }), timing)).toMatchObject({
      fixed: true,
      skipped: true,
    });
    expect(suggestRoundOf(round({ dances: ['Awards'] }), timing).item).toBe('Awards');
  });
});

describe('estimates in milliseconds', () => {
  it('are the ISO estimates, to the millisecond', () => {
    const rounds: ScheduledRound[] = [
      {
        key: 'a',
        scheduleIndex: 1,
        dances: 3,
        heats: 1,
        roundStartTime: null,
        startedAt: null,
        endedAt: null,
        skipped: false,
      },
      {
        key: 'b',
        scheduleIndex: 2,
        dances: 2,
        heats: 2,
        roundStartTime: null,
        startedAt: null,
        endedAt: null,
        skipped: true,
      },
      {
        key: 'c',
        scheduleIndex: 3,
        dances: 1,
        heats: 1,
        roundStartTime: '2026-11-28T12:00:00.000Z',
        startedAt: null,
        endedAt: null,
        skipped: false,
      },
    ];
    const now = new Date('2026-11-28T08:00:00.000Z');
    const times = estimateScheduleTimes(rounds, timing, now);
    expect(times.map(estimateAsIso)).toEqual(estimateSchedule(rounds, timing, now));
    expect(times[0]).toEqual({ key: 'a', start: nine, end: nine + 6 * 60_000, minutesLate: 0 });
    expect(times[1]).toMatchObject({ start: null, end: null });
  });
});
