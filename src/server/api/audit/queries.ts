import { ChainWalker } from '../../../domain/auditChain.ts';
import { MarksLedger } from '../../../domain/marking/markAudit.ts';
import type { AuditVerdict, MarkMismatch, PostedHeadMissing } from '../../../domain/schemas/audit.ts';
import type { Db } from '../../http/db.ts';
import { marksWithRound } from '../joins.ts';

/** Records read at a time: a long trail is checked without holding it all in memory. */
const PAGE = 2000;

/**
 * Recomputes the competition's chain from its first record (null: the site's own chain — merging
 * people, importing results). Records are only ever appended, so reading page by page (by id) sees a
 * consistent prefix even while commands keep writing. Then every stored mark is checked against the
 * trail's records of it (domain/marking/markAudit.ts), and every posted result's noted head is looked
 * for among the trail's hashes: a mark changed in the database, or records cut off after a posted
 * result, make the verdict fail and are named.
 */
export async function verifyAuditChain(db: Db, competitionId: number | null): Promise<AuditVerdict> {
  const walker = new ChainWalker();
  const ledger = new MarksLedger();
  const hashes = new Set<string>();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_log')
      .select(['id', 'at', 'actor', 'action', 'entity', 'entity_id', 'before', 'after', 'prev_hash', 'hash'])
      .where('competition_id', competitionId === null ? 'is' : '=', competitionId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const r of rows) {
      walker.add(r);
      if (r.hash) hashes.add(r.hash);
      if (r.action === 'marks.submit') ledger.add(r.after);
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  const chain = walker.verdict();
  const marks =
    competitionId === null ? { checked: 0, mismatches: [] } : await checkMarks(db, competitionId, ledger);
  const posted =
    competitionId === null ? { checked: 0, missing: [] } : await checkPostedHeads(db, competitionId, hashes);
  if (chain.ok && marks.mismatches.length === 0 && posted.missing.length === 0)
    return { ...chain, marksChecked: marks.checked, postedChecked: posted.checked };
  const reasons = [
    ...(chain.ok ? [] : [chain.reason]),
    ...(marks.mismatches.length
      ? [
          `${marks.mismatches.length} stored mark${marks.mismatches.length === 1 ? ' does' : 's do'} not match the record: ${marks.mismatches
            .slice(0, 3)
            .map((m) => `${m.round} of ${m.event}, ${m.judge}, ${m.dance}`)
            .join('; ')}${marks.mismatches.length > 3 ? '; …' : ''}.`,
        ]
      : []),
    ...(posted.missing.length
      ? [
          `Records were removed after a posted result: the trail no longer holds the head noted when ${posted.missing
            .map((p) => `the ${p.round} of ${p.event} was posted`)
            .join(', ')}.`,
        ]
      : []),
  ];
  return {
    ok: false,
    brokenAt: chain.ok ? null : chain.brokenAt,
    records: chain.records,
    reason: reasons.join(' '),
    marks: marks.mismatches,
    posted: posted.missing,
  };
}

async function checkMarks(
  db: Db,
  competitionId: number,
  ledger: MarksLedger,
): Promise<{ checked: number; mismatches: MarkMismatch[] }> {
  const rows = await marksWithRound(db)
    .innerJoin('events', 'events.id', 'rounds.event_id')
    .innerJoin('officials', 'officials.id', 'marks.official_id')
    .select([
      'marks.dance',
      'marks.value',
      'marks.version',
      'marks.receipt',
      'marks.official_id',
      'officials.name as judge',
      'events.name as event',
      'events.key as eventKey',
      'rounds.round_name as round',
      'rounds.round_number as roundNumber',
    ])
    .where('marks.competition_id', '=', competitionId)
    .orderBy('events.key')
    .orderBy('rounds.round_number')
    .orderBy('officials.name')
    .orderBy('marks.dance')
    .execute();
  const mismatches: MarkMismatch[] = [];
  for (const r of rows) {
    const reason = ledger.check(r);
    if (reason)
      mismatches.push({
        event: r.event,
        eventKey: r.eventKey,
        round: r.round,
        roundNumber: r.roundNumber,
        judge: r.judge,
        officialId: r.official_id,
        dance: r.dance,
        reason,
      });
  }
  return { checked: rows.length, mismatches };
}

async function checkPostedHeads(
  db: Db,
  competitionId: number,
  hashes: ReadonlySet<string>,
): Promise<{ checked: number; missing: PostedHeadMissing[] }> {
  const rows = await db
    .selectFrom('round_results')
    .innerJoin('rounds', 'rounds.id', 'round_results.round_id')
    .innerJoin('events', 'events.id', 'rounds.event_id')
    .select([
      'round_results.chain_head',
      'round_results.posted_at',
      'events.name as event',
      'rounds.round_name as round',
      'rounds.round_number as roundNumber',
    ])
    .where('round_results.competition_id', '=', competitionId)
    .where('round_results.posted_at', 'is not', null)
    .where('round_results.chain_head', 'is not', null)
    .orderBy('round_results.posted_at')
    .orderBy('events.name')
    .orderBy('rounds.round_number')
    .execute();
  const missing: PostedHeadMissing[] = rows
    .filter((r) => !hashes.has(r.chain_head!))
    .map((r) => ({
      event: r.event,
      round: r.round,
      roundNumber: r.roundNumber,
      postedAt: r.posted_at!,
      head: r.chain_head!,
    }));
  return { checked: rows.length, missing };
}
