import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.ts';
import { RoundState } from './rounds/state.ts';
import {
  estimateSchedule,
  expectedCouples,
  isRunningLate,
  learnedPace,
  PACE_LIMITS,
  nowAndNext,
  type ScheduledRound,
  type ScheduleTiming,
} from './schedule.ts';

const timing: ScheduleTiming = {
  firstStartTime: '2026-11-21T09:00:00.000Z',
  perDanceSeconds: 120,
  transitionSeconds: 60,
};
const round = (key: string, scheduleIndex: number, extra: Partial<ScheduledRound> = {}): ScheduledRound => ({
  key,
  scheduleIndex,
  dances: 2,
  heats: 1,
  roundStartTime: null,
  startedAt: null,
  endedAt: null,
  skipped: false,
  ...extra,
});
const starts = (r: ReturnType<typeof estimateSchedule>) =>
  Object.fromEntries(r.map((e) => [e.key, e.estimatedStart?.slice(11, 16) ?? 'TBA']));
const early = new Date('2026-11-21T08:00:00Z');

describe('estimateSchedule', () => {
  it('runs rounds back to back from the first start: dances × heats × per-dance plus transition', () => {
    const r = estimateSchedule(
      [round('a', 1), round('b', 2, { dances: 3, heats: 2 }), round('c', 3)],
      timing,
      early,
    );
    // a: 09:00 + 4 min → 09:04, +1 → b 09:05 + 12 min → 09:17, +1 → c 09:18
    expect(starts(r)).toEqual({ a: '09:00', b: '09:05', c: '09:18' });
  });

  it('waits before a round its waiting time after the round before, moving the rest of the floor', () => {
    const r = estimateSchedule(
      [round('a', 1), round('b', 2, { dances: 3, heats: 2, waitMinutes: 4 }), round('c', 3)],
      timing,
      early,
    );
    // a 09:00–09:04, +1 +4 → b 09:09–09:21, +1 → c 09:22; nobody is late for a wait that was planned.
    expect(starts(r)).toEqual({ a: '09:00', b: '09:09', c: '09:22' });
    expect(r.map((e) => e.minutesLate)).toEqual([0, 0, 0]);
  });

  it('orders by schedule index, not by input order, including half-step indexes', () => {
    const r = estimateSchedule([round('late', 2), round('first', 1), round('inserted', 1.5)], timing, early);
    expect(r.map((e) => e.key)).toEqual(['first', 'inserted', 'late']);
  });

  it('is TBA everywhere without a first start time, until a round has its own time', () => {
    const r = estimateSchedule(
      [round('a', 1), round('b', 2, { roundStartTime: '2026-11-21T13:00:00Z' }), round('c', 3)],
      { ...timing, firstStartTime: null },
      early,
    );
    expect(starts(r)).toEqual({ a: 'TBA', b: '13:00', c: '13:05' });
  });

  it('holds a round back to its fixed start time but never starts it before the previous one ends', () => {
    const r = estimateSchedule(
      [
        round('a', 1),
        round('lunch', 2, { roundStartTime: '2026-11-21T12:00:00Z', dances: 1 }),
        round('b', 3, { roundStartTime: '2026-11-21T09:01:00Z' }),
      ],
      timing,
      early,
    );
    expect(starts(r)).toEqual({ a: '09:00', lunch: '12:00', b: '12:03' });
    expect(r[2]?.minutesLate).toBe(182);
  });

  it('moves later estimates when a round really started late and is still running', () => {
    const rounds = [round('a', 1, { startedAt: '2026-11-21T09:10:00Z' }), round('b', 2), round('c', 3)];
    const before = estimateSchedule(rounds, timing, new Date('2026-11-21T09:11:00Z'));
    expect(starts(before)).toEqual({ a: '09:10', b: '09:15', c: '09:20' });
    // Still dancing at 09:30: it ends "now" at the earliest, and everything after moves again.
    const overrun = estimateSchedule(rounds, timing, new Date('2026-11-21T09:30:00Z'));
    expect(starts(overrun)).toEqual({ a: '09:10', b: '09:31', c: '09:36' });
  });

  it('uses the real end of a finished round, so an early finish pulls the day forward', () => {
    const r = estimateSchedule(
      [round('a', 1, { startedAt: '2026-11-21T09:00:00Z', endedAt: '2026-11-21T09:02:00Z' }), round('b', 2)],
      timing,
      new Date('2026-11-21T09:02:30Z'),
    );
    expect(starts(r)).toEqual({ a: '09:00', b: '09:03' });
  });

  it('gives a skipped round no time and no estimate', () => {
    const r = estimateSchedule(
      [round('a', 1), round('skip', 2, { skipped: true }), round('b', 3)],
      timing,
      early,
    );
    expect(starts(r)).toEqual({ a: '09:00', skip: 'TBA', b: '09:05' });
  });
});

