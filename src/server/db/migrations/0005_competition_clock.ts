import { sql, type Kysely } from 'kysely';

/**
 * One clock format per competition, used by every screen (admin showed 15:45 while /live
 * showed 3:45 PM). Existing and new competitions start at 12-hour: a competition has no locale to
 * decide from (its time zone is not one: America/Toronto has 12- and 24-hour audiences), and the app
 * speaks US English, where spectators already read 12-hour times on /live.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('clock', 'text', (c) =>
      c
        .notNull()
        .defaultTo('12h')
        .check(sql`clock in ('12h', '24h')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('competitions').dropColumn('clock').execute();
}
