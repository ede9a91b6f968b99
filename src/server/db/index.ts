import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, sql, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import { lockDataFolder, prepareDataFolder, StartupError } from './dataFolder.ts';
import { isPostgresUrl, postgresDialect, type DatabaseKind } from './dialect.ts';
import { ReadersAsideDialect } from './sqliteDriver.ts';
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
import * as m0015 from './migrations/0015_chain.ts';
import * as m0016 from './migrations/0016_locks.ts';
import * as m0017 from './migrations/0017_formats_couples.ts';
import * as m0018 from './migrations/0018_ajs_scoring.ts';
import * as m0019 from './migrations/0019_correction_lock.ts';
import * as m0020 from './migrations/0020_schedule_floors.ts';
import * as m0021 from './migrations/0021_round_floor.ts';
import * as m0022 from './migrations/0022_person_distinct.ts';
import * as m0023 from './migrations/0023_staff_only_changes.ts';
import * as m0024 from './migrations/0024_posted_chain_head.ts';
import * as m0025 from './migrations/0025_round_wait.ts';
import * as m0026 from './migrations/0026_ajs_tolerance.ts';
import * as m0027 from './migrations/0027_round_ajs_panel.ts';
import * as m0028 from './migrations/0028_messages.ts';
import * as m0029 from './migrations/0029_entry_links.ts';
import * as m0031 from './migrations/0031_announcements.ts';
import * as m0032 from './migrations/0032_money.ts';
import * as m0033 from './migrations/0033_languages.ts';
import * as m0034 from './migrations/0034_mirror.ts';

/** Migrations in order; listed here (not read from disk) so the bundle and tsx behave the same. */
const migrations: Record<string, Migration> = {
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
  '0015_chain': m0015,
  '0016_locks': m0016,
  '0017_formats_couples': m0017,
  '0018_ajs_scoring': m0018,
  '0019_correction_lock': m0019,
  '0020_schedule_floors': m0020,
  '0021_round_floor': m0021,
  '0022_person_distinct': m0022,
  '0023_staff_only_changes': m0023,
  '0024_posted_chain_head': m0024,
  '0025_round_wait': m0025,
  '0026_ajs_tolerance': m0026,
  '0027_round_ajs_panel': m0027,
  '0028_messages': m0028,
  '0029_entry_links': m0029,
  '0031_announcements': m0031,
  '0032_money': m0032,
  '0033_languages': m0033,
  '0034_mirror': m0034,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations before `name`, in order: a test builds a database as it was before that one ran. */
export function migrationsBefore(name: string): Record<string, Migration> {
  const names = Object.keys(migrations);
  if (!names.includes(name)) throw new Error(`no migration ${name}`);
  return Object.fromEntries(names.slice(0, names.indexOf(name)).map((n) => [n, migrations[n]!]));
}

export type DB = Kysely<Database>;

export interface OpenedDatabase {
  db: DB;
  kind: DatabaseKind;
  /** PostgreSQL's connection string (the change feed listens on a connection of its own); null on SQLite. */
  url: string | null;
  /**
   * Reads that take several turns of the event loop in one consistent snapshot (a transaction), so no
   * visitor's request waits for them: `GET …/events` at thousands of couples. On SQLite a
   * read-only connection of its own; `db` itself on PostgreSQL (a pooled transaction blocks nobody)
   * and for an in-memory database.
   */
  snapshots: DB;
  close: () => Promise<void>;
}

/** Runs the pending migrations; a failure is a StartupError naming the migration. */
export async function migrate(db: DB): Promise<void> {
  // On PostgreSQL, Kysely's migrator holds an advisory lock while it migrates (and creates its own
  // tables tolerating a concurrent creation), so instances starting together migrate once.
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed)
    throw new StartupError(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/**
 * Where PROMENADE_DATABASE_URL and PROMENADE_DATA say: PostgreSQL when the URL is a postgres:// one,
 * else SQLite in the data folder.
 */
export async function openConfigured(where: {
  dataDir: string;
  databaseUrl?: string;
}): Promise<OpenedDatabase> {
  const url = where.databaseUrl?.trim();
  if (url && !isPostgresUrl(url))
    throw new StartupError(
      'PROMENADE_DATABASE_URL must be a PostgreSQL connection string (postgres://user:password@host:5432/database); unset it to use SQLite in PROMENADE_DATA.',
    );
  if (!url) return openDatabase(join(where.dataDir, 'promenade.sqlite'));
  // The data folder still holds the installation's secret (entry codes), shared by every instance.
  prepareDataFolder(where.dataDir);
  return openPostgres(url);
}

/** Start-up work one instance at a time (PostgreSQL: an advisory lock; SQLite: the folder lock does it). */
const STARTUP_LOCK = 0x50524f4e;

/**
 * Runs `fn` while no other instance runs it: first-start seeding on an empty database, which two
 * instances starting at once would otherwise both do.
 */
export async function exclusively<T>(opened: OpenedDatabase, fn: (db: DB) => Promise<T>): Promise<T> {
  if (opened.kind !== 'postgres') return fn(opened.db);
  return opened.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(conn);
    }
  });
}

/** Connects to PostgreSQL at `url` and runs pending migrations (safe when several instances start at once). */
export async function openPostgres(url: string, opts: { poolSize?: number } = {}): Promise<OpenedDatabase> {
  const dialect = postgresDialect(url, opts.poolSize);
  const db = new Kysely<Database>({ dialect });
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    await db.destroy();
    throw new StartupError(
      `The PostgreSQL database at ${redactUrl(url)} cannot be reached: ${(err as Error).message}.`,
    );
  }
  try {
    await migrate(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return { db, kind: 'postgres', url, snapshots: db, close: () => db.destroy() };
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'PROMENADE_DATABASE_URL';
  }
}

/**
 * Opens (creating if needed) the SQLite file with durable settings and runs pending migrations. The
 * data folder is locked first (dataFolder.ts): one server per folder, so migrations never race.
 */
export async function openDatabase(file: string): Promise<OpenedDatabase> {
  let unlock = () => {};
  if (file !== ':memory:') {
    prepareDataFolder(dirname(file));
    unlock = lockDataFolder(dirname(file));
  }
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file);
    // WAL for concurrent readers; FULL sync so an acknowledged write survives power loss.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
  } catch (err) {
    unlock();
    throw new StartupError(`The database ${file} cannot be opened: ${(err as Error).message}.`);
  }
  const dialect = new ReadersAsideDialect(sqlite);
  const db = new Kysely<Database>({ dialect });
  try {
    await migrate(db);
  } catch (err) {
    await db.destroy();
    unlock();
    throw err;
  }
  // Visitors' reads beside the writes (sqliteDriver.ts), on the schema the migrations left.
  let snapshots = db;
  if (file !== ':memory:') {
    const reader = new SQLite(file, { readonly: true, fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    dialect.readAside(reader);
    const snapshotReader = new SQLite(file, { readonly: true, fileMustExist: true });
    snapshotReader.pragma('busy_timeout = 5000');
    snapshots = new Kysely<Database>({ dialect: new SqliteDialect({ database: snapshotReader }) });
  }
  return {
    db,
    kind: 'sqlite',
    url: null,
    snapshots,
    close: async () => {
      if (snapshots !== db) await snapshots.destroy();
      await db.destroy();
      unlock();
    },
  };
}

export const nowIso = (): string => new Date().toISOString();