/** ISO at hh:mm on the test day (UTC). */
const at = (hhmm: string) => `2026-11-21T${hhmm}:00.000Z`;
const clockOf = (e: { estimatedStart: string | null }) => e.estimatedStart?.slice(11, 16) ?? 'TBA';

/** The invariants spectators rely on, for the rounds not danced yet (no start, not skipped). */
function expectSaneFuture(rounds: ScheduledRound[], est: ReturnType<typeof estimateSchedule>, now: Date) {
  const byKey = new Map(rounds.map((r) => [r.key, r]));
  const toCome = est.filter((e) => {
    const r = byKey.get(e.key)!;
    return !r.skipped && !r.startedAt && !r.endedAt && !r.item;
  });
  for (const e of toCome) {
    expect(e.estimatedStart, `${e.key} has a time`).not.toBeNull();
    expect(Date.parse(e.estimatedStart!), `${e.key} is not in the past`).toBeGreaterThanOrEqual(
      now.getTime(),
    );
  }
  const starts = toCome.map((e) => Date.parse(e.estimatedStart!));
  expect(starts, 'never backwards down the list').toEqual([...starts].sort((a, b) => a - b));
}

describe('estimateSchedule on the day', () => {
  // A real day, top to bottom: rounds before the started one TBA, Silver SF "About 3:34", its
  // final 3:39, Newcomer final 5:07 (its set time), then Bronze final "3:33" (started by the post).
  const noFirstStart = { ...timing, firstStartTime: null };
  const day = (bronzeFinal: Partial<ScheduledRound>): ScheduledRound[] => [
    round('gold-sf', 1),
    round('gold-f', 2),
    // Danced in three heats, 12 minutes as planned: the floor's pace stays the plan's.
    round('bronze-sf', 3, { heats: 3, startedAt: at('15:21'), endedAt: at('15:33') }),
    round('silver-sf', 4),
    round('silver-f', 5),
    round('newcomer-f', 6, { roundStartTime: at('17:07') }),
    round('bronze-f', 7, bronzeFinal),
  ];

  it("never shows the issue's sequence: every round still to come follows the order from now", () => {
    const now = new Date(at('15:40'));
    const rounds = day({});
    const est = estimateSchedule(rounds, noFirstStart, now);
    expect(est.map(clockOf)).toEqual(['15:40', '15:45', '15:21', '15:50', '15:55', '17:07', '17:12']);
    expectSaneFuture(rounds, est, now);
  });

  it('shows a round started out of its turn when it started; rounds before it come after it ends', () => {
    const now = new Date(at('15:34'));
    const rounds = day({ startedAt: at('15:33') });
    const est = estimateSchedule(rounds, noFirstStart, now);
    // Bronze final: 15:33 + 4 min → 15:37, + 1 → the floor is free at 15:38.
    expect(est.map(clockOf)).toEqual(['15:38', '15:43', '15:21', '15:48', '15:53', '17:07', '15:33']);
    expectSaneFuture(rounds, est, now);
  });

  it('starts a day that has not begun on time at now, and says by how much it is late', () => {
    const now = new Date(at('09:30'));
    const rounds = [round('a', 1), round('b', 2), round('fixed', 3, { roundStartTime: at('12:00') })];
    const est = estimateSchedule(rounds, timing, now);
    expect(est.map(clockOf)).toEqual(['09:30', '09:35', '12:00']);
    expect(est.map((e) => e.minutesLate)).toEqual([30, 30, 0]);
    expect(est.map((e) => isRunningLate(e.minutesLate))).toEqual([true, true, false]);
  });

  it('is running late only from a few minutes behind the plan or the set time', () => {
    const rounds = [
      round('a', 1, { startedAt: at('09:02') }),
      round('b', 2),
      round('c', 3, { roundStartTime: at('09:12') }),
    ];
    const onTime = estimateSchedule(rounds, timing, new Date(at('09:03')));
    expect(onTime.map((e) => e.minutesLate)).toEqual([2, 2, 0]);
    expect(onTime.some((e) => isRunningLate(e.minutesLate))).toBe(false);
    // Round a still dancing at 09:20: b moves to 09:21 (16 min behind the plan), c to 09:26.
    const overrun = estimateSchedule(rounds, timing, new Date(at('09:20')));
    expect(overrun.map(clockOf)).toEqual(['09:02', '09:21', '09:26']);
    expect(overrun.map((e) => isRunningLate(e.minutesLate))).toEqual([false, true, true]);
  });

  it('puts an Awards the day has passed between its rounds, and one still to come after the floor', () => {
    const now = new Date(at('09:30'));
    const rounds = [
      round('a', 1, { startedAt: at('09:00'), endedAt: at('09:04') }),
      round('awards', 2, { item: true, dances: 1 }),
      round('b', 3, { startedAt: at('09:08') }),
      round('break', 4, { item: true, dances: 1 }),
    ];
    const est = estimateSchedule(rounds, timing, now);
    // Awards: after a (09:05), not after b; the break waits for b, which has run over (ends now).
    expect(est.map(clockOf)).toEqual(['09:00', '09:05', '09:08', '09:31']);
  });

  it('keeps every round still to come in order and out of the past, whatever has happened', () => {
    const random = seededRandom(14);
    for (let day = 0; day < 300; day++) {
      const now = new Date(Date.parse(at('09:00')) + Math.floor(random() * 600) * 60_000);
      const rounds = Array.from({ length: 12 }, (_, i): ScheduledRound => {
        const roll = random();
        const startedAt = roll < 0.4 ? new Date(now.getTime() - random() * 3_600_000).toISOString() : null;
        const endedAt =
          startedAt && random() < 0.5 ? new Date(Date.parse(startedAt) + 300_000).toISOString() : null;
        return round(`r${i}`, i + 1, {
          dances: 1 + Math.floor(random() * 5),
          heats: 1 + Math.floor(random() * 3),
          startedAt,
          endedAt,
          skipped: roll > 0.95,
          item: roll > 0.9 && roll <= 0.95,
          roundStartTime: random() < 0.15 ? at(`${10 + Math.floor(random() * 8)}:00`) : null,
        });
      });
      const first = random() < 0.3 ? null : timing.firstStartTime;
      expectSaneFuture(rounds, estimateSchedule(rounds, { ...timing, firstStartTime: first }, now), now);
    }
  });
});

