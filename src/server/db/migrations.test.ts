import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql, type Migration } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, openDatabase, type OpenedDatabase } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'promenade-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A database file `name` as the release before migration `next` left it (every migration before it
 * applied), open as `old`; `upgrade(read)` closes it, opens it as this release does (which migrates
 * it), answers what `read` finds there and closes it again, whether `read` passes or fails.
 */
async function releaseBefore(name: string, next: string) {
  const file = join(dir, name);
  const old = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  const migrations: Record<string, Migration> = migrationsBefore(next);
  const migrated = await new Migrator({
    db: old,
    provider: { getMigrations: async () => migrations },
  }).migrateToLatest();
  expect(migrated.error).toBeUndefined();
  const upgrade = async <T>(read: (db: OpenedDatabase['db']) => Promise<T>): Promise<T> => {
    await old.destroy();
    const { db, close } = await openDatabase(file);
    try {
      return await read(db);
    } finally {
      await close();
    }
  };
  return { old, upgrade };
}

/** A competition as an earlier release stored it: ids 1, 2, … in the order added. */
const oldCompetition = (old: Kysely<any>, key = 'old', fullName = 'Old') =>
  sql`insert into competitions (key, full_name, start_date, end_date) values (${key}, ${fullName}, '2026-01-01', '2026-01-01')`.execute(
    old,
  );

/** An event of competition 1 as an earlier release stored it. */
const oldEvent = (old: Kysely<any>, key: string, name: string, style: string, level: string) =>
  sql`insert into events (competition_id, key, name, style, level) values (1, ${key}, ${name}, ${style}, ${level})`.execute(
    old,
  );

describe('migration 0004 (Idempotency-Key table)', () => {
  it('carries over the keys judges’ tablets recorded in the audit trail, so a resend across the upgrade is answered once', async () => {
    // A database as the previous release left it: migrations 0001–0003 and two mark submissions.
    const { old, upgrade } = await releaseBefore('old.sqlite', '0004_idempotency_keys');
    await oldCompetition(old);
    const response = { round: { roundNumber: 1 }, marks: { Waltz: ['11', '12'] } };
    for (const [key, fingerprint] of [
      ['tablet-1:abc', 'f1'],
      [null, 'f2'],
    ] as const) {
      await sql`insert into audit_log (competition_id, at, actor, action, entity, entity_id, after)
        values (1, '2026-01-01T10:00:00.000Z', 'official:1', 'marks.submit', 'marks', 'waltz-R1/1',
        ${JSON.stringify({ idempotencyKey: key, fingerprint, response })})`.execute(old);
    }

    const keys = await upgrade((db) => db.selectFrom('idempotency_keys').selectAll().execute());
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      competition_id: 1,
      scope: 'marks:waltz-R1/1',
      key: 'tablet-1:abc',
      fingerprint: 'f1',
      created_at: '2026-01-01T10:00:00.000Z',
    });
    expect(JSON.parse(keys[0]!.response)).toEqual(response);
  });
});

describe('migration 0005 (the competition clock)', () => {
  it('gives existing competitions the 12-hour clock and takes no other value than 12h or 24h', async () => {
    const { old, upgrade } = await releaseBefore('before-clock.sqlite', '0005_competition_clock');
    await oldCompetition(old);

    await upgrade(async (db) => {
      const row = await db.selectFrom('competitions').select('clock').executeTakeFirstOrThrow();
      expect(row.clock).toBe('12h');
      await expect(sql`update competitions set clock = '24-hour'`.execute(db)).rejects.toThrow(
        /CHECK constraint failed/,
      );
      await db.updateTable('competitions').set({ clock: '24h' }).execute();
      expect((await db.selectFrom('competitions').select('clock').executeTakeFirstOrThrow()).clock).toBe(
        '24h',
      );
    });
  });
});

describe('migration 0006 (round naming)', () => {
  it('events made before the choice keep 1st Round …; the column is there for new events', async () => {
    const { old, upgrade } = await releaseBefore('before-naming.sqlite', '0005_competition_clock');
    await oldCompetition(old);
    await oldEvent(old, 'gold-latin', 'Gold Latin', 'Latin', 'Gold');

    const events = await upgrade((db) => db.selectFrom('events').select(['key', 'round_naming']).execute());
    expect(events).toEqual([{ key: 'gold-latin', round_naming: 'ordinal' }]);
  });
});

