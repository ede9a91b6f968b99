import { sql, type Kysely } from 'kysely';

/**
 * Registration abuse:
 * - `registrations.placed_out`: the levels each dancer declared placed out of on THAT registration
 *   ({lead: {style: level}, follow: {…}}). A public registration no longer writes them onto the
 *   competitor, so someone registering with a victim's name and email cannot make the victim ineligible.
 * - `registration_reviews`: a registration held for the organizer because the same pair is already
 *   entered from other emails (possibly a squatter); nothing else is written until the organizer
 *   accepts it (the earlier entries make way) or refuses it.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('registrations')
    .addColumn('placed_out', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createTable('registration_reviews')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    // The registration as sent (names, emails, affiliation, events, consents, declared levels).
    .addColumn('request', 'text', (c) => c.notNull())
    // The fee tier when it was sent: accepting later does not make the couple pay a later tier.
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('registration_id', 'integer', (c) => c.references('registrations.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('decided_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('registration_reviews_competition')
    .on('registration_reviews')
    .columns(['competition_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registration_reviews').execute();
  await db.schema.alterTable('registrations').dropColumn('placed_out').execute();
}
