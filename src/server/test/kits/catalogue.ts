/**
 * The API's routes as the security tests see them: every route read from the running app's OpenAPI
 * document, who may call each staff route (mirrors each route's declared `config.access`, see
 * src/server/http/access.ts, and the "who" column of docs/api.md), a body each staff route would accept,
 * and a snapshot of the whole database to prove a refused request wrote nothing.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/index.ts';
import { expect } from 'vitest';
import { expectErrorShape, onPostgres, type Client, type Res } from '../harness.ts';
import type { OfficialRole } from '../../../domain/schemas/competition.ts';

export const OFFICIAL_ROLES: readonly OfficialRole[] = [
  'Judge',
  'Deck Captain',
  'Scrutineer',
  'Chairman',
  'MC',
];

/** `super` = site administrator only; `admin` = an administrator of the competition (or site admin). */
export type Who = 'super' | 'admin' | OfficialRole;

export type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  items?: JsonSchema;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI template, e.g. `/api/v1/competitions/{key}/events/{eventKey}`. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
  /** False for commands that take no fields: a missing or empty body is then the empty object. */
  bodyRequired: boolean;
}

/** Every route of the running app, from its OpenAPI document (so a new route is fuzzed without edits here). */
export async function loadRoutes(client: Client): Promise<ApiRoute[]> {
  const doc = await client.get<{ paths: Record<string, Record<string, OpenApiOp>> }>('/api/openapi.json');
  if (doc.status !== 200) throw new Error(`openapi.json: ${doc.status}`);
  const out: ApiRoute[] = [];
  for (const [path, ops] of Object.entries(doc.body.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      out.push({
        method: method.toUpperCase() as ApiRoute['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        bodyRequired: op.requestBody?.required === true,
      });
    }
  }
  return out;
}

interface OpenApiOp {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export const routeId = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** Fills `{name}` placeholders; each value is URL-encoded. */
export function fillPath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(String(v));
  });
}

/** Real ids in the demo competition that staff routes act on. */
export interface DemoTargets {
  key: string;
  eventKey: string;
  /** An entry of `eventKey`. */
  entryId: number;
  /** A judge of the demo competition (official id). */
  officialId: number;
  /** Used for both `/competitors/{id}` and `/registrations/{id}`: both exist with this id. */
  id: number;
  /** A competition administrator account (another competition's admin is fine: the route still needs auth). */
  userId: number;
  n: number;
  /** The demo competition exported, to try importing under a new key. */
  exportDoc: unknown;
  dance: string;
  /** The person of the competitor `id` (people routes). */
  personId: number;
}

export interface StaffRoute {
  method: ApiRoute['method'];
  path: string;
  who: readonly Who[];
  /** A body the route would accept from a caller allowed to use it (so refusals are about access). */
  body?: (t: DemoTargets) => unknown;
  query?: string;
}

const A: readonly Who[] = ['admin'];
const C = '/api/v1/competitions/{key}';
const E = `${C}/events/{eventKey}`;
const R = `${E}/rounds/{n}`;

/**
 * Every non-public route and who may use it. `access.test.ts` checks this list covers every route of the
 * OpenAPI document that is not in PUBLIC_ROUTES, so a new route must be classified here or there.
 */
