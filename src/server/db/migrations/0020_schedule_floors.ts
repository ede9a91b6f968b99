import type { Kysely } from 'kysely';

/**
 * The day's schedule:
 * - `competitions.min_rest_minutes`: the least rest a dancer gets between the end of one round and the
 *   start of the next in another event; less is a conflict (0: only overlaps are).
 * - `competitions.floors`: the floors' names, as a JSON array (one floor by default).
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('min_rest_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('competitions')
    .addColumn('floors', 'text', (c) => c.notNull().defaultTo('["Main floor"]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('competitions').dropColumn('floors').execute();
  await db.schema.alterTable('competitions').dropColumn('min_rest_minutes').execute();
}
