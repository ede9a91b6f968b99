import type { Kysely } from 'kysely';
import { pairKey } from '../../../domain/entries.ts';

/**
 * Issue 16: entries' pair keys joined the two names with a NUL character, which PostgreSQL text
 * cannot hold; `pairKey` now joins them with a line break (never in a normalized name). The keys
 * stored before are made again. Never edit this file once landed: add a new migration instead.
 */
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
      .set({ pair_key: pairKey({ leadName: r.lead_name, followName: r.follow_name }) })
      .where('id', '=', r.id)
      .execute();
}

export async function down(): Promise<void> {
  // The old keys are not made again: 0010's lookups treat any key as opaque, and a null one as unknown.
}
