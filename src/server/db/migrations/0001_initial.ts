import { type Kysely, sql } from 'kysely';

/**
 * The whole data model of spec §3, so later capabilities add behaviour, not tables.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable('competitions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('primary_color', 'text', (c) => c.notNull().defaultTo('#1c7ed6'))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('date_registration_early', 'text')
    .addColumn('date_registration_open', 'text')
    .addColumn('date_registration_closed', 'text')
    .addColumn('payment_tier_early', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_tier_open', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_tier_late', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('results_page_shown', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('socials_website', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('socials_facebook', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('socials_instagram', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('page_details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('page_rules', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('page_venue', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('page_contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('page_about', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_super_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('officials')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('letter', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('access_code_hash', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('officials_competition').on('officials').column('competition_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('official_id', 'integer', (c) => c.references('officials.id').onDelete('cascade'))
    .addColumn('competition_id', 'integer', (c) => c.references('competitions.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('memberships_pk', ['user_id', 'competition_id'])
    .execute();

  await db.schema
    .createTable('organizers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('competitors')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('affiliation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('number', 'integer')
    .addColumn('placed_out', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('competitors_number_unique', ['competition_id', 'number'])
    .execute();

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('competitors.id'))
    .addColumn('follow_id', 'integer', (c) => c.notNull().references('competitors.id'))
    .addColumn('affiliation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('entry_code_hash', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('amount_due', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_paid', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_at', 'text')
    .addColumn('consents', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('dances', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('events_key_unique', ['competition_id', 'key'])
    .addUniqueConstraint('events_name_unique', ['competition_id', 'name'])
    .execute();

  await db.schema
    .createTable('event_panels')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('official_id', 'integer', (c) => c.notNull().references('officials.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('event_panels_pk', ['event_id', 'official_id'])
    .execute();

  await db.schema
    .createTable('entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('registration_id', 'integer', (c) => c.references('registrations.id').onDelete('set null'))
    .addColumn('lead_id', 'integer', (c) => c.references('competitors.id').onDelete('set null'))
    .addColumn('follow_id', 'integer', (c) => c.references('competitors.id').onDelete('set null'))
    .addColumn('lead_name', 'text', (c) => c.notNull())
    .addColumn('follow_name', 'text', (c) => c.notNull())
    .addColumn('affiliation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lead_number', 'integer', (c) => c.notNull())
    .addColumn('registered_time', 'text', (c) => c.notNull())
    .addColumn('checked_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scratched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('entries_event').on('entries').column('event_id').execute();

  await db.schema
    .createTable('rounds')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('round_number', 'integer', (c) => c.notNull())
    .addColumn('round_name', 'text', (c) => c.notNull())
    .addColumn('schedule_index', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('round_start_time', 'text')
    .addColumn('recall_size', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('round_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('heat_size', 'integer')
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('rounds_number_unique', ['event_id', 'round_number'])
    .execute();

  await db.schema
    .createTable('round_entries')
    .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id').onDelete('cascade'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('entries.id').onDelete('cascade'))
    .addColumn('heat', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('round_entries_pk', ['round_id', 'entry_id'])
    .execute();

  await db.schema
    .createTable('marks')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('round_id', 'integer', (c) => c.notNull().references('rounds.id').onDelete('cascade'))
    .addColumn('official_id', 'integer', (c) => c.notNull().references('officials.id'))
    .addColumn('dance', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('count_override', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text')
    .addColumn('submitted_by', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('marks_unique', ['round_id', 'official_id', 'dance'])
    .execute();

  await db.schema
    .createTable('mark_history')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('mark_id', 'integer', (c) => c.notNull())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('round_id', 'integer', (c) => c.notNull())
    .addColumn('official_id', 'integer', (c) => c.notNull())
    .addColumn('dance', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('submitted_by', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mark_history_round').on('mark_history').column('round_id').execute();

  await db.schema
    .createTable('round_results')
    .addColumn('round_id', 'integer', (c) => c.primaryKey().references('rounds.id').onDelete('cascade'))
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('placements', 'text', (c) => c.notNull())
    .addColumn('sum_recalls', 'text')
    .addColumn('final_table', 'text')
    .addColumn('recalled', 'text')
    .addColumn('tie_decision', 'text')
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .addColumn('computed_by', 'text', (c) => c.notNull())
    .addColumn('posted_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('final_results')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('placements', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('posted_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('event_settings')
    .addColumn('competition_id', 'integer', (c) =>
      c.primaryKey().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) => c.references('competitions.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema
    .createIndex('audit_log_competition')
    .on('audit_log')
    .columns(['competition_id', 'id'])
    .execute();

  await db.schema
    .createTable('change_feed')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('change_feed_competition')
    .on('change_feed')
    .columns(['competition_id', 'id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The initial migration cannot be reverted: restore a backup or export instead.');
}
