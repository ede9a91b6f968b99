/**
 * PostgreSQL as the database, run by `npm run test:pg` (skipped on SQLite): the same
 * migrations make the same schema as on SQLite, values come back as the app expects them, and the
 * commands that must not interleave stay correct when PostgreSQL runs them side by side.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusively, openDatabase, openPostgres, type OpenedDatabase } from './index.ts';
import { COMMAND_LOCK } from './dialect.ts';
import {
  Client,
  competitionId,
  countRows,
  newPostgresDatabase,
  onPostgres,
  useTestServer,
} from '../test/harness.ts';

interface Column {
  table: string;
  column: string;
  type: string;
  notNull: boolean;
}

/** Every column of every table of ours, with its type in SQLite's words. */
async function sqliteColumns(o: OpenedDatabase): Promise<Column[]> {
  const rows = await sql<{ table: string; column: string; type: string; nn: number; pk: number }>`
    select m.name as "table", p.name as "column", lower(p.type) as type, p."notnull" as nn, p.pk as pk
    from sqlite_master m join pragma_table_info(m.name) p
    where m.type = 'table' and m.name not like 'sqlite_%' and m.name not like 'kysely_%'`.execute(o.db);
  return rows.rows.map((r) => ({
    table: r.table,
    column: r.column,
    type: r.type,
    // SQLite lets a primary key column be null unless said; PostgreSQL never does.
    notNull: r.nn === 1 || r.pk > 0,
  }));
}

const PG_AS_SQLITE: Record<string, string> = {
  integer: 'integer',
  text: 'text',
  'double precision': 'real',
  bytea: 'blob',
};

async function postgresColumns(o: OpenedDatabase): Promise<Column[]> {
  const rows = await sql<{ table: string; column: string; type: string; nullable: string }>`
    select table_name as "table", column_name as "column", data_type as type, is_nullable as nullable
    from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'`.execute(o.db);
  return rows.rows.map((r) => ({
    table: r.table,
    column: r.column,
    type: PG_AS_SQLITE[r.type] ?? r.type,
    notNull: r.nullable === 'NO',
  }));
}

