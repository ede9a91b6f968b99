/**
 * The suggestion recorded for fixed inputs and seeds: the suggester's inner structure may change, its
 * answer may not. The budget is far above what the iteration limit needs, so the search stops at the
 * same move on any machine. A change of method that changes answers on purpose rewrites these
 * snapshots (`npx vitest run -u` on this file) and says why in its commit.
 */
import { describe, expect, it } from 'vitest';
import { sampleCompetition } from './scheduleSample.ts';
import { suggestSchedule, type SuggestInput, type SuggestResult } from './scheduleSuggest.ts';

const MIN = 60_000;
const NO_BUDGET = 1e9;
// A full search with no time budget: a few seconds alone, far more on a busy shared machine.
const SLOW_MACHINE_MS = 120_000;

/** One line a round, in the suggested order: what an organizer would see change. */
function recorded({ before, after, changed, iterations, rounds }: SuggestResult) {
  return {
    before,
    after,
    changed,
    iterations,
    rounds: rounds.map(
      (r) =>
        `${r.scheduleIndex} ${r.roundId} ${r.floor} ${r.estimatedStart ?? '-'}..${r.estimatedEnd ?? '-'} wait ${r.waitMinutes}` +
        ` (was ${r.before.scheduleIndex} ${r.before.floor} ${r.before.estimatedStart ?? '-'} wait ${r.before.waitMinutes})`,
    ),
  };
}

/** The sample day with its first rounds danced, one round given a start time and waits set. */
function dayUnderWay(): SuggestInput {
  const input = sampleCompetition({ seed: 7, dancers: 200 });
  const start = Date.parse('2026-11-28T09:00:00.000Z');
  let t = start;
  const rounds = input.rounds.map((r, k) => {
    if (k < 6) {
      const round = { ...r, fixed: true, start: t, end: t + r.durationMs };
      t += r.durationMs + MIN;
      return round;
    }
    if (k === 20) return { ...r, setStart: start + 5 * 60 * MIN };
    if (k % 9 === 0) return { ...r, waitMinutes: 10 };
    return r;
  });
  return { ...input, rounds, now: t };
}

const cases: [string, () => SuggestInput][] = [
  ['the sample day, two floors', () => ({ ...sampleCompetition(), maxIterations: 20_000 })],
  [
    'a smaller sample on three floors, seed 5',
    () => ({
      ...sampleCompetition({ seed: 3, floors: ['A', 'B', 'C'], dancers: 150, minRestMinutes: 30 }),
      seed: 5,
      maxIterations: 8_000,
    }),
  ],
  [
    'the sample day in style and level order',
    () => ({
      ...sampleCompetition({ seed: 11, dancers: 300 }),
      keepOrder: { styles: ['Latin', 'Standard'], levels: ['Bronze', 'Silver', 'Gold'] },
      maxIterations: 8_000,
    }),
  ],
  ['a day under way: rounds danced, a set start, waits', () => ({ ...dayUnderWay(), maxIterations: 8_000 })],
];

describe('suggestSchedule answers as recorded', () => {
  for (const [name, input] of cases)
    it(
      name,
      () => {
        expect(recorded(suggestSchedule({ ...input(), budgetMs: NO_BUDGET }))).toMatchSnapshot();
      },
      SLOW_MACHINE_MS,
    );
});
