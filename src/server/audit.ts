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
  await takeTurn(trx, r.competitionId);
  const last = await trx
    .selectFrom('audit_log')
    .select('hash')
    .where('competition_id', r.competitionId === null ? 'is' : '=', r.competitionId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const fields: ChainedFields = {
    at: new Date().toISOString(),
    actor: r.actor,
    action: r.action,
    entity: r.entity,
    entity_id: r.entityId === undefined || r.entityId === null ? null : String(r.entityId),
    before: r.before === undefined ? null : JSON.stringify(r.before),
    after: r.after === undefined ? null : JSON.stringify(r.after),
  };
  const prev = last?.hash ?? CHAIN_START;
  await trx
    .insertInto('audit_log')
    .values({ competition_id: r.competitionId, ...fields, prev_hash: prev, hash: auditHash(prev, fields) })
    .execute();
}
