import type { RecallInput, RecallOptions, RecallResult } from './types.ts';
import { compareCouples } from './util.ts';
import { validateRecall } from './validate.ts';

/**
 * Rule 1: tally every judge's marks over all dances of a round and find who is recalled.
 *
 * The couple at position `requested` (most marks first) sets the cut-off tally. Couples above it are
 * recalled. When several couples share the cut-off tally and not all of them fit, that is a tie at the
 * cut-off: the chairman recalls all of them (`recallIfTiesIncluded`, the default) or none of them
 * (`recallIfTiesExcluded`). When everyone at the cut-off fits, they are simply recalled.
 */
export function recallTally(input: RecallInput, options: RecallOptions = {}): RecallResult {
  const markCountProblems = validateRecall(input, options.requireExactCounts ?? false);
  const { couples, requested, marks } = input;

  const tally: Record<string, number> = {};
  for (const c of couples) tally[c] = 0;
  for (const byJudge of Object.values(marks)) {
    for (const marked of Object.values(byJudge)) {
      for (const c of marked) tally[c] = (tally[c] ?? 0) + 1;
    }
  }
  return recallFromTally(tally, couples, requested, markCountProblems);
}

/**
 * Who is recalled from a tally (marks per couple, or under AJS each couple's total score: higher is
 * better either way): the cut-off at position `requested` and the tie at it, as Rule 1 decides them.
 */
export function recallFromTally(
  tally: Record<string, number>,
  couples: readonly string[],
  requested: number,
  markCountProblems: RecallResult['markCountProblems'] = [],
): RecallResult {
  const ranking = couples
    .map((couple) => ({ couple, marks: tally[couple] ?? 0 }))
    .sort((a, b) => b.marks - a.marks || compareCouples(a.couple, b.couple));

  const all = ranking.map((r) => r.couple);
  if (requested >= ranking.length) {
    return {
      tally,
      cutoffMarks: ranking.at(-1)?.marks ?? 0,
      recalled: all,
      tiedAtCutoff: [],
      recallIfTiesIncluded: all,
      recallIfTiesExcluded: all,
      ranking,
      markCountProblems,
    };
  }

  const cutoffMarks = (ranking[requested - 1] as { marks: number }).marks;
  const above = ranking.filter((r) => r.marks > cutoffMarks).map((r) => r.couple);
  const atCutoff = ranking.filter((r) => r.marks === cutoffMarks).map((r) => r.couple);
  const withTies = [...above, ...atCutoff];
  if (withTies.length <= requested) {
    return {
      tally,
      cutoffMarks,
      recalled: withTies,
      tiedAtCutoff: [],
      recallIfTiesIncluded: withTies,
      recallIfTiesExcluded: withTies,
      ranking,
      markCountProblems,
    };
  }
  return {
    tally,
    cutoffMarks,
    recalled: above,
    tiedAtCutoff: atCutoff,
    recallIfTiesIncluded: withTies,
    recallIfTiesExcluded: above,
    ranking,
    markCountProblems,
  };
}
