/**
 * Locked marks: a judge's submitted dance is locked until the chairman unlocks it. A judge's change to
 * a locked dance waits for the unlock; the scrutineer may enter the paper sheet over it, kept as a
 * correction, unless the competition lets only the chairman open locked marks (WDSF certification 1.1).
 * Pure: the server reads the stored marks, these rules decide, the server writes.
 */
import { sameMarkValue, type CheckedDance, type MarkValue } from '../marking.ts';

/** A dance's marks as stored for one judge. */
export interface StoredDanceMarks {
  value: MarkValue;
  /** The judge confirmed a wrong recall count. */
  countOverride: boolean;
  /** A judge may not change it until the chairman unlocks it. */
  locked: boolean;
}

/** Who enters the marks, and how the competition treats corrections. */
export interface MarksEntry {
  /** The judge's name as the refusal says it ("Judge Ames's Waltz marks…"). */
  judgeName: string;
  /** The judge on their own tablet (else the scrutineer or an admin entering from paper). */
  byJudge: boolean;
  /** Only the chairman may open locked marks, for a paper correction too. */
  correctionsNeedUnlock: boolean;
}

/** A judge tried to change dances they already submitted: the chairman must unlock them first. */
export class JudgeMarksLockedError extends Error {
  override readonly name = 'JudgeMarksLockedError';
  constructor(readonly dances: readonly string[]) {
    super(
      `Your ${dances.join(', ')} marks were already submitted and are locked. Ask the chairman to unlock them if they must change.`,
    );
  }
}

/** A paper correction of locked dances where only the chairman may open them. */
export class CorrectionNeedsUnlockError extends Error {
  override readonly name = 'CorrectionNeedsUnlockError';
  constructor(
    readonly judgeName: string,
    readonly dances: readonly string[],
  ) {
    super(
      `${judgeName}'s ${dances.join(', ')} marks are locked, and at this competition only the chairman can open them: ask the chairman to unlock them, then enter the correction.`,
    );
  }
}

/** Marks of dances the judge has not submitted: nothing to unlock. */
export class NothingToUnlockError extends Error {
  override readonly name = 'NothingToUnlockError';
  constructor(
    readonly judgeName: string,
    readonly dances: readonly string[],
  ) {
    super(`${judgeName} has not submitted ${dances.join(', ')}: there is nothing to unlock.`);
  }
}

/** An unlock of dances the event does not dance. */
export class UnknownDancesError extends Error {
  override readonly name = 'UnknownDancesError';
  constructor(
    readonly eventName: string,
    readonly dances: readonly string[],
  ) {
    super(`${eventName} has no ${dances.join(', ')}.`);
  }
}

/** A refusal of the lock rules. */
export type MarksLockError =
  JudgeMarksLockedError | CorrectionNeedsUnlockError | NothingToUnlockError | UnknownDancesError;

export const isMarksLockError = (err: unknown): err is MarksLockError =>
  err instanceof JudgeMarksLockedError ||
  err instanceof CorrectionNeedsUnlockError ||
  err instanceof NothingToUnlockError ||
  err instanceof UnknownDancesError;

/**
 * Whether a checked dance changes what is stored: a resend of the same marks (and the same count
 * override) changes nothing and is answered as before.
 */
export function changesStoredMarks(dance: CheckedDance, stored: StoredDanceMarks | undefined): boolean {
  return (
    !stored ||
    !sameMarkValue(stored.value, dance.value) ||
    stored.countOverride !== Boolean(dance.countProblem)
  );
}

/**
 * Decides which submitted dances are written and which of them correct locked marks. Throws
 * `JudgeMarksLockedError` when the judge changes a locked dance, `CorrectionNeedsUnlockError` when the
 * scrutineer corrects one where only the chairman opens locked marks; the submission is refused whole.
 */
export function marksToWrite(
  dances: readonly CheckedDance[],
  stored: (dance: string) => StoredDanceMarks | undefined,
  entry: MarksEntry,
): { changed: CheckedDance[]; corrections: string[] } {
  const changed = dances.filter((d) => changesStoredMarks(d, stored(d.dance)));
  const corrections = changed.filter((d) => stored(d.dance)?.locked).map((d) => d.dance);
  if (corrections.length && entry.byJudge) throw new JudgeMarksLockedError(corrections);
  if (corrections.length && entry.correctionsNeedUnlock)
    throw new CorrectionNeedsUnlockError(entry.judgeName, corrections);
  return { changed, corrections };
}

/**
 * The judge's stored marks a chairman's unlock opens (each dance once, in the order asked). Throws
 * `UnknownDancesError` for a dance the event does not dance, `NothingToUnlockError` for one the judge
 * has not submitted.
 */
export function marksToUnlock<M>(
  requested: readonly string[],
  round: { eventName: string; judgeName: string; dances: readonly string[] },
  stored: (dance: string) => M | undefined,
): { dance: string; mark: M }[] {
  const dances = [...new Set(requested)];
  const unknown = dances.filter((d) => !round.dances.includes(d));
  if (unknown.length) throw new UnknownDancesError(round.eventName, unknown);
  const marks = dances.map((dance) => ({ dance, mark: stored(dance) }));
  const unsubmitted = marks.filter((m) => m.mark === undefined).map((m) => m.dance);
  if (unsubmitted.length) throw new NothingToUnlockError(round.judgeName, unsubmitted);
  return marks as { dance: string; mark: M }[];
}
