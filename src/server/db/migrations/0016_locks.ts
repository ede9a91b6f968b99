import type { Kysely } from 'kysely';

/**
 * Marks locked and receipted:
 * - `marks.unlocked`: a judge's submitted dance is locked (0); the chairman's unlock (audited, with a
 *   reason) sets 1 until the judge's next accepted change locks it again.
 * - `marks.receipt` / `mark_history.receipt`: the checksum of what that submission stored
 *   (src/domain/marking/receipt.ts); marks saved before this migration have none.
 * - `mark_history.correction`: 1 when the scrutineer changed a locked dance from the paper sheet.
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('marks')
    .addColumn('unlocked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('marks').addColumn('receipt', 'text').execute();
  await db.schema.alterTable('mark_history').addColumn('receipt', 'text').execute();
  await db.schema
    .alterTable('mark_history')
    .addColumn('correction', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mark_history').dropColumn('correction').execute();
  await db.schema.alterTable('mark_history').dropColumn('receipt').execute();
  await db.schema.alterTable('marks').dropColumn('receipt').execute();
  await db.schema.alterTable('marks').dropColumn('unlocked').execute();
}