describe('migration 0007 (public feed numbers)', () => {
  it('numbers the kept changes of each competition by its public changes only', async () => {
    const { old, upgrade } = await releaseBefore('before-public-seq.sqlite', '0005_competition_clock');
    for (const key of ['a', 'b']) await oldCompetition(old, key, key);
    const feed: [number, string][] = [
      [1, 'events'],
      [1, 'marks'],
      [2, 'events'],
      [1, 'marks'],
      [1, 'results'],
      [2, 'schedule'],
    ];
    for (const [competition, topic] of feed)
      await sql`insert into change_feed (competition_id, topic, at) values (${competition}, ${topic}, '2026-01-01T10:00:00.000Z')`.execute(
        old,
      );

    const rows = await upgrade((db) =>
      db.selectFrom('change_feed').select(['competition_id', 'topic', 'public_seq']).orderBy('id').execute(),
    );
    expect(rows.map((r) => [r.competition_id, r.topic, r.public_seq])).toEqual([
      [1, 'events', 1],
      [1, 'marks', 1],
      [2, 'events', 1],
      [1, 'marks', 1],
      [1, 'results', 2],
      [2, 'schedule', 2],
    ]);
  });
});

describe('migration 0011 (pair keys PostgreSQL can store)', () => {
  it('makes again the pair keys joined by a NUL character, so the same pair is still found', async () => {
    const { old, upgrade } = await releaseBefore('before-pair-keys.sqlite', '0011_pg_pair_key_separator');
    await oldCompetition(old);
    await oldEvent(old, 'e', 'E', 'Latin', 'Bronze');
    // As 0010 stored it: the two normalized names, sorted, joined by NUL.
    await sql`insert into entries (competition_id, event_id, lead_name, follow_name, lead_number, registered_time, pair_key)
      values (1, 1, 'Ana Lee', 'Ben Ode', 1, '2026-01-01', ${'ana lee\u0000ben ode'})`.execute(old);
    await sql`insert into entries (competition_id, event_id, lead_name, follow_name, lead_number, registered_time, pair_key)
      values (1, 1, 'Cy Dee', 'Di Eve', 2, '2026-01-01', null)`.execute(old);

    await upgrade(async (db) => {
      const keys = await db.selectFrom('entries').select('pair_key').orderBy('id').execute();
      expect(keys.map((k) => k.pair_key)).toEqual([
        // The key as 0011 writes it (normalized, sorted, a line break between), whatever pairKey becomes.
        'ana lee\nben ode',
        null, // unknown stays unknown (compared by name)
      ]);
      expect(keys[0]!.pair_key).not.toContain('\u0000');
    });
  });
});

describe('migration 0014 (people across competitions)', () => {
  it('links every competitor to a person: the same name and email in two competitions is one person', async () => {
    const { old, upgrade } = await releaseBefore('before-people.sqlite', '0014_people_persons');
    for (const key of ['y2025', 'y2026']) await oldCompetition(old, key, key);
    const competitor = (competition: number, name: string, email: string) =>
      sql`insert into competitors (competition_id, name, email) values (${competition}, ${name}, ${email})`.execute(
        old,
      );
    await competitor(1, 'Jane Doe', 'jane@example.com');
    await competitor(2, ' jane  DOE', 'Jane@Example.com '); // the same dancer, typed differently
    await competitor(2, 'Jane Doe', 'other@example.com'); // another email: another person (for review)
    await competitor(1, 'Sam Lee', '');
    await competitor(2, 'Sam Lee', ''); // no email: nothing to know him by, a person each

    await upgrade(async (db) => {
      const rows = await db.selectFrom('competitors').select(['id', 'person_id']).orderBy('id').execute();
      const [a, b, c, d, e] = rows.map((r) => r.person_id);
      expect(a).not.toBeNull();
      expect(b).toBe(a);
      expect(new Set([a, c, d, e]).size).toBe(4);
      const competitions = await db.selectFrom('competitions').select('eligibility').execute();
      expect(competitions.map((x) => x.eligibility)).toEqual(['declared', 'declared']);
      expect(
        await db.selectFrom('person_identities').select(['name_key', 'email']).orderBy('email').execute(),
      ).toEqual([
        { name_key: 'jane doe', email: 'jane@example.com' },
        { name_key: 'jane doe', email: 'other@example.com' },
      ]);
    });
  });
});

describe('migration 0026 (the AJS tolerance per event)', () => {
  it('keeps 1.2, the tolerance they were scored with, for AJS events already there; others and new events get 1.5', async () => {
    const { old, upgrade } = await releaseBefore('before-tolerance.sqlite', '0026_ajs_tolerance');
    await oldCompetition(old);
    await oldEvent(old, 'ajs-open', 'AJS Open', 'Standard', 'Open');
    await oldEvent(old, 'gold-waltz', 'Gold Waltz', 'Standard', 'Gold');
    await sql`update events set scoring_system = 'ajs' where key = 'ajs-open'`.execute(old);

    await upgrade(async (db) => {
      await db
        .insertInto('events')
        .values({
          competition_id: 1,
          key: 'new-ajs',
          name: 'New AJS',
          style: 'Latin',
          level: 'Open',
          dances: '[]',
          sort_order: 3,
          round_naming: 'fraction',
          scoring_system: 'ajs',
          version: 1,
        })
        .execute();
      const rows = await db.selectFrom('events').select(['key', 'ajs_tolerance']).orderBy('key').execute();
      expect(rows).toEqual([
        { key: 'ajs-open', ajs_tolerance: 1.2 },
        { key: 'gold-waltz', ajs_tolerance: 1.5 },
        { key: 'new-ajs', ajs_tolerance: 1.5 },
      ]);
    });
  });
});

