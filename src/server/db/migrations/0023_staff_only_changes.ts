import type { Kysely } from 'kysely';

/**
 * `change_feed.staff_only`: a change of a public topic that only staff may hear of (1), such as a
 * round's result computed, approved or withdrawn before it is posted. Public streams skip it and it
 * takes no public number, like a `marks` change. Changes kept from before are public (0), as sent.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('change_feed')
    .addColumn('staff_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('change_feed').dropColumn('staff_only').execute();
}