export const STAFF_ROUTES: readonly StaffRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/competitions',
    who: ['super'],
    body: () => ({ key: 'intruder-x', fullName: 'Intruder Open' }),
  },
  {
    method: 'POST',
    path: '/api/v1/competitions/import',
    who: ['super'],
    query: 'key=stolen-copy',
    body: (t) => t.exportDoc,
  },
  // Which competition `/` serves, and archiving one: site administrators only.
  { method: 'PUT', path: '/api/v1/site', who: ['super'], body: () => ({ competition: null }) },
  // The site's own audit chain.
  { method: 'GET', path: '/api/v1/site/audit/verify', who: ['super'] },
  { method: 'POST', path: `${C}/archive`, who: ['super'], body: () => ({ archived: true }) },
  // A venue taking a competition over from its public site, and handing it back (docs/mirror.md).
  { method: 'POST', path: '/api/v1/competitions/take-over', who: ['super'], body: () => ({ key: 'demo' }) },
  { method: 'POST', path: `${C}/hand-back`, who: ['super'], body: () => ({}) },
  { method: 'POST', path: `${C}/take-back`, who: ['super'], body: () => ({}) },
  // People across competitions: site administrators only.
  { method: 'GET', path: '/api/v1/people/{personId}/admin', who: ['super'] },
  { method: 'GET', path: '/api/v1/people/duplicates', who: ['super'] },
  {
    method: 'POST',
    path: '/api/v1/people/merge',
    who: ['super'],
    body: (t) => ({ from: t.personId, into: 1 }),
  },
  {
    method: 'POST',
    path: '/api/v1/people/distinct',
    who: ['super'],
    body: (t) => ({ personIds: [t.personId, t.personId + 1] }),
  },
  {
    method: 'POST',
    path: '/api/v1/people/{personId}/split',
    who: ['super'],
    body: (t) => ({ competitorId: t.id }),
  },
  {
    method: 'POST',
    path: '/api/v1/people/results/import',
    who: ['super'],
    body: () => ({
      csv: 'competition,date,style,level,dances,rounds danced,place,lead,follow\nElsewhere Open,2025-01-01,Standard,Gold,Waltz,2,1,Mole A,Mole B\n',
      dryRun: false,
    }),
  },
  { method: 'PATCH', path: C, who: A, body: () => ({ fullName: 'Hijacked Open' }) },
  // The body is the image file; a JSON body is as good for showing who is refused before it is read.
  { method: 'POST', path: `${C}/images`, who: A, body: () => ({}) },
  { method: 'PUT', path: `${C}/settings/events`, who: A, body: () => ({ showScheduleIndex: true }) },
  {
    method: 'POST',
    path: `${C}/events`,
    who: A,
    body: () => ({ name: 'Intruder Waltz', style: 'Standard', level: 'Gold', dances: ['Waltz'] }),
  },
  {
    method: 'POST',
    path: `${C}/events/grid`,
    who: A,
    body: () => ({ cells: [{ style: 'Latin', level: 'Gold' }], suffix: ' X' }),
  },
  { method: 'PATCH', path: E, who: A, body: () => ({ name: 'Hijacked Event' }) },
  { method: 'DELETE', path: E, who: A, query: 'confirm=true' },
  { method: 'GET', path: `${C}/officials`, who: A },
  { method: 'POST', path: `${C}/officials`, who: A, body: () => ({ name: 'Mole', role: 'Judge' }) },
  { method: 'PATCH', path: `${C}/officials/{officialId}`, who: A, body: () => ({ name: 'Hijacked Judge' }) },
  { method: 'DELETE', path: `${C}/officials/{officialId}`, who: A },
  { method: 'POST', path: `${C}/officials/{officialId}/code`, who: A, body: () => ({}) },
  { method: 'POST', path: `${C}/officials/codes`, who: A, body: () => ({}) },
  { method: 'PUT', path: `${E}/panel`, who: A, body: (t) => ({ officialIds: [t.officialId] }) },
  { method: 'GET', path: `${C}/admins`, who: A },
  {
    method: 'POST',
    path: `${C}/admins`,
    who: A,
    body: () => ({ email: 'mole@example.com', name: 'Mole', password: 'secret123' }),
  },
  { method: 'DELETE', path: `${C}/admins/{userId}`, who: A },
  { method: 'GET', path: `${C}/dashboard`, who: A },
  { method: 'GET', path: `${C}/export`, who: A },
  { method: 'GET', path: `${C}/audit/verify`, who: ['admin', 'Scrutineer', 'Chairman'] },
  { method: 'GET', path: `${C}/messages`, who: A },
  { method: 'POST', path: `${C}/messages/{messageId}/retry`, who: A, body: () => ({}) },
  { method: 'POST', path: `${C}/messages/send-unsent`, who: A, body: () => ({}) },
  // Money: accounts, the desk's payments, the teams' billing, the treasurer's ledger.
  { method: 'GET', path: `${C}/invoices`, who: A },
  { method: 'GET', path: `${C}/invoices/{invoiceId}`, who: A },
  { method: 'GET', path: `${C}/teams`, who: A },
  { method: 'GET', path: `${C}/money`, who: A },
  { method: 'GET', path: `${C}/ledger.csv`, who: A },
  { method: 'GET', path: `${C}/check-in/balances`, who: ['admin', 'Deck Captain'] },
  {
    method: 'POST',
    path: `${C}/payments`,
    who: A,
    body: () => ({ invoiceId: 1, amountCents: 100, method: 'cash' }),
  },
  { method: 'POST', path: `${C}/payments/{paymentId}/reverse`, who: A, body: () => ({}) },
  { method: 'PUT', path: `${C}/teams`, who: A, body: () => ({ name: 'Moles Club', pays: true }) },
  { method: 'POST', path: `${C}/teams/link`, who: A, body: () => ({ name: 'Moles Club' }) },
  { method: 'POST', path: `${C}/teams/link/revoke`, who: A, body: () => ({ name: 'Moles Club' }) },
  { method: 'GET', path: `${C}/registrations`, who: A },
  { method: 'PATCH', path: `${C}/registrations/{id}`, who: A, body: () => ({ affiliation: 'Moles Club' }) },
  { method: 'POST', path: `${C}/registrations/{id}/entries`, who: A, body: () => ({ add: [], drop: [] }) },
  {
    method: 'POST',
    path: `${C}/registrations/import`,
    who: A,
    body: () => ({ csv: 'lead,follow\nA,B\n', dryRun: false }),
  },
  {
    method: 'POST',
    path: `${C}/registrations/reviews/{reviewId}/accept`,
    who: A,
    body: () => ({ version: 1 }),
  },
  {
    method: 'POST',
    path: `${C}/registrations/reviews/{reviewId}/refuse`,
    who: A,
    body: () => ({ version: 1 }),
  },
  { method: 'GET', path: `${C}/registrations.csv`, who: A },
  { method: 'GET', path: `${C}/fees.csv`, who: A },
  { method: 'PATCH', path: `${C}/competitors/{id}`, who: A, body: () => ({ name: 'Hijacked Dancer' }) },
  { method: 'POST', path: `${C}/entries/adhoc`, who: A, body: (t) => ({ eventKey: t.eventKey }) },
  { method: 'PATCH', path: `${C}/entries/{entryId}`, who: A, body: () => ({ scratched: true }) },
  { method: 'DELETE', path: `${C}/entries/{entryId}`, who: A },
  { method: 'GET', path: `${C}/entries.csv`, who: A },
  { method: 'PATCH', path: `${E}/entries/{entryId}`, who: A, body: () => ({ scratched: true }) },
  { method: 'DELETE', path: `${E}/entries/{entryId}`, who: A },
  {
    method: 'POST',
    path: `${E}/entries`,
    who: A,
    body: () => ({ leadName: 'Ann Mole', followName: 'Bob Mole' }),
  },
  {
    method: 'POST',
    path: `${E}/entries/{entryId}/check-in`,
    who: ['admin', 'Deck Captain'],
    body: () => ({ checkedIn: true }),
  },
  {
    method: 'POST',
    path: `${E}/entries/{entryId}/scratch`,
    who: ['admin', 'Deck Captain'],
    body: () => ({ scratched: true }),
  },
  { method: 'POST', path: `${E}/rounds/generate`, who: A, body: () => ({}) },
  { method: 'DELETE', path: `${E}/rounds`, who: A },
  { method: 'POST', path: `${E}/rounds`, who: A, body: () => ({ after: 1 }) },
  { method: 'POST', path: `${R}/skip`, who: A, body: () => ({}) },
  { method: 'POST', path: `${R}/redance`, who: A, body: () => ({ recallSize: 1 }) },
  { method: 'PUT', path: `${E}/entries/{entryId}/star`, who: A, body: () => ({ joinsRound: null }) },
  {
    method: 'POST',
    path: `${E}/entries/{entryId}/withdrawal`,
    who: ['admin', 'Chairman'],
    body: () => ({ kind: 'withdrew', reason: 'testing access' }),
  },
  {
    method: 'POST',
    path: `${E}/entries/{entryId}/reinstate`,
    who: ['admin', 'Chairman'],
    body: () => ({ reason: 'testing access' }),
  },
  { method: 'DELETE', path: R, who: A },
  { method: 'PATCH', path: R, who: ['admin', 'Scrutineer'], body: () => ({ recallSize: 3 }) },
  { method: 'PUT', path: `${C}/schedule`, who: A, body: () => ({ order: ['no-such-round'] }) },
  // Who is in two places at once (staff who run the floor).
  {
    method: 'GET',
    path: `${C}/schedule/conflicts`,
    who: ['admin', 'Scrutineer', 'Chairman', 'Deck Captain', 'MC'],
  },
  // A suggested floor and order, changing nothing (the organizer's).
  { method: 'POST', path: `${C}/schedule/suggest`, who: ['admin'], body: () => ({ budgetMs: 50 }) },
  {
    method: 'PUT',
    path: `${R}/marks/{officialId}`,
    who: ['admin', 'Scrutineer', 'Judge'],
    body: (t) => ({ [t.dance]: ['1'] }),
  },
  { method: 'GET', path: `${R}/marks`, who: ['admin', 'Scrutineer', 'Chairman', 'Judge'] },
  { method: 'GET', path: `${R}/marks/history`, who: ['admin', 'Scrutineer', 'Chairman'] },
  {
    method: 'POST',
    path: `${R}/marks/{officialId}/unlock`,
    who: ['admin', 'Chairman'],
    body: (t) => ({ dances: [t.dance], reason: 'testing access' }),
  },
  {
    method: 'GET',
    path: `${C}/judges/{officialId}/rounds`,
    who: ['admin', 'Scrutineer', 'Chairman', 'Judge'],
  },
  { method: 'POST', path: `${R}/start`, who: ['admin', 'Scrutineer', 'Deck Captain'], body: () => ({}) },
  { method: 'POST', path: `${R}/results`, who: ['admin', 'Scrutineer', 'Chairman'], body: () => ({}) },
  { method: 'POST', path: `${R}/post`, who: ['admin', 'Scrutineer'], body: () => ({}) },
  { method: 'POST', path: `${R}/approve`, who: ['admin', 'Chairman'], body: () => ({}) },
  {
    method: 'POST',
    path: `${R}/unpost`,
    who: ['admin', 'Scrutineer'],
    body: () => ({ reason: 'testing access' }),
  },
  {
    method: 'POST',
    path: `${R}/heats`,
    who: ['admin', 'Deck Captain', 'Scrutineer'],
    body: () => ({ heatSize: 4 }),
  },
  { method: 'GET', path: `${R}/ajs-panel`, who: ['admin', 'Scrutineer', 'Chairman', 'Judge'] },
  {
    method: 'PUT',
    path: `${R}/ajs-panel`,
    who: ['admin', 'Scrutineer'],
    body: () => ({ version: 1, groups: {}, separateDances: [] }),
  },
  { method: 'POST', path: `${R}/ajs-panel/draw`, who: ['admin', 'Scrutineer'], body: () => ({ version: 1 }) },
  // The chairman's report on the judging: for the chairman and the federation, never the judges.
  { method: 'GET', path: `${C}/judging-report`, who: ['admin', 'Scrutineer', 'Chairman'] },
  { method: 'GET', path: `${C}/judging-report.csv`, who: ['admin', 'Scrutineer', 'Chairman'] },
  // Messages to dancers: the organizer's.
  {
    method: 'POST',
    path: `${C}/messages`,
    who: A,
    body: () => ({ audience: { kind: 'all' }, subject: 'Testing access', body: 'Testing access' }),
  },
  { method: 'POST', path: `${C}/messages/preview`, who: A, body: () => ({ audience: { kind: 'all' } }) },
  { method: 'GET', path: `${C}/messages/announcements`, who: A },
  { method: 'GET', path: `${C}/schedule/publish`, who: A },
  { method: 'POST', path: `${C}/schedule/publish`, who: A, body: () => ({}) },
];

