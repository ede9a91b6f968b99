import type { Kysely } from 'kysely';

/**
 * Entries' pair keys joined the two names with a NUL character, which PostgreSQL text cannot hold;
 * they are made again joined with a line break (never in a normalized name), as `pairKey` in
 * src/domain/entries.ts made them when this migration landed. Never edit this file once landed: add a new migration instead.
 */

/**
 * The pair key as this migration writes it, copied here and frozen: a migration that has run must
 * do the same on every database it meets, whatever the live domain code becomes.
 */
function pairKeyAsOf0011(leadName: string, followName: string): string {
  const normalize = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  return [normalize(leadName), normalize(followName)].sort().join('\n');
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<{
    entries: { id: number; lead_name: string; follow_name: string; pair_key: string | null };
  }>;
  const rows = await db
    .selectFrom('entries')
    .select(['id', 'lead_name', 'follow_name'])
    .where('pair_key', 'is not', null)
    .execute();
  for (const r of rows)
    await db
      .updateTable('entries')
      .set({ pair_key: pairKeyAsOf0011(r.lead_name, r.follow_name) })
      .where('id', '=', r.id)
      .execute();
}

export async function down(): Promise<void> {
  // The old keys are not made again: 0010's lookups treat any key as opaque, and a null one as unknown.
}
