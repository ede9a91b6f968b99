import type { Kysely } from 'kysely';

/**
 * The venue and the public site (docs/mirror.md):
 * - `mirror_venue`: this server's id as a venue, made once (one row).
 * - `mirror_links`, at the public site: a competition mirrored from a venue, the public changes of the
 *   venue's feed applied so far, and when the venue was last heard from.
 * - `mirror_answers`, at the public site: the venue's public answers, served as sent.
 * - `competitions.handed_over_at` / `handed_over_to`: this server handed the competition over (to a
 *   venue, or back to the public site) and no longer writes it.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mirror_venue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mirror_links')
    .addColumn('competition_id', 'integer', (c) =>
      c.primaryKey().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('venue_id', 'text', (c) => c.notNull())
    .addColumn('venue_name', 'text', (c) => c.notNull())
    .addColumn('applied_seq', 'integer', (c) => c.notNull())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .addColumn('contact_at', 'text', (c) => c.notNull())
    /** 1 once the public site has said the venue is offline (said once per outage). */
    .addColumn('offline', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('mirror_answers')
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('body', 'blob', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mirror_answers_pk', ['competition_id', 'path'])
    .execute();
  await db.schema.alterTable('competitions').addColumn('handed_over_at', 'text').execute();
  await db.schema.alterTable('competitions').addColumn('handed_over_to', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('competitions').dropColumn('handed_over_to').execute();
  await db.schema.alterTable('competitions').dropColumn('handed_over_at').execute();
  await db.schema.dropTable('mirror_answers').execute();
  await db.schema.dropTable('mirror_links').execute();
  await db.schema.dropTable('mirror_venue').execute();
}
