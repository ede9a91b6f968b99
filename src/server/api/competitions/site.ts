import type { DB } from '../../db/index.ts';

/** PROMENADE_COMPETITION when set, else the demo, else the only (or first) competition. */
export async function defaultCompetitionKey(db: DB, configured: string | null): Promise<string | null> {
  if (configured) return configured;
  const rows = await db.selectFrom('competitions').select('key').orderBy('id').execute();
  if (rows.some((r) => r.key === 'demo')) return 'demo';
  return rows[0]?.key ?? null;
}
