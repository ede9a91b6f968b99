import type { Kysely } from 'kysely';

/**
 * `rounds.wait_minutes`: waiting time before a round — it starts at least this long after the round
 * before it on its floor ends (and the transition), e.g. so a dancer of both gets the minimum rest.
 * Set by an applied schedule suggestion (PUT …/schedule `waits`); 0 for every round until then.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rounds')
    .addColumn('wait_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rounds').dropColumn('wait_minutes').execute();
}
