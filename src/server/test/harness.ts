import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, openPostgres, type DB, type OpenedDatabase } from '../db/index.ts';
import type { DatabaseKind } from '../db/dialect.ts';
import { withDatabase } from './pgCluster.ts';
import { TEMPLATE } from './pgSetup.ts';
import type { Database } from '../db/schema.ts';
import { buildApp } from '../app.ts';
import type { NetLimits } from '../http/limits.ts';
import { seedDemo, type DemoResult } from '../demo/seed.ts';
import { hashSecret } from '../auth/passwords.ts';
import type { SenderOptions } from '../mail/sender.ts';
import type { MirrorTarget } from '../mirror/venue.ts';

export const ADMIN = { email: 'admin@example.com', password: 'secret123' };

export interface TestServer {
  url: string;
  app: FastifyInstance;
  db: DB;
  dir: string;
  demo: DemoResult | null;
  /** Stops the server and removes its data directory; `stop(false)` keeps it for a restart on it. */
  stop: (remove?: boolean) => Promise<void>;
}

export interface ServerOptions {
  demo?: boolean;
  dir?: string;
  webRoot?: string | null;
  /** Set Secure on session cookies, as PROMENADE_SECURE_COOKIES=1 does. */
  secureCookies?: boolean;
  /** Fastify's logger option, e.g. `{ level: 'info', stream }` to read the server's log lines. */
  logger?: FastifyServerOptions['logger'];
  /** Network limits other than the environment's (stream caps, proxy hops, request timeout). */
  limits?: Partial<NetLimits>;
  /**
   * Check every answer against its response schema (default). Off only where a test measures time as
   * production spends it: checking the 1.4 MB of …/events at 3,000 couples costs more than building it.
   */
  validateResponses?: boolean;
  /** Public notices gathered during a burst (production: 1,000 ms); 0 by default here. */
  publicPulseMs?: number;
  /** How long the public read cache may keep an answer no notice emptied (production: 2 s). */
  readCacheMaxAgeMs?: number;
  /**
   * PROMENADE_SMTP_URL (e.g. a kits/smtp.ts server's `url`). Unset, and `mail` unset too: no sender
   * runs and messages stay 'pending'; with `mail` given, the sender keeps them 'unsent'.
   */
  smtpUrl?: string | null;
  /** PROMENADE_MAIL_FROM. */
  mailFrom?: string | null;
  /** The mail sender's timing (shorter backoff and lease in tests). */
  mail?: Partial<SenderOptions>;
  /** A venue: the public site it mirrors to (docs/mirror.md). */
  mirrorTo?: MirrorTarget | null;
  /** A public site: the secrets venues mirror with. */
  mirrorAcceptTokens?: string[];
  /** The database, whatever the run's (a venue on SQLite, its public site on PostgreSQL). */
  database?: DatabaseKind;
  /** Listen on this port (a restart where others know the address); a free one when unset. */
  port?: number;
}

/**
 * The database the server tests run on: SQLite (a temp file), or PostgreSQL with
 * PROMENADE_TEST_DB=postgres (`npm run test:pg`: a database per test server in a throwaway cluster).
 */
export const TEST_DB: DatabaseKind = process.env.PROMENADE_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const onPostgres = TEST_DB === 'postgres';

/** Where a data folder's PostgreSQL database is named, so a server restarted on the folder finds it again. */
const PG_URL_FILE = 'postgres.url';

async function superuser<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** A new, migrated PostgreSQL database (a copy of the run's template; `bare`: not even migrated); its URL. */
export async function newPostgresDatabase(opts: { bare?: boolean } = {}): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await superuser((c) => c.query(`create database ${name} template ${opts.bare ? 'template0' : TEMPLATE}`));
  return withDatabase(inject('pgAdminUrl'), name);
}

export async function dropPostgresDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (/^t_[0-9a-f]+$/.test(name))
    await superuser((c) => c.query(`drop database if exists ${name} with (force)`));
}

/** The test database of the data folder `dir`: its SQLite file, or its PostgreSQL database (made on first use). */
export async function openTestDatabase(dir: string, kind: DatabaseKind = TEST_DB): Promise<OpenedDatabase> {
  if (kind === 'sqlite') return openDatabase(join(dir, 'promenade.sqlite'));
  const file = join(dir, PG_URL_FILE);
  let url: string;
  if (existsSync(file)) url = readFileSync(file, 'utf8').trim();
  else {
    url = await newPostgresDatabase();
    writeFileSync(file, url);
  }
  return openPostgres(url, { poolSize: 5 });
}

