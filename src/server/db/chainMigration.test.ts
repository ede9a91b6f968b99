/** Migration 0015 (issue 18): the records written before the chain are chained, per competition, in id order. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql, type Migration } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './index.ts';
import { verifyChain, CHAIN_START } from '../../domain/auditChain.ts';
import * as m0001 from './migrations/0001_initial.ts';
import * as m0002 from './migrations/0002_chairman_approval.ts';
import * as m0003 from './migrations/0003_audit_entity_index.ts';
import * as m0004 from './migrations/0004_idempotency_keys.ts';
import * as m0005 from './migrations/0005_competition_clock.ts';
import * as m0006 from './migrations/0006_round_naming.ts';
import * as m0007 from './migrations/0007_public_feed_numbers.ts';
import * as m0008 from './migrations/0008_registration_reviews.ts';
import * as m0009 from './migrations/0009_images.ts';
import * as m0010 from './migrations/0010_indexes.ts';
import * as m0011 from './migrations/0011_pg_pair_key_separator.ts';
import * as m0012 from './migrations/0012_pg_installation_key.ts';
import * as m0013 from './migrations/0013_multi_competitions.ts';
import * as m0014 from './migrations/0014_people_persons.ts';

const before: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_chairman_approval': m0002,
  '0003_audit_entity_index': m0003,
  '0004_idempotency_keys': m0004,
  '0005_competition_clock': m0005,
  '0006_round_naming': m0006,
  '0007_public_feed_numbers': m0007,
  '0008_registration_reviews': m0008,
  '0009_images': m0009,
  '0010_indexes': m0010,
  '0011_pg_pair_key_separator': m0011,
  '0012_pg_installation_key': m0012,
  '0013_multi_competitions': m0013,
  '0014_people_persons': m0014,
};

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
