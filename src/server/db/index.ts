import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  SqliteDialect,
  type Migration,
  type MigrationProvider,
  type SqliteDatabase,
} from 'kysely';
import type { Database } from './schema.ts';
import * as m0001 from './migrations/0001_initial.ts';
import * as m0002 from './migrations/0002_chairman_approval.ts';
import * as m0003 from './migrations/0003_audit_entity_index.ts';
import * as m0004 from './migrations/0004_idempotency_keys.ts';
import * as m0005 from './migrations/0005_competition_clock.ts';
import * as m0006 from './migrations/0006_round_naming.ts';
import * as m0007 from './migrations/0007_public_feed_numbers.ts';
import * as m0008 from './migrations/0008_sec-load_indexes.ts';

/** Migrations in order; listed here (not read from disk) so the bundle and tsx behave the same. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_chairman_approval': m0002,
  '0003_audit_entity_index': m0003,
  '0004_idempotency_keys': m0004,
  '0005_competition_clock': m0005,
  '0006_round_naming': m0006,
  '0007_public_feed_numbers': m0007,
  '0008_sec-load_indexes': m0008,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export type DB = Kysely<Database>;

export interface OpenedDatabase {
  db: DB;
  close: () => Promise<void>;
}

/** Opens (creating if needed) the SQLite file with durable settings and runs pending migrations. */
export async function openDatabase(file: string): Promise<OpenedDatabase> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL for concurrent readers; FULL sync so an acknowledged write survives power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: preparedOnce(sqlite) }) });
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  return { db, close: () => db.destroy() };
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