/** A real server on a real temp database (SQLite file or PostgreSQL), listening on a free loopback port. */
export async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'promenade-test-'));
  const opened = await openTestDatabase(dir, opts.database);
  const { db, snapshots, close } = opened;
  let demo: DemoResult | null = null;
  if (opts.demo !== false && !(await db.selectFrom('competitions').select('id').executeTakeFirst()))
    demo = await seedDemo(db);
  if (!(await db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirst())) {
    await db
      .insertInto('users')
      .values({
        email: ADMIN.email,
        name: 'Test Admin',
        password_hash: await hashSecret(ADMIN.password),
        is_super_admin: 1,
      })
      .execute();
  }
  const app = await buildApp({
    db,
    snapshots,
    database: { kind: opened.kind, url: opened.url },
    config: {
      defaultCompetition: null,
      secureCookies: opts.secureCookies ?? false,
      webRoot: opts.webRoot ?? null,
      dataDir: dir,
      smtpUrl: opts.smtpUrl ?? null,
      mailFrom: opts.mailFrom ?? null,
      mirrorTo: opts.mirrorTo ?? null,
      mirrorAcceptTokens: opts.mirrorAcceptTokens ?? [],
    },
    // No mail server and no sender timing asked for: nothing delivers, the outbox rows stay as written.
    mail: opts.mail ?? (opts.smtpUrl ? undefined : false),
    logger: opts.logger,
    limits: opts.limits,
    validateResponses: opts.validateResponses ?? true,
    publicPulseMs: opts.publicPulseMs,
    readCacheMaxAgeMs: opts.readCacheMaxAgeMs,
  }).catch(async (err: unknown) => {
    await close();
    throw err;
  });
  await app.listen({ port: opts.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    dir,
    demo,
    stop: async (remove = true) => {
      await app.close();
      await close();
      if (remove) {
        if (opened.url) await dropPostgresDatabase(opened.url);
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Makes a write fail inside a command (a disk fault half-way), until the returned function is called:
 * a trigger on `table` at `event` ('BEFORE INSERT', 'BEFORE UPDATE OF round_number', 'BEFORE DELETE'),
 * only for rows where `when` holds (SQL over NEW/OLD), raising `message`. SQLite and PostgreSQL say
 * triggers differently; the test says what fails.
 */
export async function failWrites(
  db: DB,
  name: string,
  table: string,
  event: string,
  when: string | null,
  message: string,
): Promise<() => Promise<void>> {
  const condition = when ? ` WHEN (${when})` : '';
  if (!onPostgres) {
    await sql
      .raw(
        `CREATE TRIGGER ${name} ${event} ON ${table}${condition} BEGIN SELECT RAISE(ABORT, '${message}'); END`,
      )
      .execute(db);
    return async () => void (await sql.raw(`DROP TRIGGER ${name}`).execute(db));
  }
  await sql
    .raw(
      `CREATE FUNCTION ${name}_fn() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${message}'; END $$`,
    )
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ${name} ${event} ON ${table} FOR EACH ROW${condition} EXECUTE FUNCTION ${name}_fn()`)
    .execute(db);
  return async () => {
    await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION ${name}_fn()`).execute(db);
  };
}

export interface Res<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny HTTP client that keeps one session cookie, like a browser tab. */
export class Client {
  cookie = '';
  private readonly baseOf: () => string;
  /** `base` may be a function: a client made before its server has started (see useTestServer). */
  constructor(base: string | (() => string)) {
    this.baseOf = typeof base === 'string' ? () => base : base;
  }

  get base(): string {
    return this.baseOf();
  }

  async call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Res<T>> {
    const init: RequestInit = {
      method,
      headers: { ...headers, ...(this.cookie ? { cookie: this.cookie } : {}) },
    };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.base + path, init);
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0] ?? '';
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(p: string) => this.call<T>('GET', p);
  post = <T = any>(p: string, b: unknown = {}) => this.call<T>('POST', p, b);
  put = <T = any>(p: string, b: unknown) => this.call<T>('PUT', p, b);
  patch = <T = any>(p: string, b: unknown) => this.call<T>('PATCH', p, b);
  del = <T = any>(p: string) => this.call<T>('DELETE', p);

  async login(email = ADMIN.email, password = ADMIN.password): Promise<Res<any>> {
    return this.post('/api/v1/auth/login', { email, password });
  }
}

type Table = keyof Database;

/** The id of the competition with `key`. */
export async function competitionId(db: DB, key = 'demo'): Promise<number> {
  return (await db.selectFrom('competitions').select('id').where('key', '=', key).executeTakeFirstOrThrow())
    .id;
}

/** The full name of the competition with `key`: what every email to its dancers names. */
export async function competitionFullName(db: DB, key = 'demo'): Promise<string> {
  return (
    await db.selectFrom('competitions').select('full_name').where('key', '=', key).executeTakeFirstOrThrow()
  ).full_name;
}

/** How many rows `table` holds: to show that a refused request wrote nothing. */
export async function countRows(db: DB, table: Table): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Row counts of several tables, under the names given (`{ marks: 'marks', … }`). */
export async function rowCounts<K extends string>(
  db: DB,
  tables: Record<K, Table>,
): Promise<Record<K, number>> {
  const out = {} as Record<K, number>;
  for (const [name, table] of Object.entries(tables) as [K, Table][]) out[name] = await countRows(db, table);
  return out;
}

/** Where each kind of code is kept: an official's access code, a registration's entry code. */
const CODE_COLUMN = { officials: 'access_code_hash', registrations: 'entry_code_hash' } as const;

/** The stored form of a code (to show how it is kept), by the id of the official or registration. */
export async function storedCode(db: DB, table: keyof typeof CODE_COLUMN, id: number): Promise<string> {
  const row = await db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(CODE_COLUMN[table])}`.as('code'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.code;
}

/** The newest audit record of `action`, with what it wrote after read back from JSON; fails if there is none. */
export async function lastAudit(db: DB, action: string): Promise<{ actor: string; after: any }> {
  const row = await db
    .selectFrom('audit_log')
    .select(['actor', 'after'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { actor: row.actor, after: row.after === null ? null : JSON.parse(row.after) };
}

/** The audit records of `action` on one entity, oldest first, as stored (`before`/`after` are JSON text). */
export function auditTrail(db: DB, action: string, entityId: string | number) {
  return db
    .selectFrom('audit_log')
    .select(['actor', 'before', 'after'])
    .where('action', '=', action)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}

/** A judge's mark written straight into the database, as a judge's submission stores it. */
export async function insertMark(
  db: DB,
  round: { id: number; competition_id: number },
  officialId: number,
  dance: string,
  value: string,
): Promise<void> {
  await db
    .insertInto('marks')
    .values({
      competition_id: round.competition_id,
      round_id: round.id,
      official_id: officialId,
      dance,
      value,
      version: 1,
      source: 'judge',
      count_override: 0,
      idempotency_key: null,
      submitted_by: 'test',
      submitted_at: new Date().toISOString(),
    })
    .execute();
}

/** A stand-in for the built web app in a new temp folder: `files` by path ('index.html', 'assets/x.js'). */
export function writeWebRoot(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'promenade-web-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

export interface UsedServer {
  /** The server; its fields can be read once the file's (or block's) beforeAll hooks have run. */
  s: TestServer;
  /** A new signed-out client: a visitor's browser tab. */
  anon: () => Client;
}

/**
 * Starts a real server (a temp SQLite file, the demo seeded unless `demo: false`) before the tests of
 * the file or describe block it is called in, and stops it and removes its data after them. With
 * `admin: true` it also signs in `admin` as the site admin. `opts` may be a function, for options made
 * when the server starts (a web root written to a temp folder). Hooks registered after this call run
 * after the server started, and their afterAll before it stops.
 */
export function useTestServer(opts: ServerOptions & { admin: true }): UsedServer & { admin: Client };
export function useTestServer(
  opts?: ServerOptions | (() => ServerOptions | Promise<ServerOptions>),
): UsedServer;
export function useTestServer(
  opts: (ServerOptions & { admin?: boolean }) | (() => ServerOptions | Promise<ServerOptions>) = {},
): UsedServer & { admin?: Client } {
  let started: TestServer | undefined;
  const live = (): TestServer => {
    if (!started)
      throw new Error('the test server runs from beforeAll to afterAll: use it in a test or hook');
    return started;
  };
  const s: TestServer = {
    get url() {
      return live().url;
    },
    get app() {
      return live().app;
    },
    get db() {
      return live().db;
    },
    get dir() {
      return live().dir;
    },
    get demo() {
      return live().demo;
    },
    stop: (remove) => live().stop(remove),
  };
  const signIn = typeof opts === 'object' && opts.admin === true;
  const admin = signIn ? new Client(() => s.url) : undefined;
  beforeAll(async () => {
    started = await startServer(typeof opts === 'function' ? await opts() : opts);
    if (admin) {
      const res = await admin.login();
      if (res.status !== 200) throw new Error(`the admin could not sign in: ${res.status}`);
    }
  });
  afterAll(async () => {
    await started?.stop();
    started = undefined;
  });
  return { s, anon: () => new Client(s.url), ...(admin ? { admin } : {}) };
}

export function expectErrorShape(res: Res, status: number, code?: string): void {
  const b = res.body as { error?: { code?: unknown; message?: unknown } };
  if (res.status !== status)
    throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  if (
    !b?.error ||
    typeof b.error.message !== 'string' ||
    typeof b.error.code !== 'string' ||
    !b.error.message
  ) {
    throw new Error(`not the error shape: ${JSON.stringify(res.body).slice(0, 300)}`);
  }
  if (code && b.error.code !== code) throw new Error(`expected code ${code}, got ${String(b.error.code)}`);
}

/** GET /auth/me as `client` answers that nobody is signed in: 200 `{}` (an expected state, not an error). */
export async function expectSignedOut(client: Client): Promise<void> {
  const res = await client.get('/api/v1/auth/me');
  if (res.status !== 200 || JSON.stringify(res.body) !== '{}')
    throw new Error(
      `expected nobody signed in, got ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
    );
}

