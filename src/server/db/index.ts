import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import { lockDataFolder, prepareDataFolder, StartupError } from './dataFolder.ts';
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
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export type DB = Kysely<Database>;

export interface OpenedDatabase {
  db: DB;
  /**
   * A read-only connection of its own for reads that take several turns of the event loop in one
   * consistent snapshot (a transaction), so no visitor's request waits for them: `GET …/events` at
   * thousands of couples (issue 15). The same as `db` for an in-memory database.
   */
  snapshots: DB;
  close: () => Promise<void>;
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
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    unlock();
    throw new StartupError(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
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
    snapshots,
    close: async () => {
      if (snapshots !== db) await snapshots.destroy();
      await db.destroy();
      unlock();
    },
  };
}

export const nowIso = (): string => new Date().toISOString();
