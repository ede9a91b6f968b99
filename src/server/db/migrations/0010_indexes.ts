import { sql, type Kysely } from 'kysely';

/**
 * Registering looked up the two dancers, the next free number and the couple's existing entries by
 * reading every competitor and every entry of the competition (or of the event), so each registration
 * and each row of an import got slower as the tables grew. These indexes, and the entries'
 * pair key, make each of those one lookup. Never edit this file once landed: add a new migration instead.
 */
/**
 * The pair key as this migration writes it, copied here and frozen: a migration that has run must do
 * the same on every database it meets, whatever the live `pairKey` (src/domain/entries.ts) becomes.
 * The line break is 0011's separator: PostgreSQL text cannot hold the NUL the first keys used.
 */
function pairKeyAsOf0010(leadName: string, followName: string): string {
  const normalize = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  return [normalize(leadName), normalize(followName)].sort().join('\n');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The expression matches the lookup in api/registrations/register.ts exactly, so SQLite uses it.
  await sql`CREATE INDEX competitors_competition_email ON competitors (competition_id, lower(trim(email)))`.execute(
    db,
  );
  await db.schema
    .createIndex('entries_competition_number')
    .on('entries')
    .columns(['competition_id', 'lead_number'])
    .execute();

  await db.schema.alterTable('entries').addColumn('pair_key', 'text').execute();
  const entries = db as unknown as Kysely<{
    entries: { id: number; lead_name: string; follow_name: string; pair_key: string | null };
  }>;
  const rows = await entries.selectFrom('entries').select(['id', 'lead_name', 'follow_name']).execute();
  for (const r of rows)
    await entries
      .updateTable('entries')
      .set({ pair_key: pairKeyAsOf0010(r.lead_name, r.follow_name) })
      .where('id', '=', r.id)
      .execute();
  await db.schema.createIndex('entries_event_pair').on('entries').columns(['event_id', 'pair_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('entries_event_pair').execute();
  await db.schema.alterTable('entries').dropColumn('pair_key').execute();
  await db.schema.dropIndex('entries_competition_number').execute();
  await db.schema.dropIndex('competitors_competition_email').execute();
}
