import type { Kysely } from 'kysely';

/**
 * `events.ajs_tolerance`: how far from its component's median an AJS score may lie and still count
 * (docs/ajs.md "Tolerance"); 1.5, the value for Opens and other competitions, for new events.
 * AJS events already in the database were scored at 1.2, the only tolerance there was: they keep
 * 1.2, so a re-score after a correction gives the same result as the one already published.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('ajs_tolerance', 'real', (c) => c.notNull().defaultTo(1.5))
    .execute();
  await (db as Kysely<{ events: { ajs_tolerance: number; scoring_system: string } }>)
    .updateTable('events')
    .set({ ajs_tolerance: 1.2 })
    .where('scoring_system', '=', 'ajs')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('ajs_tolerance').execute();
}
