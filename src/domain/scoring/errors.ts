/** What is wrong with a set of marks (machine-readable; the message says it in words). */
export type MarksProblem =
  | 'no-couples'
  | 'no-judges'
  | 'no-dances'
  | 'ragged-marks'
  | 'not-a-place'
  | 'duplicate-place'
  | 'missing-place'
  | 'unknown-couple'
  | 'missing-couple'
  | 'duplicate-couple'
  | 'wrong-recall-count'
  | 'invalid-requested'
  | 'judge-names'
  // AJS 3.0 scores (ajs.ts)
  | 'off-scale'
  | 'wrong-step'
  | 'unknown-component'
  | 'unassigned-component'
  | 'missing-score';

/**
 * Marks the rules cannot be applied to. Names the judge and dance when one is at fault, so the server
 * can answer 422 with a message a scrutineer can act on ("Judge B gave 2nd place twice in the Waltz").
 */
export class InvalidMarksError extends Error {
  override readonly name = 'InvalidMarksError';
  constructor(
    readonly problem: MarksProblem,
    message: string,
    readonly judge: string | null = null,
    readonly dance: string | null = null,
    readonly couple: string | null = null,
  ) {
    super(message);
  }
}
