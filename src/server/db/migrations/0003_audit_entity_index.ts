import type { Kysely } from 'kysely';

/**
 * A judge's resend is recognised by its Idempotency-Key in the audit trail of that judge's marks
 * (api/marks). Without this index every mark submission scanned the whole competition's audit trail.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('audit_log_entity')
    .on('audit_log')
    .columns(['competition_id', 'entity_id', 'action'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_entity').execute();
}