/**
 * What `probe` finds once it finds something (it answers null or false until then), looking every
 * 25 ms; fails after `timeoutMs` naming `what`. For a state a person would wait for, never a fixed time.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== null && found !== false) return found;
    if (Date.now() > end) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Reads Server-Sent Events from a stream until `until` is satisfied, `signal` aborts or the time runs out. */
export async function readEvents(
  url: string,
  opts: {
    cookie?: string;
    lastEventId?: string;
    until: (events: SseEvent[]) => boolean;
    timeoutMs?: number;
    onOpen?: () => Promise<void> | void;
    signal?: AbortSignal;
  },
): Promise<SseEvent[]> {
  const ctrl = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
  const timer = setTimeout(() => ctrl.abort(), opts.timeoutMs ?? 3000);
  opts.signal?.addEventListener('abort', () => ctrl.abort(), { once: true });
  const events: SseEvent[] = [];
  try {
    const res = await fetch(url, { headers, signal: ctrl.signal });
    if (!res.body) return events;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    let opened = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const ev: SseEvent = { event: 'message', data: '', id: undefined };
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) ev.event = line.slice(7);
          else if (line.startsWith('data: ')) ev.data += line.slice(6);
          else if (line.startsWith('id: ')) ev.id = line.slice(4);
        }
        if (ev.data || ev.id) events.push(ev);
      }
      if (!opened && events.length > 0) {
        opened = true;
        await opts.onOpen?.();
      }
      if (opts.until(events)) break;
    }
  } catch (e) {
    if ((e as Error).name !== 'AbortError') throw e;
  } finally {
    clearTimeout(timer);
    ctrl.abort();
  }
  return events;
}

export interface SseEvent {
  event: string;
  data: string;
  id: string | undefined;
}

/** A Promenade server as its own process (main.ts, as in production), for killing or stopping. */
/** A judge's marks sent to a server that may be killed mid-burst, and whether an answer acknowledged them. */
export interface SentMarks {
  judge: number;
  dance: string;
  value: string[];
  /** The Idempotency-Key, so a resend is taken once. */
  key: string;
  acknowledged: boolean;
  version?: number;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  exited: Promise<unknown>;
}

/**
 * Starts `src/server/main.ts` on `port` with the data folder `dir` (and `env` on top, e.g.
 * PROMENADE_DATABASE_URL), and resolves once `/api/health` answers.
 */
export async function startServerProcess(
  port: number,
  dir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PROMENADE_DATA: dir,
      LOG_LEVEL: 'warn',
      PROMENADE_ADMIN_EMAIL: ADMIN.email,
      PROMENADE_ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise((r) => child.on('exit', r));
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok)
        return { child, output: () => out, exited };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}
