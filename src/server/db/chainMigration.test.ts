/** Migration 0015: the records written before the chain are chained, per competition, in id order. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, openDatabase } from './index.ts';
import { verifyChain, CHAIN_START } from '../../domain/auditChain.ts';

const before = migrationsBefore('0015_chain');

const dir = mkdtempSync(join(tmpdir(), 'promenade-chain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0015 (the audit chain)', () => {
  it('chains the existing records of each competition (and the site’s) in id order', async () => {
    const file = join(dir, 'old.sqlite');
    const old = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
    expect(
      (await new Migrator({ db: old, provider: { getMigrations: async () => before } }).migrateToLatest())
        .error,
    ).toBeUndefined();
    for (const key of ['a', 'b'])
      await sql`insert into competitions (key, full_name, start_date, end_date) values (${key}, ${key}, '2026-01-01', '2026-01-01')`.execute(
        old,
      );
    // Interleaved, as two competitions' commands leave them; one site-level record without a competition.
    for (let i = 0; i < 7; i++)
      await sql`insert into audit_log (competition_id, at, actor, action, entity, entity_id, after)
        values (${i === 3 ? null : (i % 2) + 1}, ${`2026-01-01T10:00:0${i}.000Z`}, 'admin', 'x.update', 'x', ${String(i)}, ${JSON.stringify({ i })})`.execute(
        old,
      );
    await old.destroy();

    const { db, close } = await openDatabase(file);
    const rows = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    await close();
    for (const c of [1, 2, null]) {
      const chain = rows.filter((r) => r.competition_id === c);
      expect(chain[0]!.prev_hash).toBe(CHAIN_START);
      expect(verifyChain(chain)).toMatchObject({ ok: true, records: chain.length });
    }
    expect(rows.filter((r) => r.competition_id === 1).map((r) => r.entity_id)).toEqual(['0', '2', '4', '6']);
  });
});