const byName = (a: Column, b: Column) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`);

describe.skipIf(!onPostgres)('the same schema on SQLite and PostgreSQL', () => {
  let lite: OpenedDatabase;
  let post: OpenedDatabase;
  const dir = mkdtempSync(join(tmpdir(), 'promenade-schema-'));
  beforeAll(async () => {
    lite = await openDatabase(join(dir, 'promenade.sqlite'));
    post = await openPostgres(await newPostgresDatabase());
  });
  afterAll(async () => {
    await lite?.close();
    await post?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has every table and column of SQLite, with the same types and nullability', async () => {
    const want = (await sqliteColumns(lite)).sort(byName);
    const got = (await postgresColumns(post)).sort(byName);
    expect(want.length).toBeGreaterThan(100);
    expect(got).toEqual(want);
  });

  it('numbers ids from 1 by itself, and a default timestamp is the same text as SQLite writes', async () => {
    for (const o of [lite, post]) {
      const row = await o.db
        .insertInto('users')
        .values({ email: 'a@example.com', name: 'A', password_hash: 'x', is_super_admin: 0 })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      expect(row.id).toBe(1);
      expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
  });

  it('gives counts, sums and maxima as numbers, and bytes as a Buffer', async () => {
    expect(await countRows(post.db, 'users')).toBe(1);
    const agg = await sql<{ n: unknown; s: unknown; m: unknown; a: unknown }>`
      select count(*) as n, sum(id) as s, max(id) as m, avg(id) as a from users`.execute(post.db);
    expect(agg.rows[0]).toEqual({ n: 1, s: 1, m: 1, a: 1 });
    const comp = await post.db
      .insertInto('competitions')
      .values({
        key: 'c',
        full_name: 'C',
        start_date: '2026-01-01',
        end_date: '2026-01-01',
        updated_at: 'x',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const bytes = Buffer.from([0, 1, 2, 255]);
    await post.db
      .insertInto('images')
      .values({
        competition_id: comp.id,
        token: 't',
        content_type: 'image/png',
        bytes,
        size: 4,
        created_at: 'x',
      })
      .execute();
    const img = await post.db.selectFrom('images').select('bytes').executeTakeFirstOrThrow();
    expect(Buffer.isBuffer(img.bytes) && img.bytes.equals(bytes)).toBe(true);
    // Fees keep their cents (PostgreSQL's `real` would keep about 7 digits).
    await post.db.updateTable('competitions').set({ payment_tier_open: 123456.78 }).execute();
    const fee = await post.db
      .selectFrom('competitions')
      .select('payment_tier_open')
      .executeTakeFirstOrThrow();
    expect(fee.payment_tier_open).toBe(123456.78);
  });
});

const API = '/api/v1/competitions/demo';
const couple = (n: number | string) => ({
  lead: { name: `Lead Same${n}`, email: `lead.same${n}@example.com` },
  follow: { name: `Follow Same${n}`, email: `follow.same${n}@example.com` },
  affiliation: 'MIT Ballroom Dance Team',
  events: ['bronze-latin-c-r-s'],
  consents: { liability: true, media: false },
});

describe.skipIf(!onPostgres)('commands side by side on PostgreSQL', () => {
  const { s, admin } = useTestServer({ admin: true });
  /** The entries whose lead's name is like `pattern` (SQL LIKE), with their couple numbers. */
  const entriesLedBy = (pattern: string) =>
    s.db.selectFrom('entries').select(['id', 'lead_number']).where('lead_name', 'like', pattern).execute();

  it('8 registrations of the same pair at once: exactly one 201, the others refused, one entry', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => admin.post(`${API}/registrations`, couple('x'))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((st) => st === 201)).toHaveLength(1);
    for (const a of answers) if (a.status !== 201) expect([409, 202]).toContain(a.status);
    expect(await entriesLedBy('Lead Samex')).toHaveLength(1);
  });

  it('commands queued behind a slow one hold no connections: reads go on meanwhile', async () => {
    const id = await competitionId(s.db);
    // Another instance's slow command holds the competition's turn (the harness's pool has 5 connections).
    const other = new pg.Client({ connectionString: readFileSync(join(s.dir, 'postgres.url'), 'utf8') });
    await other.connect();
    await other.query('select pg_advisory_lock($1, $2)', [COMMAND_LOCK, id]);
    const waiting = Array.from({ length: 8 }, (_, i) =>
      admin.patch(API, { fullName: `Queued Classic ${i}` }),
    );
    try {
      await new Promise((r) => setTimeout(r, 200));
      const read = await fetch(`${s.url}${API}/schedule`, { signal: AbortSignal.timeout(3000) });
      expect(read.status).toBe(200);
    } finally {
      await other.query('select pg_advisory_unlock($1, $2)', [COMMAND_LOCK, id]);
      await other.end();
    }
    expect((await Promise.all(waiting)).map((r) => r.status)).toEqual(Array(8).fill(200));
  });

  it('8 different couples at once each get a number of their own', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => new Client(s.url).post(`${API}/registrations`, couple(`n${i}`))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const numbers = await entriesLedBy('Lead Samen%');
    expect(new Set(numbers.map((n) => n.lead_number)).size).toBe(8);
  });
});

describe.skipIf(!onPostgres)('start-up work of instances starting together', () => {
  it('runs one instance at a time (first-start seeding is done once)', async () => {
    const url = await newPostgresDatabase();
    const instances = [await openPostgres(url), await openPostgres(url)];
    try {
      const log: string[] = [];
      await Promise.all(
        instances.map((o, i) =>
          exclusively(o, async () => {
            log.push(`in ${i}`);
            await new Promise((r) => setTimeout(r, 150));
            log.push(`out ${i}`);
          }),
        ),
      );
      expect(log[0]!.replace('in', 'out')).toBe(log[1]);
    } finally {
      for (const o of instances) await o.close();
    }
  });
});
