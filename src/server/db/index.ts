import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  SqliteDialect,
  type Driver,
  type Migration,
  type MigrationProvider,
  type SqliteDatabase,
} from 'kysely';
import type { Database } from './schema.ts';
import { lockDataFolder, prepareDataFolder, StartupError } from './dataFolder.ts';
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

/**
 * On a fault such as SQLITE_FULL, SQLite has already rolled the transaction back; Kysely's ROLLBACK
 * would then fail ("cannot rollback - no transaction is active") and hide the real cause. Roll back
 * only a transaction that is still open.
 */
class SqliteDialectKeepingCause extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: preparedOnce(sqlite) });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export type DB = Kysely<Database>;

export interface OpenedDatabase {
  db: DB;
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
  const db = new Kysely<Database>({ dialect: new SqliteDialectKeepingCause(sqlite) });
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    unlock();
    throw new StartupError(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return {
    db,
    close: async () => {
      await db.destroy();
      unlock();
    },
  };
}

/**
 * The connection with each SQL text compiled once: Kysely prepares every query anew, and compiling
 * was a quarter of the server's time during a registration flood (issue 15). The statements are
 * used one at a time (Kysely holds one connection per query or transaction).
 */
function preparedOnce(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (source) => {
      let statement = statements.get(source);
      if (!statement) {
        // Texts are built by the code, not the data (values are parameters): a few hundred at most.
        if (statements.size >= 2000) statements.clear();
        statement = sqlite.prepare(source);
        statements.set(source, statement);
      }
      return statement;
    },
  };
}

export const nowIso = (): string => new Date().toISOString();
