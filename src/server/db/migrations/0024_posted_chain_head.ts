import type { Kysely } from 'kysely';

/**
 * `round_results.chain_head`: the hash of the competition's audit trail's last record when the result
 * was posted (its own `results.post` record), printed and exported with the result. Verify looks for
 * it in the trail: records cut off after a posted result no longer go unseen. Null for results posted
 * before.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('round_results').addColumn('chain_head', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('round_results').dropColumn('chain_head').execute();
}
