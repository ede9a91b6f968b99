/**
 * The audit trail's hash chain: every record carries the hash of the record before
 * it in the same competition, so a record changed, removed or slipped in afterwards breaks the chain at
 * that place. Pure: the server stores and reads, this decides.
 *
 * The serialization below (version 1) is frozen: every stored hash and the migration that chained the
 * records written before it depend on it. A new serialization needs a new version word, not an edit.
 *
 * What is hashed: the record's stored fields that say what happened (`at`, `actor`, `action`,
 * `entity`, `entity_id`, `before`, `after`, as the text the database holds), and the previous record's
 * hash. Not its id nor its competition's: those are renumbered when a competition is exported and
 * imported elsewhere, and the chain is meant to survive that (the ids' order is the chain's order).
 */
import { createHash } from 'node:crypto';

/** The "previous hash" of a competition's first record. */
export const CHAIN_START = '0'.repeat(64);

const VERSION = 'promenade-audit-1';

/** A record's fields covered by its hash, as stored (text or null). */
export interface ChainedFields {
  at: string;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
}

/** A stored record as the chain sees it. */
export interface ChainedRecord extends ChainedFields {
  id: number;
  prev_hash: string | null;
  hash: string | null;
}

/**
 * The canonical text a record's hash is taken over: a JSON array in a fixed order, so no field can
 * run into another and the same record always gives the same text.
 */
export function canonicalAuditRecord(prevHash: string, r: ChainedFields): string {
  return JSON.stringify([
    VERSION,
    prevHash,
    r.at,
    r.actor,
    r.action,
    r.entity,
    r.entity_id,
    r.before,
    r.after,
  ]);
}

/** SHA-256 (hex) of the record's canonical text, chained to `prevHash`. */
export function auditHash(prevHash: string, r: ChainedFields): string {
  return createHash('sha256').update(canonicalAuditRecord(prevHash, r), 'utf8').digest('hex');
}

export type ChainVerdict =
  | { ok: true; records: number; head: string }
  | { ok: false; brokenAt: number; records: number; reason: string };

/** The first broken link, when there is one. */
export interface ChainBreak {
  brokenAt: number;
  reason: string;
}

/**
 * Walks a chain record by record (in id order), so a long trail can be read in pages. `add` answers
 * the first break it finds and keeps answering it.
 */
export class ChainWalker {
  private prev = CHAIN_START;
  private prevId: number | null = null;
  private broken: ChainBreak | null = null;
  records = 0;

  add(r: ChainedRecord): ChainBreak | null {
    this.records++;
    if (this.broken) return this.broken;
    const computed = auditHash(r.prev_hash ?? '', r);
    if (!r.hash || r.hash !== computed)
      return (this.broken = {
        brokenAt: r.id,
        reason: r.hash
          ? `Record #${r.id} was changed after it was written: its contents no longer match its hash.`
          : `Record #${r.id} has no hash.`,
      });
    if (r.prev_hash !== this.prev)
      return (this.broken = {
        brokenAt: r.id,
        reason:
          this.prevId === null
            ? `Record #${r.id} does not start the chain: records before it were removed.`
            : `Record #${r.id} does not follow record #${this.prevId}: a record between them was removed, or #${this.prevId} was changed and hashed again.`,
      });
    this.prev = r.hash;
    this.prevId = r.id;
    return null;
  }

  /** The verdict over every record added. */
  verdict(): ChainVerdict {
    return this.broken
      ? { ok: false, brokenAt: this.broken.brokenAt, records: this.records, reason: this.broken.reason }
      : { ok: true, records: this.records, head: this.prev };
  }
}

/** The verdict over a whole chain, in id order. */
export function verifyChain(records: Iterable<ChainedRecord>): ChainVerdict {
  const walker = new ChainWalker();
  for (const r of records) walker.add(r);
  return walker.verdict();
}

/** Hashes for records written before the chain existed (or read from an export without it), in order. */
export function chainRecords<T extends ChainedFields>(
  records: readonly T[],
  start = CHAIN_START,
): (T & { prev_hash: string; hash: string })[] {
  let prev = start;
  return records.map((r) => {
    const hash = auditHash(prev, r);
    const linked = { ...r, prev_hash: prev, hash };
    prev = hash;
    return linked;
  });
}
