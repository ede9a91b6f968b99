import { sql, type Kysely } from 'kysely';

/**
 * `person_distinct`: pairs of persons a site administrator decided are different dancers who share a
 * name, so the duplicates review stops showing them together. One row per pair, the lower id first
 * (the check makes (a, b) and (b, a) one key). Site-level like `persons`: not in a competition's export.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('person_distinct')
    .addColumn('low_id', 'integer', (c) => c.notNull().references('persons.id'))
    .addColumn('high_id', 'integer', (c) => c.notNull().references('persons.id'))
    .addColumn('decided_by', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addPrimaryKeyConstraint('person_distinct_pk', ['low_id', 'high_id'])
    .addCheckConstraint('person_distinct_order', sql`low_id < high_id`)
    .execute();
  // The primary key finds a person's marks by `low_id`; this one by `high_id` (a merge drops both).
  await db.schema.createIndex('person_distinct_high').on('person_distinct').column('high_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('person_distinct').execute();
}
