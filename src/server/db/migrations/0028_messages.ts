import type { Kysely } from 'kysely';

/**
 * `messages`: the outbox. A message is written in the same transaction as the change that causes it
 * (a registration and its confirmation commit together or not at all); the sender (src/server/mail)
 * claims pending ones, delivers them over SMTP and records the outcome. `status`: 'pending' (waiting,
 * or between tries), 'sent', 'failed' (the server refused it, or it ran out of tries), 'unsent' (no
 * mail server is configured: kept so the organizer sees what would go out).
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('to_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    /** Extra headers, a JSON object (List-Unsubscribe…); null: none. */
    .addColumn('headers', 'text')
    .addColumn('registration_id', 'integer')
    .addColumn('announcement_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** ISO time before which the sender leaves it (backoff after a failed try). */
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    /** The sender holding it, and until when: a sender that died lets go when the claim runs out. */
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('messages_due')
    .on('messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('messages_competition')
    .on('messages')
    .columns(['competition_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
}
