import type { Kysely } from 'kysely';

/**
 * Instances sharing a PostgreSQL database must all hold the same installation secret
 * (`installation.key`, which keys couples' entry codes). The database keeps a check value of the
 * secret it was first used with; an instance started with another secret refuses to start instead of
 * silently failing half of the couples' code lookups. Never edit this file once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('installation')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('installation').execute();
}
