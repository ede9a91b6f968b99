import { sql, type Kysely } from 'kysely';

/**
 * The public change feed numbered its messages with the ids of every change, so the gaps
 * between them counted the staff-only `marks` changes. Each change now also carries `public_seq`: how
 * many public changes its competition had up to and including it (a staff-only change carries the
 * count before it). Public streams are numbered by it, so they show 1, 2, 3 … whatever staff did.
 * Changes kept from before are numbered the same way. Never edit this file once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('change_feed')
    .addColumn('public_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update change_feed set public_seq = (
      select count(*) from change_feed earlier
      where earlier.competition_id = change_feed.competition_id
        and earlier.id <= change_feed.id
        and earlier.topic <> 'marks'
    )`.execute(db);
  await db.schema
    .createIndex('change_feed_public_seq')
    .on('change_feed')
    .columns(['competition_id', 'public_seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('change_feed_public_seq').execute();
  await db.schema.alterTable('change_feed').dropColumn('public_seq').execute();
}
