/** Verdicts and finals the judging report's tests share. */
import type { JudgeVerdict } from './judgingReport.ts';

/** The verdicts by judge letter. */
export const byJudge = (vs: JudgeVerdict[]) => Object.fromEntries(vs.map((v) => [v.judge, v]));

/**
 * Five judges, six couples, one Waltz. A–C place 11…16 in order; D swaps 11 and 12; E reverses the
 * whole final. The majority (3) gives the official places 1…6.
 */
export const REVERSING_JUDGE_WALTZ: Record<string, number[]> = {
  '11': [1, 1, 1, 2, 6],
  '12': [2, 2, 2, 1, 5],
  '13': [3, 3, 3, 3, 4],
  '14': [4, 4, 4, 4, 3],
  '15': [5, 5, 5, 5, 2],
  '16': [6, 6, 6, 6, 1],
};
export const FIVE_JUDGES = { judges: ['A', 'B', 'C', 'D', 'E'] };
