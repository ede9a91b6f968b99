import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.ts';
import { ConflictCounter } from './scheduleConflictCounter.ts';
import { findConflicts, type SchedulePerson } from './scheduleConflicts.ts';

const MIN = 60_000;
const nine = Date.parse('2026-11-28T09:00:00.000Z');

/** A random day: rounds of a few events at random times (some with none), random dancers in each. */
function randomDay(seed: number) {
  const random = seededRandom(seed);
  const people: SchedulePerson[] = Array.from({ length: 25 }, (_, i) => ({ key: `p${i}`, name: `P${i}` }));
  const rounds = Array.from({ length: 20 }, (_, i) => ({ roundId: `r${i}`, eventKey: `e${i % 7}` }));
  const members = new Map(rounds.map((r) => [r.roundId, people.filter(() => random() < 0.25)]));
  const times = () => {
    const start = new Float64Array(rounds.length);
    const end = new Float64Array(rounds.length);
    for (let i = 0; i < rounds.length; i++) {
      const timed = random() < 0.9;
      start[i] = timed ? nine + Math.floor(random() * 240) * MIN + Math.floor(random() * 60_000) : NaN;
      end[i] = timed ? start[i]! + (5 + Math.floor(random() * 25)) * MIN : NaN;
    }
    return { start, end };
  };
  return { rounds, members, times, minRest: Math.floor(random() * 40) };
}

/** What findConflicts lists for these times, as the counter totals it. */
function expected(day: ReturnType<typeof randomDay>, start: Float64Array, end: Float64Array) {
  const timed = day.rounds.map((r, i) => ({
    ...r,
    start: Number.isNaN(start[i]!) ? null : start[i]!,
    end: Number.isNaN(end[i]!) ? null : end[i]!,
  }));
  const list = findConflicts(timed, day.members, day.minRest);
  return {
    conflicts: list.length,
    overlaps: list.filter((c) => c.kind === 'overlap').length,
    minutes: list.reduce((sum, c) => sum + c.minutes, 0),
  };
}

const totalsOf = (counter: ConflictCounter) => {
  const { conflicts, overlaps, minutes } = counter.totals;
  return { conflicts, overlaps, minutes };
};

describe('the conflict counter', () => {
  it('counts what findConflicts lists, on random schedules, counting again only what changed', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const day = randomDay(seed);
      const counter = new ConflictCounter(day.rounds, day.members, day.minRest);
      for (let step = 0; step < 5; step++) {
        const { start, end } = day.times();
        counter.countChanges(start, end);
        expect(totalsOf(counter), `seed ${seed} step ${step}`).toEqual(expected(day, start, end));
      }
    }
  });

  it('takes a trial back to the totals before it, and counts on from there', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const day = randomDay(seed);
      const counter = new ConflictCounter(day.rounds, day.members, day.minRest);
      const before = day.times();
      counter.countChanges(before.start, before.end);
      const counted = totalsOf(counter);
      counter.beginTrial();
      const trial = day.times();
      counter.countChanges(trial.start, trial.end);
      counter.endTrial();
      counter.takeBack(before.start, before.end);
      expect(totalsOf(counter)).toEqual(counted);
      const next = day.times();
      counter.countChanges(next.start, next.end);
      expect(totalsOf(counter)).toEqual(expected(day, next.start, next.end));
    }
  });

  it('lists no pair for rounds of one event, nor for a round left out', () => {
    const people = [{ key: 'p', name: 'P' }];
    const rounds = [
      { roundId: 'a-R1', eventKey: 'a' },
      { roundId: 'a-R2', eventKey: 'a' },
      { roundId: 'b-R1', eventKey: 'b' },
    ];
    const members = new Map(rounds.map((r) => [r.roundId, people]));
    expect(new ConflictCounter(rounds, members, 10).pairCount).toBe(2);
    expect(new ConflictCounter(rounds, members, 10, (i) => i === 2).pairCount).toBe(0);
  });
});