describe('floors and the learned pace', () => {
  it('runs each floor as its own time line from the first start, in running order', () => {
    const r = estimateSchedule(
      [
        round('a', 1, { floor: 'Main' }),
        round('b', 2, { floor: 'Side' }),
        round('c', 3, { floor: 'Main' }),
        round('d', 4, { floor: 'Side', dances: 5 }),
        round('e', 5, { floor: 'Side' }),
      ],
      timing,
      early,
    );
    // Main: a 09:00–09:04, c 09:05. Side: b 09:00–09:04, d 09:05–09:15, e 09:16.
    expect(starts(r)).toEqual({ a: '09:00', b: '09:00', c: '09:05', d: '09:05', e: '09:16' });
    expect(r.map((e) => e.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('learns a slow floor from its finished rounds and stretches only that floor', () => {
    // On Main two 8-minute rounds took 12 each (×1.5); Side danced to plan.
    const slow = { dances: 4 };
    const rounds = [
      round('m1', 1, { ...slow, floor: 'Main', startedAt: at('09:00'), endedAt: at('09:12') }),
      round('s1', 2, { ...slow, floor: 'Side', startedAt: at('09:00'), endedAt: at('09:08') }),
      round('m2', 3, { ...slow, floor: 'Main', startedAt: at('09:13'), endedAt: at('09:25') }),
      round('s2', 4, { ...slow, floor: 'Side', startedAt: at('09:09'), endedAt: at('09:17') }),
      round('m3', 5, { ...slow, floor: 'Main' }),
      round('s3', 6, { ...slow, floor: 'Side' }),
      round('m4', 7, { ...slow, floor: 'Main' }),
    ];
    const now = new Date(at('09:25'));
    const mainPace = learnedPace(
      rounds.filter((x) => x.floor === 'Main'),
      timing,
    );
    // (24 min danced + 20 of plan) / (16 planned + 20): the plan still weighs in.
    expect(mainPace).toBeCloseTo(44 / 36, 5);
    expect(
      learnedPace(
        rounds.filter((x) => x.floor === 'Side'),
        timing,
      ),
    ).toBe(1);
    const est = new Map(estimateSchedule(rounds, timing, now).map((e) => [e.key, e]));
    // m3 starts 09:26 and lasts 8 × 44/36 ≈ 9.8 min; m4 follows it, not 8 minutes after.
    const m3 = est.get('m3');
    expect(m3?.estimatedStart).toBe(at('09:26'));
    const m3Minutes = (Date.parse(m3?.estimatedEnd ?? '') - Date.parse(at('09:26'))) / 60_000;
    expect(m3Minutes).toBeCloseTo(8 * (44 / 36), 1);
    expect(Date.parse(est.get('m4')?.estimatedStart ?? '')).toBe(Date.parse(m3?.estimatedEnd ?? '') + 60_000);
    // Side runs to plan: s3 starts when the floor is free at 09:25 (now) and lasts 8 minutes.
    const s3 = est.get('s3');
    expect((Date.parse(s3?.estimatedEnd ?? '') - Date.parse(s3?.estimatedStart ?? '')) / 60_000).toBe(8);
    // m4 was planned for 09:27 (09:00 + 3 × 9 min): late by the pace, and says so.
    expect(est.get('m4')?.minutesLate).toBeGreaterThanOrEqual(10);
  });

  it('leaves out implausible durations and keeps the pace within its limits', () => {
    const marked = (key: string, i: number, from: string, to: string) =>
      round(key, i, { dances: 4, startedAt: at(from), endedAt: at(to) });
    // Started and marked at once (paper afterwards), and one left running over lunch: both ignored.
    expect(learnedPace([marked('a', 1, '09:00', '09:00'), marked('b', 2, '09:01', '11:00')], timing)).toBe(1);
    const crawling = Array.from({ length: 30 }, (_, i) => marked(`r${i}`, i, '09:00', '09:31'));
    expect(learnedPace(crawling, timing)).toBe(PACE_LIMITS.max);
    const racing = Array.from({ length: 30 }, (_, i) => marked(`r${i}`, i, '09:00', '09:03'));
    expect(learnedPace(racing, timing)).toBe(PACE_LIMITS.min);
    // Awards, Break and skipped rounds say nothing about dancing.
    expect(learnedPace([{ ...marked('x', 1, '09:00', '09:20'), item: true }], timing)).toBe(1);
  });
});

describe('nowAndNext: what is on the floor and what comes next', () => {
  const r = (key: string, scheduleIndex: number, roundState: number, kind = 'round', floor?: string) => ({
    key,
    scheduleIndex,
    roundState,
    kind,
    ...(floor ? { floor } : {}),
  });
  const keys = (xs: readonly { key: string }[]) => xs.map((x) => x.key);
  const { Initialized, Empty, Running, Skipped, Posted } = RoundState;

  it('rounds started out of order: the next is the first round still to come in the running order', () => {
    // The demo's day: Silver Standard's semi-final (5) was started before the quarter-finals and
    // posted, then Silver Standard's final (16) and Silver Smooth's final (23) went on the floor.
    const day = [
      r('newcomer-standard-qf', 1, Initialized),
      r('newcomer-latin-qf', 2, Initialized),
      r('newcomer-standard-sf', 3, Empty),
      r('bronze-standard-sf', 4, Initialized),
      r('silver-standard-sf', 5, Posted),
      r('gold-standard-sf', 6, Initialized),
      r('silver-standard-f', 16, Running),
      r('silver-smooth-f', 23, Running),
      r('bronze-rhythm-f', 24, Initialized),
    ];
    const { now, next } = nowAndNext([...day].reverse());
    expect(keys(now)).toEqual(['silver-standard-f', 'silver-smooth-f']);
    expect(next[0]?.key).toBe('newcomer-standard-qf');
    expect(keys(next)).toEqual([
      'newcomer-standard-qf',
      'newcomer-latin-qf',
      'newcomer-standard-sf',
      'bronze-standard-sf',
      'gold-standard-sf',
      'bronze-rhythm-f',
    ]);
  });

  it('agrees with the estimated times: what comes next is estimated first', () => {
    const day = [
      r('a-qf', 1, Initialized),
      r('a-sf', 2, Posted),
      r('b-f', 3, Running),
      r('c-f', 4, Initialized),
    ];
    const started = '2026-05-02T12:00:00.000Z';
    const est = estimateSchedule(
      day.map((x) => ({
        key: x.key,
        scheduleIndex: x.scheduleIndex,
        dances: 2,
        heats: 1,
        roundStartTime: null,
        startedAt: x.roundState === Initialized ? null : started,
        endedAt: x.roundState === Posted ? '2026-05-02T12:04:00.000Z' : null,
        skipped: false,
      })),
      { ...timing, firstStartTime: '2026-05-02T11:00:00.000Z' },
      new Date('2026-05-02T12:10:00.000Z'),
    );
    const at = new Map(est.map((e) => [e.key, e.estimatedStart!]));
    const { next } = nowAndNext(day);
    expect(keys(next)).toEqual(['a-qf', 'c-f']);
    expect(keys(next)).toEqual([...keys(next)].sort((x, y) => at.get(x)!.localeCompare(at.get(y)!)));
  });

  it('an Awards or Break the day has passed is over; a danced or skipped round never comes next', () => {
    const day = [
      r('awards', 1, Initialized, 'Awards'),
      r('a-qf', 2, Posted),
      r('a-sf', 3, Initialized),
      r('b-f', 4, Initialized),
      r('skipped', 5, Skipped),
      r('break', 6, Initialized, 'Break'),
      r('a-f', 7, Initialized),
    ];
    expect(keys(nowAndNext(day).next)).toEqual(['a-sf', 'b-f', 'break', 'a-f']);
    // Nothing started yet: the Awards at the top of the day is still to come.
    const fresh = day.map((x) => ({ ...x, roundState: x.roundState === Skipped ? Skipped : Initialized }));
    expect(keys(nowAndNext(fresh).next)).toEqual(['awards', 'a-qf', 'a-sf', 'b-f', 'break', 'a-f']);
    expect(nowAndNext(day.map((x) => ({ ...x, roundState: Posted })))).toEqual({ now: [], next: [] });
  });

  it('each floor passes its own Awards: a round started on another floor does not', () => {
    const day = [
      r('awards-main', 1, Initialized, 'Awards', 'Main'),
      r('awards-second', 2, Initialized, 'Awards', 'Second'),
      r('main-f', 3, Running, 'round', 'Main'),
      r('second-f', 4, Initialized, 'round', 'Second'),
    ];
    const { now, next } = nowAndNext(day);
    expect(keys(now)).toEqual(['main-f']);
    expect(keys(next)).toEqual(['awards-second', 'second-f']);
  });
});

describe('expected couples with star couples and a redance (docs/scrutineering-formats.md)', () => {
  it('the redance expects the couples not recalled; the round after it the recalled of both plus its star couples', () => {
    const round = (id: number, recallSize: number, over: object = {}) => ({
      id,
      eventKey: 'gold-latin',
      roundNumber: id,
      roundState: 0,
      recallSize,
      couples: 0,
      item: false,
      ...over,
    });
    // 15 couples dance the quarter-final (the star couple does not); it recalls 5, the redance 2; the
    // semi-final adds 1 star couple; it recalls 4 to the final.
    const out = expectedCouples(
      [round(1, 5), round(2, 2, { type: 'redance' }), round(3, 4, { stars: 1 }), round(4, 0)],
      new Map([['gold-latin', 15]]),
    );
    expect([1, 2, 3, 4].map((id) => out.get(id)?.count)).toEqual([15, 10, 8, 4]);
  });
});