/**
 * Routes for any signed-in account, each answering with what that account may see (the admin area's
 * list of competitions: all for a site administrator, theirs for a competition's administrator).
 * Refused (401) without a session and to an official's code session; access.test.ts checks both.
 */
export const SIGNED_IN_ROUTES: readonly string[] = ['GET /api/v1/admin/competitions'];

/**
 * Routes anyone may call. The public reads are checked for leaks; the public writes (sign-in,
 * registration, a couple changing their own entries with their entry code) are fuzzed, not access-checked.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/health',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/logout',
  'GET /api/v1/auth/me',
  'POST /api/v1/competitions/{key}/officials/{officialId}/session',
  'GET /api/v1/site',
  'GET /api/v1/competitions',
  'GET /api/v1/competitions/{key}',
  'GET /api/v1/competitions/{key}/images/{file}',
  'GET /api/v1/competitions/{key}/settings/events',
  'GET /api/v1/competitions/{key}/events',
  'GET /api/v1/competitions/{key}/panels',
  'POST /api/v1/competitions/{key}/registrations',
  'POST /api/v1/competitions/{key}/registrations/lookup',
  'POST /api/v1/competitions/{key}/registrations/entries',
  // An emailed link (mail/entryLinks.ts): the token, then the grant it gave, in place of the entry code.
  'POST /api/v1/competitions/{key}/registrations/recover',
  'POST /api/v1/competitions/{key}/registrations/open',
  'POST /api/v1/competitions/{key}/registrations/own',
  'POST /api/v1/competitions/{key}/registrations/own/entries',
  'GET /api/v1/competitions/{key}/competitors',
  // A team captain's private link to the team's invoice: the token is the key.
  'GET /api/v1/competitions/{key}/team-invoices/{token}',
  'GET /api/v1/competitions/{key}/competitors/{id}',
  'GET /api/v1/competitions/{key}/events/{eventKey}/entries',
  'GET /api/v1/competitions/{key}/schedule',
  // Public once posted, staff any time: checked by the "unposted results stay hidden" test.
  'GET /api/v1/competitions/{key}/events/{eventKey}/rounds/{n}/results',
  'GET /api/v1/competitions/{key}/events/{eventKey}/results',
  'GET /api/v1/competitions/{key}/events/{eventKey}/rounds/{n}/couples',
  'GET /api/v1/competitions/{key}/floor',
  'GET /api/v1/competitions/{key}/announcements',
  'GET /api/v1/competitions/{key}/mirror',
  'GET /api/v1/competitions/{key}/results',
  'GET /api/v1/competitions/{key}/results/{eventKey}',
  'GET /api/v1/competitions/{key}/competitors/{id}/results',
  'GET /api/v1/competitions/{key}/events/{eventKey}/results.csv',
  'GET /api/v1/competitions/{key}/results.csv',
  'GET /api/v1/competitions/{key}/print/panels',
  'GET /api/v1/competitions/{key}/stream',
  // An unsubscribe link: its token says which list row; the answer names the competition only.
  'GET /api/v1/competitions/{key}/unsubscribe',
  'POST /api/v1/competitions/{key}/unsubscribe',
  // A person's results and points are what results pages publish; never an email.
  'GET /api/v1/people/{personId}',
  'GET /api/v1/people/{personId}/points',
  // The registration form's standing look-up: answers only for a matching name AND email.
  'POST /api/v1/people/standing',
];

/** Finds the demo's ids the staff routes act on. */
export async function demoTargets(db: DB, admin: Client, key = 'demo'): Promise<DemoTargets> {
  const c = await db.selectFrom('competitions').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  const entry = await db
    .selectFrom('entries')
    .innerJoin('events', 'events.id', 'entries.event_id')
    .select(['entries.id', 'events.key', 'events.dances'])
    .where('entries.competition_id', '=', c.id)
    .orderBy('entries.id')
    .executeTakeFirstOrThrow();
  const judge = await db
    .selectFrom('officials')
    .select('id')
    .where('competition_id', '=', c.id)
    .where('role', '=', 'Judge')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const reg = await db
    .selectFrom('registrations')
    .select('id')
    .where('competition_id', '=', c.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const competitor = await db
    .selectFrom('competitors')
    .select(['id', 'person_id'])
    .where('competition_id', '=', c.id)
    .where('id', '=', reg.id)
    .executeTakeFirst();
  if (!competitor) throw new Error('expected a competitor and a registration sharing an id');
  const user = await db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  const exported = await admin.get(`/api/v1/competitions/${key}/export`);
  if (exported.status !== 200) throw new Error(`export: ${exported.status}`);
  return {
    key,
    eventKey: entry.key,
    entryId: entry.id,
    officialId: judge.id,
    id: reg.id,
    userId: user.id,
    n: 1,
    exportDoc: exported.body,
    dance: (JSON.parse(entry.dances) as string[])[0] ?? 'Waltz',
    personId: competitor.person_id ?? 1,
  };
}

export function targetValues(t: DemoTargets): Record<string, string | number> {
  return {
    key: t.key,
    eventKey: t.eventKey,
    entryId: t.entryId,
    officialId: t.officialId,
    id: t.id,
    userId: t.userId,
    n: t.n,
    // An image address that holds no image: the same 404 for everyone.
    file: '1-none',
    // No registration is held in the demo: a well-formed decision answers 404, never a write.
    reviewId: 1,
    personId: t.personId,
    // The demo has sent nothing: a well-formed retry answers 404, never a write.
    messageId: 1,
    // The demo's first account and payment (it bills its couples and takes some payments).
    invoiceId: 1,
    paymentId: 1,
    // No team has a link in the demo: the same 404 for everyone.
    token: 'no-such-link',
  };
}

/** Tables a refused request must leave alone (sessions change on sign-in only; migrations are Kysely's). */
const SKIP = new Set(['sessions', 'kysely_migration', 'kysely_migration_lock']);

/**
 * The whole database as one string (every row of every table, in rowid order): equal before and after
 * means nothing was written, including the audit log, the change feed, version columns and id sequences.
 */
export async function snapshot(db: DB): Promise<string> {
  // Fast path: while the database's write counter stands still, the last snapshot is still its
  // content. SQLite's total_changes() counts every row written on this (the server's only)
  // connection; on PostgreSQL the WAL position moves with any write (of any database of the test
  // cluster, so it only ever asks for a full snapshot too often).
  const counter = onPostgres
    ? sql<{ n: string }>`select pg_current_wal_insert_lsn()::text as n`
    : sql<{ n: string }>`select total_changes() as n`;
  const changes = String((await counter.execute(db)).rows[0]?.n);
  const cached = lastSnapshot.get(db);
  if (cached && cached.changes === changes) return cached.text;
  const text = await fullSnapshot(db);
  lastSnapshot.set(db, { changes, text });
  return text;
}

const lastSnapshot = new WeakMap<DB, { changes: string; text: string }>();

async function fullSnapshot(db: DB): Promise<string> {
  // PostgreSQL's sequences are left out: a refused insert takes an id even though it rolls back.
  const tables = onPostgres
    ? await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by name`.execute(db)
    : await sql<{ name: string }>`
        select name from sqlite_master where type = 'table' order by name`.execute(db);
  const parts: string[] = [];
  for (const t of tables.rows) {
    if (SKIP.has(t.name)) continue;
    const rows = await sql
      .raw(`select * from "${t.name}" order by ${onPostgres ? 'ctid' : 'rowid'}`)
      .execute(db);
    parts.push(`${t.name}:${JSON.stringify(rows.rows)}`);
  }
  return parts.join('\n');
}

/** What changed between two snapshots, table by table, for a readable failure. */
export function snapshotDiff(before: string, after: string): string {
  const b = new Map(before.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l]));
  const changed: string[] = [];
  for (const l of after.split('\n')) {
    const name = l.slice(0, l.indexOf(':'));
    if (b.get(name) !== l) changed.push(name);
  }
  return changed.length ? `tables changed: ${changed.join(', ')}` : 'no change';
}

/** Text that must never reach a client: a stack frame or a Node internal path. */
export const STACK_TRACE =
  /\bat [\w.<>$]+ \(|node:internal|\/node_modules\/|\.ts:\d+:\d+|\bError: .*\n\s+at /;

/**
 * Asserts `call` is refused with `status` (and `code`) and wrote nothing: the whole database is the
 * same after as before. Answers the refusal, to check its message.
 */
export async function refusedUnchanged(
  db: DB,
  call: () => Promise<Res<any>>,
  status: number,
  code?: string,
): Promise<Res<any>> {
  const before = await snapshot(db);
  const res = await call();
  expectErrorShape(res, status, code);
  const after = await snapshot(db);
  expect(after === before, `refused but wrote (${snapshotDiff(before, after)})`).toBe(true);
  return res;
}