describe('migration 0032 (money as rows)', () => {
  it('turns each registration’s amount due and amount paid into its invoice’s carried-over line and payment, numbered per competition', async () => {
    const { old, upgrade } = await releaseBefore('before-money.sqlite', '0032_money');
    await oldCompetition(old);
    await oldEvent(old, 'gold-waltz', 'Gold Waltz', 'Standard', 'Gold');
    for (const name of ['Ann Lead', 'Ben Follow', 'Cy Lead', 'Di Follow'])
      await sql`insert into competitors (competition_id, name, email) values (1, ${name}, ${name.replace(' ', '.') + '@example.com'})`.execute(
        old,
      );
    await sql`insert into registrations (competition_id, lead_id, follow_id, affiliation, entry_code_hash, tier, amount_due, amount_paid, paid_at, created_at)
      values (1, 1, 2, 'MIT', 'h1', 'EARLY', 70, 30.5, '2026-10-02T10:00:00.000Z', '2026-10-01T10:00:00.000Z'),
             (1, 3, 4, 'MIT', 'h2', 'OPEN', 90, 0, null, '2026-10-03T10:00:00.000Z')`.execute(old);
    await sql`insert into entries (competition_id, event_id, registration_id, lead_id, follow_id, lead_name, follow_name, affiliation, lead_number, registered_time)
      values (1, 1, 1, 1, 2, 'Ann Lead', 'Ben Follow', 'MIT', 101, '2026-10-01T10:00:00.000Z')`.execute(old);

    await upgrade(async (db) => {
      const invoices = await db
        .selectFrom('invoices')
        .select(['number', 'kind', 'registration_id', 'name'])
        .orderBy('number')
        .execute();
      expect(invoices).toEqual([
        { number: 1, kind: 'couple', registration_id: 1, name: 'Ann Lead & Ben Follow' },
        { number: 2, kind: 'couple', registration_id: 2, name: 'Cy Lead & Di Follow' },
      ]);
      const lines = await db
        .selectFrom('invoice_lines')
        .select(['invoice_id', 'kind', 'event_id', 'competitor_id', 'amount_cents'])
        .orderBy('id')
        .execute();
      expect(lines).toEqual([
        { invoice_id: 1, kind: 'carried_over', event_id: null, competitor_id: null, amount_cents: 7000 },
        // The entry of then is covered by that fee: not charged again per entry.
        { invoice_id: 1, kind: 'entry', event_id: 1, competitor_id: 1, amount_cents: 0 },
        { invoice_id: 1, kind: 'entry', event_id: 1, competitor_id: 2, amount_cents: 0 },
        { invoice_id: 2, kind: 'carried_over', event_id: null, competitor_id: null, amount_cents: 9000 },
      ]);
      const payments = await db
        .selectFrom('payments')
        .select(['invoice_id', 'amount_cents', 'method', 'created_at'])
        .execute();
      expect(payments).toEqual([
        { invoice_id: 1, amount_cents: 3050, method: 'carried_over', created_at: '2026-10-02T10:00:00.000Z' },
      ]);
    });
  });
});

describe('migration 0033 (languages)', () => {
  it('gives existing competitions and registrations English, the only language there was; new ones take theirs', async () => {
    const { old, upgrade } = await releaseBefore('before-languages.sqlite', '0033_languages');
    await oldCompetition(old);
    for (const name of ['Ann Lead', 'Ben Follow'])
      await sql`insert into competitors (competition_id, name, email) values (1, ${name}, ${name.replace(' ', '.') + '@example.com'})`.execute(
        old,
      );
    await sql`insert into registrations (competition_id, lead_id, follow_id, affiliation, entry_code_hash, tier, created_at)
      values (1, 1, 2, 'MIT', 'h1', 'EARLY', '2026-10-01T10:00:00.000Z')`.execute(old);

    await upgrade(async (db) => {
      expect(await db.selectFrom('competitions').select(['key', 'language']).execute()).toEqual([
        { key: 'old', language: 'en' },
      ]);
      expect(await db.selectFrom('registrations').select(['id', 'language']).execute()).toEqual([
        { id: 1, language: 'en' },
      ]);
      await db.updateTable('competitions').set({ language: 'de' }).where('key', '=', 'old').execute();
      const row = await db.selectFrom('competitions').select('language').executeTakeFirst();
      expect(row?.language).toBe('de');
    });
  });
});
