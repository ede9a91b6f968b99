/**
 * `npm run db:copy`: a whole installation from SQLite to PostgreSQL or back. Both ends are
 * migrated to the same schema first; the target must be empty. Every table is copied in one
 * transaction on the target, ids kept (so links, images' addresses and Last-Event-IDs stay valid),
 * then PostgreSQL's id sequences are moved past the copied ids, and the row counts of every table
 * are compared.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './index.ts';
import { isPostgres } from './dialect.ts';

/** Every table, each after the tables it refers to. `true`: it has an `id` its database numbers. */
export const COPY_ORDER: readonly (readonly [string, boolean])[] = [
  ['competitions', true],
  ['users', true],
  ['officials', true],
  ['sessions', false],
  ['memberships', false],
  ['organizers', true],
  ['persons', true],
  ['person_identities', false],
  ['person_results', true],
  ['person_distinct', false],
  ['competitors', true],
  ['registrations', true],
  ['registration_reviews', true],
  ['entry_links', true],
  ['events', true],
  ['event_panels', false],
  ['entries', true],
  ['rounds', true],
  ['round_entries', false],
  ['marks', true],
  ['mark_history', true],
  ['round_results', false],
  ['final_results', false],
  ['event_settings', false],
  ['audit_log', true],
  ['change_feed', true],
  ['idempotency_keys', true],
  ['images', true],
  ['messages', true],
  ['announcements', true],
  ['announcement_recipients', true],
  ['teams', true],
  ['invoices', true],
  ['invoice_lines', true],
  ['payments', true],
  ['installation', false],
  ['mirror_venue', false],
  ['mirror_links', false],
  ['mirror_answers', false],
];

type Row = Record<string, unknown>;
type AnyDb = Kysely<Record<string, Row>>;

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

/** Our tables in `db` (the migrator's own left out). */
async function tablesOf(db: DB): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
}

async function count(db: AnyDb, table: string): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Rows per insert: both databases take tens of thousands of parameters, images are large. */
const batchOf = (table: string, columns: number) =>
  table === 'images' ? 20 : Math.max(1, Math.floor(20_000 / Math.max(1, columns)));

export async function copyDatabase(
  source: DB,
  target: DB,
  onTable: (table: string, rows: number) => void = () => {},
): Promise<TableCount[]> {
  const known = new Set(COPY_ORDER.map(([t]) => t));
  for (const [side, db] of [
    ['source', source],
    ['target', target],
  ] as const) {
    const unknown = (await tablesOf(db)).filter((t) => !known.has(t));
    if (unknown.length)
      throw new Error(
        `The ${side} has tables db:copy does not know (${unknown.join(', ')}): update COPY_ORDER.`,
      );
  }
  const from = source as unknown as AnyDb;
  const to = target as unknown as AnyDb;
  for (const [table] of COPY_ORDER)
    if ((await count(to, table)) > 0)
      throw new Error(`The target is not empty (${table} has rows): copy into a new, empty database.`);

  await to.transaction().execute(async (trx) => {
    for (const [table, numbered] of COPY_ORDER) {
      let copied = 0;
      // Read in id (or insertion) order a page at a time, so a large installation is not held whole.
      const page = 2000;
      for (let offset = 0; ; offset += page) {
        // Tables without an id have a primary key of their first one or two columns.
        const q = from
          .selectFrom(table)
          .selectAll()
          .orderBy(numbered ? sql`id` : sql`1, 2`);
        const rows = await q.limit(page).offset(offset).execute();
        if (!rows.length) break;
        const size = batchOf(table, Object.keys(rows[0]!).length);
        for (let i = 0; i < rows.length; i += size)
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + size))
            .execute();
        copied += rows.length;
        if (rows.length < page) break;
      }
      onTable(table, copied);
    }
    // PostgreSQL numbers new rows from a sequence that the copied ids did not move.
    if (isPostgres(trx))
      for (const [table, numbered] of COPY_ORDER)
        if (numbered)
          await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
            trx,
          );
  });

  const counts: TableCount[] = [];
  for (const [table] of COPY_ORDER)
    counts.push({ table, source: await count(from, table), target: await count(to, table) });
  return counts;
}
