import type { Kysely } from 'kysely';

/**
 * `rounds.ajs_panel`: the panel of a round scored under AJS, when the scrutineer drew it or set it by
 * hand — JSON {groups: {official id: "TQ+PS" | "MM+CP"}, separateDances: [dance…], how: "drawn" |
 * "set", seed?: number}. Null: the round uses the event's split (or the default) and the default
 * dances with separate scores (docs/ajs.md). Fixed once the round has marks.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rounds').addColumn('ajs_panel', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rounds').dropColumn('ajs_panel').execute();
}
