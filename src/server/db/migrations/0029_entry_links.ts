import type { Kysely } from 'kysely';

/**
 * `entry_links`: the links emailed to a couple that open their registration without the entry code
 * (src/server/mail/entryLinks.ts). Only a SHA-256 of each link's random token is kept, so the table
 * (or a backup of it) opens nothing. `purpose`: 'confirmation' (sent at registration, opens again
 * until a few days after the competition) or 'recovery' ("Email me a link": 24 hours, once).
 * `used_at`: when it was first opened. Per installation, like sessions: not exported with a competition.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('entry_links')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('registration_id', 'integer', (c) =>
      c.notNull().references('registrations.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // "Email me a link" counts an email's recent links (its rate limit).
  await db.schema
    .createIndex('entry_links_recent')
    .on('entry_links')
    .columns(['competition_id', 'email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('entry_links_registration')
    .on('entry_links')
    .column('registration_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('entry_links').execute();
}
