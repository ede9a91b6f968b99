import type { Kysely } from 'kysely';

/**
 * Each event chooses how its rounds before the quarter-final are named: 'fraction'
 * (1/8 Final, 1/16 Final …, what new events get) or 'ordinal' (1st Round, 2nd Round …). Events made
 * before the choice existed were named 1st Round …, so they, and any competition imported from an
 * export made before it, keep 'ordinal': their rounds keep their names when rounds are added later.
 * Numbered 0006: 0005 is the competition clock setting (same issue, another branch).
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('round_naming', 'text', (c) => c.notNull().defaultTo('ordinal'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('round_naming').execute();
}
