/**
 * Stored marks checked against the audit trail. Each `marks.submit` record (chained, so it cannot be
 * changed unnoticed) holds the judge's marks as they were stored by that submission: every dance's
 * value, version and receipt. A mark row whose (dance, receipt, version) no record vouches for, or
 * whose value differs from the one vouched for, was changed outside the commands (in the database
 * file). Ids are not used: an exported and imported competition keeps its records and its marks as
 * they are, so the check holds there too. Pure: the server reads, this decides.
 */
import { canonicalJson } from '../marking.ts';

/** A mark row as stored (its value as the JSON text in the database). */
export interface StoredMark {
  dance: string;
  value: string | null;
  version: number;
  receipt: string | null;
}

interface VouchedView {
  value?: unknown;
  version?: unknown;
  receipt?: unknown;
}

const keyOf = (dance: string, receipt: string | null, version: number) =>
  JSON.stringify([dance, receipt, version]);

/** The marks the audit trail vouches for, read from its `marks.submit` records in order. */
export class MarksLedger {
  private readonly vouched = new Map<string, string>();

  /** One `marks.submit` record's `after` text (its `response.marks`: by dance, by judge). */
  add(after: string | null): void {
    if (after === null) return;
    let marks: unknown;
    try {
      marks = (JSON.parse(after) as { response?: { marks?: unknown } }).response?.marks;
    } catch {
      return;
    }
    if (typeof marks !== 'object' || marks === null) return;
    for (const [dance, byJudge] of Object.entries(marks as Record<string, unknown>)) {
      if (typeof byJudge !== 'object' || byJudge === null) continue;
      for (const view of Object.values(byJudge as Record<string, VouchedView>)) {
        if (typeof view?.version !== 'number') continue;
        const receipt = typeof view.receipt === 'string' ? view.receipt : null;
        this.vouched.set(keyOf(dance, receipt, view.version), canonicalJson(view.value ?? null));
      }
    }
  }

  /** Why the stored mark does not match the record, or null when it does. */
  check(mark: StoredMark): string | null {
    const vouched = this.vouched.get(keyOf(mark.dance, mark.receipt, mark.version));
    if (vouched === undefined)
      return `no record of the trail holds these marks (version ${mark.version}, receipt ${mark.receipt ?? 'none'}): they were written or changed outside Promenade`;
    let stored: unknown;
    try {
      stored = mark.value === null ? null : JSON.parse(mark.value);
    } catch {
      return 'the stored marks are not readable';
    }
    return canonicalJson(stored) === vouched
      ? null
      : `the stored marks differ from those recorded with receipt ${mark.receipt ?? 'none'}: they were changed after they were submitted`;
  }
}
