import type { Kysely } from 'kysely';

/**
 * WDSF Absolute Judging System 3.0 (docs/ajs.md):
 * - `events.scoring_system`: 'skating' (every event so far) or 'ajs' (its last rounds are scored under AJS).
 * - `events.ajs_rounds`: how many rounds, counted back from the final, are scored under AJS (1: the
 *   final only, 2: the semi-final and the final …); the earlier ones are Skating recalls.
 * - `events.ajs_components`: JSON {official id: ["TQ", "MM"], …}, the panel's component groups when
 *   the organizer set them; null takes the default split (src/domain/scoring/ajs.ts).
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('scoring_system', 'text', (c) => c.notNull().defaultTo('skating'))
    .execute();
  await db.schema.alterTable('events').addColumn('ajs_components', 'text').execute();
  await db.schema
    .alterTable('events')
    .addColumn('ajs_rounds', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('ajs_rounds').execute();
  await db.schema.alterTable('events').dropColumn('ajs_components').execute();
  await db.schema.alterTable('events').dropColumn('scoring_system').execute();
}
