import type { Kysely } from 'kysely';

/**
 * WDSF scrutineering software certification requirement 1.1 ("it must be possible
 * to prevent the scrutineer from changing markings"): `competitions.corrections_need_unlock` = 1 makes
 * the scrutineer's paper entry over a judge's locked dance wait for the chairman's unlock as a judge's
 * change does. 0 (the default, as before): the scrutineer may enter it, recorded as a correction.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('corrections_need_unlock', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('competitions').dropColumn('corrections_need_unlock').execute();
}
