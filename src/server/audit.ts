import type { Db } from './http/db.ts';

export interface AuditRecord {
  competitionId: number | null;
  actor: string;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Append to the audit trail inside the command's own transaction: both land or neither does. */
export async function audit(trx: Db, r: AuditRecord): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      competition_id: r.competitionId,
      at: new Date().toISOString(),
      actor: r.actor,
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId === undefined || r.entityId === null ? null : String(r.entityId),
      before: r.before === undefined ? null : JSON.stringify(r.before),
      after: r.after === undefined ? null : JSON.stringify(r.after),
    })
    .execute();
}
