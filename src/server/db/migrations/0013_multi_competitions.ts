import type { Kysely } from 'kysely';

/**
 * Many competitions:
 * - `competitions.archived_at`: when a site administrator archived it (null: not archived). An archived
 *   competition is left out of every list and takes no more writes; its public pages stay readable.
 * - `competitions.served_at_root`: 1 on the competition a site administrator chose to serve at `/`
 *   (at most one; the command clears the others). None chosen: PROMENADE_COMPETITION, then the demo.
 * Neither is exported: a restored or cloned copy is neither archived nor served.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('competitions').addColumn('archived_at', 'text').execute();
  await db.schema
    .alterTable('competitions')
    .addColumn('served_at_root', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
