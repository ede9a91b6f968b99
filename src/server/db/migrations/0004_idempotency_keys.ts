import type { Kysely } from 'kysely';

/**
 * Idempotency-Keys get their own table: a resend is found by one indexed lookup instead of a
 * text search in the audit trail's JSON. Keys already recorded in the audit trail by judges' mark
 * submissions are carried over, so a tablet that resends across the upgrade still gets its first answer.
 * Never edit this file once landed: add a new migration instead.
 */
/** The tables as this migration knows them (a migration must not follow later schema changes). */
interface Tables {
  audit_log: {
    competition_id: number | null;
    entity_id: string | null;
    action: string;
    after: string | null;
    at: string;
  };
  idempotency_keys: {
    competition_id: number;
    scope: string;
    key: string;
    fingerprint: string;
    response: string;
    created_at: string;
  };
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idempotency_keys_unique')
    .on('idempotency_keys')
    .columns(['competition_id', 'scope', 'key'])
    .unique()
    .execute();

  const submitted = (await db
    .selectFrom('audit_log')
    .select(['competition_id', 'entity_id', 'after', 'at'])
    .where('action', '=', 'marks.submit')
    .where('after', 'is not', null)
    .execute()) as { competition_id: number | null; entity_id: string | null; after: string; at: string }[];
  const seen = new Set<string>();
  for (const row of submitted) {
    if (row.competition_id === null || row.entity_id === null) continue;
    const after = JSON.parse(row.after) as {
      idempotencyKey?: string | null;
      fingerprint?: string;
      response?: unknown;
    };
    if (!after.idempotencyKey || after.fingerprint === undefined) continue;
    const scope = `marks:${row.entity_id}`;
    const id = `${row.competition_id}\u0000${scope}\u0000${after.idempotencyKey}`;
    if (seen.has(id)) continue;
    seen.add(id);
    await db
      .insertInto('idempotency_keys')
      .values({
        competition_id: row.competition_id,
        scope,
        key: after.idempotencyKey,
        fingerprint: after.fingerprint,
        response: JSON.stringify(after.response ?? null),
        created_at: row.at,
      })
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
