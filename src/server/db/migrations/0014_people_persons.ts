import { sql, type Generated, type Kysely } from 'kysely';

/**
 * A person's name key as this migration writes it (trimmed, spaces collapsed, lower case), copied
 * here and frozen: a migration that has run must do the same on every database it meets, whatever
 * the live `normalizeName` (src/domain/entries.ts) becomes.
 */
function nameKeyAsOf0014(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * People across competitions, proficiency points:
 * - `persons`: one dancer shared by every competition on the server; `competitors.person_id` links each
 *   competition's competitor to one. A person merged into another keeps its row, pointing at the one
 *   it became (`merged_into`), so an old link to its page still finds the dancer.
 * - `person_identities`: the (name, email) pairs a person is known by, each one person's; a registration
 *   with the same name and email joins that person (registering with someone's email alone does not).
 * - `person_results`: placings from competitions elsewhere, imported from CSV, that count for points.
 * - `competitions.eligibility`: the level rule; existing competitions keep today's declared placed-out
 *   levels.
 * Every existing competitor is linked: the same name and email (any competition) is one person.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema
    .createTable('persons')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    // normalizeName(name): likely duplicates are persons with the same key.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('merged_into', 'integer', (c) => c.references('persons.id'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('persons_name_key').on('persons').column('name_key').execute();

  await db.schema
    .createTable('person_identities')
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull().references('persons.id'))
    .addPrimaryKeyConstraint('person_identities_pk', ['name_key', 'email'])
    .execute();
  await db.schema
    .createIndex('person_identities_person')
    .on('person_identities')
    .column('person_id')
    .execute();

  await db.schema
    .alterTable('competitors')
    .addColumn('person_id', 'integer', (c) => c.references('persons.id'))
    .execute();
  await db.schema.createIndex('competitors_person').on('competitors').column('person_id').execute();
  // A person's results are read through their competitors' entries, in every competition.
  await db.schema.createIndex('entries_lead').on('entries').column('lead_id').execute();
  await db.schema.createIndex('entries_follow').on('entries').column('follow_id').execute();

  await db.schema
    .createTable('person_results')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('lead_person_id', 'integer', (c) => c.notNull().references('persons.id'))
    .addColumn('follow_person_id', 'integer', (c) => c.notNull().references('persons.id'))
    .addColumn('lead_name', 'text', (c) => c.notNull())
    .addColumn('follow_name', 'text', (c) => c.notNull())
    .addColumn('competition', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('dances', 'text', (c) => c.notNull())
    .addColumn('rounds_danced', 'integer', (c) => c.notNull())
    .addColumn('place', 'real', (c) => c.notNull())
    .addColumn('imported_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('person_results_lead').on('person_results').column('lead_person_id').execute();
  await db.schema
    .createIndex('person_results_follow')
    .on('person_results')
    .column('follow_person_id')
    .execute();

  await db.schema
    .alterTable('competitions')
    .addColumn('eligibility', 'text', (c) =>
      c
        .notNull()
        .defaultTo('declared')
        .check(sql`eligibility in ('none', 'ycn', 'declared')`),
    )
    .execute();

  // Link every competitor, oldest first: the same name and email is one person.
  const t = db as unknown as Kysely<{
    competitors: { id: number; name: string; email: string; person_id: number | null };
    persons: { id: Generated<number>; name: string; name_key: string };
    person_identities: { name_key: string; email: string; person_id: number };
  }>;
  const rows = await t.selectFrom('competitors').select(['id', 'name', 'email']).orderBy('id').execute();
  const known = new Map<string, number>();
  for (const r of rows) {
    const nameKey = nameKeyAsOf0014(r.name);
    const email = r.email.trim().toLowerCase();
    const identity = `${nameKey}\n${email}`;
    let personId = email ? known.get(identity) : undefined;
    if (personId === undefined) {
      const p = await t
        .insertInto('persons')
        .values({ name: r.name.trim(), name_key: nameKey })
        .returning('id')
        .executeTakeFirstOrThrow();
      personId = p.id;
      // Without an email there is nothing to know the dancer by again: a person of their own.
      if (email) {
        known.set(identity, personId);
        await t
          .insertInto('person_identities')
          .values({ name_key: nameKey, email, person_id: personId })
          .execute();
      }
    }
    await t.updateTable('competitors').set({ person_id: personId }).where('id', '=', r.id).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('competitions').dropColumn('eligibility').execute();
  await db.schema.dropIndex('entries_follow').execute();
  await db.schema.dropIndex('entries_lead').execute();
  await db.schema.dropIndex('competitors_person').execute();
  await db.schema.alterTable('competitors').dropColumn('person_id').execute();
  await db.schema.dropTable('person_results').execute();
  await db.schema.dropTable('person_identities').execute();
  await db.schema.dropTable('persons').execute();
}
