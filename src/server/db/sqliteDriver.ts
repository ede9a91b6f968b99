/**
 * Kysely's SQLite driver, with reads beside the writes. Kysely's own driver holds SQLite's one
 * connection for a whole transaction, so every read of every visitor waited behind every registration
 * in progress: during a flood from 100 addresses a public GET took 0.4–0.8 s. Here a
 * transaction still holds the one writing connection (writes stay one at a time, in order), while a
 * SELECT outside any transaction runs at once on a second, read-only connection. In WAL mode that
 * connection reads the last committed state: what a reader sees is what was acknowledged.
 *
 * Also: on a fault such as SQLITE_FULL SQLite has already rolled the transaction back; Kysely's ROLLBACK
 * would then fail ("cannot rollback - no transaction is active") and hide the real cause, so only a
 * transaction still open is rolled back.
 */
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** One at a time, in the order asked. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const before = this.tail;
    this.tail = before.then(() => next);
    await before;
    return release;
  }
}

/** A better-sqlite3 connection whose SQL texts are compiled once each (compiling was a quarter of a flood's time). */
class Statements {
  private readonly cache = new Map<string, SQLite.Statement>();

  constructor(readonly sqlite: SQLite.Database) {}

  run(query: CompiledQuery): QueryResult<unknown> {
    let statement = this.cache.get(query.sql);
    if (!statement) {
      // Texts are built by the code, not the data (values are parameters): a few hundred at most.
      if (this.cache.size >= 2000) this.cache.clear();
      statement = this.sqlite.prepare(query.sql);
      this.cache.set(query.sql, statement);
    }
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    };
  }
}

/** What Kysely holds for one query or one transaction. */
class Session implements DatabaseConnection {
  /** Set while this session's transaction holds the writing connection. */
  release: (() => void) | null = null;

  constructor(private readonly driver: ReadersAsideDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  // eslint-disable-next-line require-yield -- Promenade never streams; Kysely's interface asks for it.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries is not supported.');
  }
}

class ReadersAsideDriver implements Driver {
  private readonly writing = new Mutex();
  private readonly writer: Statements;
  private reader: Statements | null = null;

  constructor(writer: SQLite.Database) {
    this.writer = new Statements(writer);
  }

  /** From now on, SELECTs outside transactions run on `reader` (opened read-only on the same file). */
  readAside(reader: SQLite.Database): void {
    this.reader = new Statements(reader);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Session(this);
  }

  async execute(session: Session, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (session.release) return this.writer.run(query);
    if (this.reader && SelectQueryNode.is(query.query)) return this.reader.run(query);
    // A write outside a transaction waits for the transaction in progress, then runs alone.
    const release = await this.writing.lock();
    try {
      return this.writer.run(query);
    } finally {
      release();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as Session;
    session.release = await this.writing.lock();
    try {
      this.writer.run(CompiledQuery.raw('begin'));
    } catch (err) {
      this.end(session);
      throw err;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as Session;
    try {
      this.writer.run(CompiledQuery.raw('commit'));
    } finally {
      // A failed COMMIT (disk full) has rolled back already: either way the transaction is over.
      if (!this.writer.sqlite.inTransaction) this.end(session);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as Session;
    try {
      if (this.writer.sqlite.inTransaction) this.writer.run(CompiledQuery.raw('rollback'));
    } finally {
      this.end(session);
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Kysely releases after commit or rollback; a transaction left open here would block every write.
    const session = connection as Session;
    if (session.release) {
      if (this.writer.sqlite.inTransaction) this.writer.run(CompiledQuery.raw('rollback'));
      this.end(session);
    }
  }

  async destroy(): Promise<void> {
    this.reader?.sqlite.close();
    this.writer.sqlite.close();
  }

  private end(session: Session): void {
    session.release?.();
    session.release = null;
  }
}

/** The SQLite dialect over `writer`; call `readAside` once migrations have run. */
export class ReadersAsideDialect implements Dialect {
  private readonly driver: ReadersAsideDriver;

  constructor(writer: SQLite.Database) {
    this.driver = new ReadersAsideDriver(writer);
  }

  readAside(reader: SQLite.Database): void {
    this.driver.readAside(reader);
  }

  createDriver(): Driver {
    return this.driver;
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
