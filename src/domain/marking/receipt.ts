/**
 * Receipts for judges' marks: a short checksum of exactly what was stored, so a
 * judge, the scrutineer and the printed sheets can tell at a glance that the marks are the same ones.
 * SHA-256 over a canonical serialization (object keys and recall lists in couple order, see
 * canonicalJson), the first 50 bits written in Crockford base32 as two groups of five ("7KQ2M-X4D9P"):
 * no I, L, O or U, so a receipt read aloud or copied by hand is not misread.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../marking.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** One judge's marks in one round as stored: dance → value (recall list or couple → place). */
export interface StoredMarks {
  competition: string;
  eventKey: string;
  round: number;
  officialId: number;
  marks: Record<string, unknown>;
}

/** A round's marks as stored: dance → official id → value. */
export interface RoundMarks {
  competition: string;
  eventKey: string;
  round: number;
  marks: Record<string, Record<string, unknown>>;
}

/** The first 50 bits of the SHA-256 of `text`, as "XXXXX-XXXXX". */
export function checksum(text: string): string {
  const bytes = createHash('sha256').update(text, 'utf8').digest();
  let bits = 0n;
  for (let i = 0; i < 7; i++) bits = (bits << 8n) | BigInt(bytes[i]!);
  bits >>= 6n; // 56 → 50 bits
  let out = '';
  for (let i = 9; i >= 0; i--) out += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** What a receipt covers, written one way only. */
export function canonicalMarks(s: StoredMarks): string {
  return canonicalJson({
    competition: s.competition,
    event: s.eventKey,
    round: s.round,
    judge: s.officialId,
    marks: s.marks,
  });
}

/** The receipt of one judge's marks of one or more dances of a round. */
export function marksReceipt(s: StoredMarks): string {
  return checksum(canonicalMarks(s));
}

/** The checksum of every mark of a round (printed on the results sheet). */
export function roundChecksum(r: RoundMarks): string {
  return checksum(
    canonicalJson({ competition: r.competition, event: r.eventKey, round: r.round, marks: r.marks }),
  );
}
