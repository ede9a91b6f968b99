import type { Kysely } from 'kysely';

/**
 * A competition may require the chairman of judges to approve each computed result before the
 * scrutineer posts it. The approval belongs to one computation: recomputing clears it.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('require_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('round_results').addColumn('approved_at', 'text').execute();
  await db.schema.alterTable('round_results').addColumn('approved_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('round_results').dropColumn('approved_by').execute();
  await db.schema.alterTable('round_results').dropColumn('approved_at').execute();
  await db.schema.alterTable('competitions').dropColumn('require_approval').execute();
}
