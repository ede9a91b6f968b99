import type { Tx } from './http/db.ts';
import { CHAIN_START, auditHash, type ChainedFields } from '../domain/auditChain.ts';
import { takeTurn } from './db/dialect.ts';

export interface AuditRecord {
  competitionId: number | null;
  actor: string;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Append to the audit trail inside the command's own transaction: both land or neither does. Each
 * record is chained to the competition's last one (domain/auditChain.ts). The last one is read inside
 * this transaction while holding the competition's turn: on SQLite the one writer makes it so; on
 * PostgreSQL the competition's advisory lock, which a command of the competition already holds (taking
 * it again in the same transaction is a no-op) and a site-level command writing to a competition's
 * trail (serving it at `/`) takes here. The unique (competition, prev_hash) index refuses a fork anyway.
 */
export async function audit(trx: Tx, r: AuditRecord): Promise<void> {
  await auditAll(trx, [r]);
}

/** The hash of the competition's last audit record (its trail's head), read inside the transaction. */
export async function chainHead(trx: Tx, competitionId: number): Promise<string> {
  const last = await trx
    .selectFrom('audit_log')
    .select('hash')
    .where('competition_id', '=', competitionId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.hash ?? CHAIN_START;
}

/** Rows per INSERT: 10 values each stays far below both databases' limit on bound parameters. */
const AUDIT_BATCH = 500;

/**
 * Appends several records of one competition (or all site-level), chained in the order given, with one
 * read of the last hash and a few multi-row inserts: an import of 3,000 couples audits each of them
 * without 3,000 × 3 round trips to PostgreSQL.
 */
export async function auditAll(trx: Tx, records: readonly AuditRecord[]): Promise<void> {
  if (!records.length) return;
  const competitionId = records[0]!.competitionId;
  if (records.some((r) => r.competitionId !== competitionId))
    throw new Error('auditAll chains the records of one competition.');
  await takeTurn(trx, competitionId);
  const last = await trx
    .selectFrom('audit_log')
    .select('hash')
    .where('competition_id', competitionId === null ? 'is' : '=', competitionId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  let prev = last?.hash ?? CHAIN_START;
  const rows = records.map((r) => {
    const fields: ChainedFields = {
      at: new Date().toISOString(),
      actor: r.actor,
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId === undefined || r.entityId === null ? null : String(r.entityId),
      before: r.before === undefined ? null : JSON.stringify(r.before),
      after: r.after === undefined ? null : JSON.stringify(r.after),
    };
    const row = { competition_id: competitionId, ...fields, prev_hash: prev, hash: auditHash(prev, fields) };
    prev = row.hash;
    return row;
  });
  // In order, so the ids (the chain's order) follow the chain.
  for (let i = 0; i < rows.length; i += AUDIT_BATCH)
    await trx
      .insertInto('audit_log')
      .values(rows.slice(i, i + AUDIT_BATCH))
      .execute();
}
