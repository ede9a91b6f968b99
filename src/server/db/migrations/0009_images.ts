import type { Kysely } from 'kysely';

/**
 * Images an organizer uploads (officials' and organizers' photos), kept in the database so a backup of
 * the data folder holds them and visitors' browsers load them from Promenade, never from another host.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('competition_id', 'integer', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    /** Part of the address: a new upload is a new address, so the old one may be cached for ever. */
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'blob', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_competition').on('images').columns(['competition_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('images').execute();
}
