import type { Kysely } from 'kysely';

/**
 * Announcements to dancers and what decides who gets them:
 * - `announcements`: one organizer's message to an audience (all dancers, one event's, one team's);
 *   `audience` JSON {kind, key?}; `recipients` how many messages it put in the outbox.
 * - `announcement_recipients`: a dancer's address (lower-cased) on a competition's announcement list,
 *   with the random token of its unsubscribe link and, once they left, `unsubscribed_at`.
 * - `competitions.results_emails`: 1 emails a final's placings to the event's dancers when posted.
 * - `competitions.schedule_published_at`: when "Your day" was last sent (null: never).
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('announcements_competition')
    .on('announcements')
    .columns(['competition_id', 'id'])
    .execute();
  await db.schema
    .createTable('announcement_recipients')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('unsubscribed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('announcement_recipients_address')
    .on('announcement_recipients')
    .columns(['competition_id', 'address'])
    .unique()
    .execute();
  // Per competition, not across the server: an exported copy imported beside its original keeps them.
  await db.schema
    .createIndex('announcement_recipients_token')
    .on('announcement_recipients')
    .columns(['competition_id', 'token'])
    .unique()
    .execute();
  await db.schema
    .alterTable('competitions')
    .addColumn('results_emails', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('competitions').addColumn('schedule_published_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('competitions').dropColumn('schedule_published_at').execute();
  await db.schema.alterTable('competitions').dropColumn('results_emails').execute();
  await db.schema.dropTable('announcement_recipients').execute();
  await db.schema.dropTable('announcements').execute();
}
