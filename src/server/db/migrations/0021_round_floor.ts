import type { Kysely } from 'kysely';

/**
 * `rounds.floor`, the floor a round is danced on, by name. Null, or a name no longer among
 * the competition's floors, means the first floor: renaming or removing a floor in Setup never leaves
 * a round nowhere.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rounds').addColumn('floor', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rounds').dropColumn('floor').execute();
}
