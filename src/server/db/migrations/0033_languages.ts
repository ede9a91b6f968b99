import type { Kysely } from 'kysely';

/**
 * Languages (docs/i18n.md):
 * - `competitions.language`: the competition's default language ('en' | 'de' | 'es'), for print-outs,
 *   the projector and messages with no reader of their own.
 * - `registrations.language`: the language the couple registered in; the emails to its dancers are
 *   worded in it.
 * Both start as 'en', the only language there was.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('registrations')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('language').execute();
  await db.schema.alterTable('competitions').dropColumn('language').execute();
}
