/**
 * `npm run db:copy`, run by `npm run test:pg`: the demo installation goes from SQLite to
 * PostgreSQL and back, and comes back identical, table by table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openPostgres, type DB, type OpenedDatabase } from './index.ts';
import { COPY_ORDER, copyDatabase } from './copy.ts';
import { seedDemo } from '../demo/seed.ts';
import { newPostgresDatabase, onPostgres } from '../test/harness.ts';

/** Every row of every table, sorted, as text: equal means the same content. */
async function dump(db: DB): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [table] of COPY_ORDER) {
    const rows = await (db as unknown as DB)
      .selectFrom(table as 'users')
      .selectAll()
      .execute();
    out[table] = rows
      .map((r) =>
        JSON.stringify(r, (_k, v: unknown) =>
          v && typeof v === 'object' && (v as { type?: string }).type === 'Buffer'
            ? Buffer.from((v as { data: number[] }).data).toString('base64')
            : v,
        ),
      )
      .sort();
  }
  return out;
}

describe.skipIf(!onPostgres)('db:copy between SQLite and PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'promenade-copy-'));
  let lite: OpenedDatabase;
  let post: OpenedDatabase;
  let back: OpenedDatabase;
  beforeAll(async () => {
    lite = await openDatabase(join(dir, 'a', 'promenade.sqlite'));
    await seedDemo(lite.db);
    const comp = await lite.db.selectFrom('competitions').select('id').executeTakeFirstOrThrow();
    await lite.db
      .insertInto('images')
      .values({
        competition_id: comp.id,
        token: 'tok',
        content_type: 'image/png',
        bytes: Buffer.from([137, 80, 78, 71, 0, 255]),
        size: 6,
        created_at: '2026-11-27T00:00:00.000Z',
      })
      .execute();
    post = await openPostgres(await newPostgresDatabase());
    back = await openDatabase(join(dir, 'b', 'promenade.sqlite'));
  });
  afterAll(async () => {
    await lite?.close();
    await post?.close();
    await back?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table to PostgreSQL with the same counts, and new rows get new ids there', async () => {
    const counts = await copyDatabase(lite.db, post.db);
    expect(counts.map((c) => c.table)).toEqual(COPY_ORDER.map(([t]) => t));
    for (const c of counts) expect(c.target, c.table).toBe(c.source);
    const byTable = Object.fromEntries(counts.map((c) => [c.table, c.target]));
    for (const t of ['competitions', 'officials', 'competitors', 'events', 'entries', 'rounds', 'images'])
      expect(byTable[t], t).toBeGreaterThan(0);
    // The id sequences were moved past the copied ids.
    const comp = await post.db.selectFrom('competitions').select('id').executeTakeFirstOrThrow();
    const max = await post.db
      .selectFrom('competitors')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirstOrThrow();
    const added = await post.db
      .insertInto('competitors')
      .values({ competition_id: comp.id, name: 'New After Copy' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBeGreaterThan(Number(max.m));
    await post.db.deleteFrom('competitors').where('id', '=', added.id).execute();
  });

  it('refuses a target that is not empty', async () => {
    await expect(copyDatabase(lite.db, post.db)).rejects.toThrow(/not empty/);
  });

  it('copies back to SQLite identical, table by table (image bytes included)', async () => {
    await copyDatabase(post.db, back.db);
    expect(await dump(back.db)).toEqual(await dump(lite.db));
  });
});
