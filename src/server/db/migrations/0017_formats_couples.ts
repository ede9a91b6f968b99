import type { Kysely } from 'kysely';

/**
 * Championship formats (src/domain/rounds/formats.ts):
 * - `rounds.round_type`: 'regular', or 'redance' for a redance round (DTV "Hoffnungsrunde") between
 *   a round and the next.
 * - `entries.joins_round`: a star couple's round number (they skip the rounds before); null for all
 *   other couples.
 * - `entries.withdrawal` ('disqualified' | 'withdrew'), `withdrawal_reason`, `withdrawal_round` (the
 *   round number from which the couple is out; 1 = the whole event), `withdrawn_at`: set by the
 *   chairman's command, cleared when reinstated; `withdrawal_keeps_place` 1 when the couple withdrew
 *   from a final already started and keeps the last place (formats.ts `keepsLastPlace`).
 * Never edit this file once landed: add a new migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rounds')
    .addColumn('round_type', 'text', (c) => c.notNull().defaultTo('regular'))
    .execute();
  await db.schema.alterTable('entries').addColumn('joins_round', 'integer').execute();
  await db.schema.alterTable('entries').addColumn('withdrawal', 'text').execute();
  await db.schema.alterTable('entries').addColumn('withdrawal_reason', 'text').execute();
  await db.schema.alterTable('entries').addColumn('withdrawal_round', 'integer').execute();
  await db.schema.alterTable('entries').addColumn('withdrawn_at', 'text').execute();
  await db.schema
    .alterTable('entries')
    .addColumn('withdrawal_keeps_place', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const col of [
    'withdrawal_keeps_place',
    'withdrawn_at',
    'withdrawal_round',
    'withdrawal_reason',
    'withdrawal',
    'joins_round',
  ]) {
    await db.schema.alterTable('entries').dropColumn(col).execute();
  }
  await db.schema.alterTable('rounds').dropColumn('round_type').execute();
}
