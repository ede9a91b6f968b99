/**
 * Access: every staff route refused without a session (401), with a role that lacks the right (403),
 * and to another competition's administrator and officials (403) — and nothing written when refused.
 * Judges touch only their own marks, on rounds they judge. Public reads reveal no staff data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, expectErrorShape, readEvents, useTestServer, type Res } from '../test/harness.ts';
import type { OfficialRole } from '../../domain/schemas/competition.ts';
import {
  demoTargets,
  fillPath,
  loadRoutes,
  OFFICIAL_ROLES,
  PUBLIC_ROUTES,
  routeId,
  SIGNED_IN_ROUTES,
  snapshot,
  snapshotDiff,
  STACK_TRACE,
  STAFF_ROUTES,
  targetValues,
  type DemoTargets,
  type StaffRoute,
} from '../test/kits/catalogue.ts';

const API = '/api/v1/competitions';
const RIVAL = 'rival-open';

const { s, admin } = useTestServer({ admin: true });
let t: DemoTargets;
/** The demo's officials, one signed-in "device" per role (the judge is `t.officialId`). */
const demoOfficial = new Map<OfficialRole, Client>();
let rivalAdmin: Client;
const rivalOfficial = new Map<OfficialRole, Client>();

async function ok<T = any>(res: Promise<Res<T>>, what: string): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
}

async function signInOfficial(key: string, id: number, code: string): Promise<Client> {
  const c = new Client(s.url);
  await ok(c.post(`${API}/${key}/officials/${id}/session`, { code }), `sign in official ${id}`);
  return c;
}

function send(client: Client, route: StaffRoute): Promise<Res> {
  const path = fillPath(route.path, targetValues(t)) + (route.query ? `?${route.query}` : '');
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (route.body?.(t) ?? {});
  return client.call(route.method, path, body);
}

/** The request is refused with one of `statuses`, in the error shape, without a stack, and writes nothing. */
async function expectRefused(call: () => Promise<Res>, statuses: number[], label: string): Promise<Res> {
  const before = await snapshot(s.db);
  const res = await call();
  if (!statuses.includes(res.status))
    throw new Error(
      `${label}: expected ${statuses.join('/')}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
    );
  expectErrorShape(res, res.status);
  expect(JSON.stringify(res.body), label).not.toMatch(STACK_TRACE);
  const after = await snapshot(s.db);
  if (after !== before) throw new Error(`${label}: refused but wrote (${snapshotDiff(before, after)})`);
  return res;
}

beforeAll(async () => {
  t = await demoTargets(s.db, admin);
  for (const role of OFFICIAL_ROLES) {
    const o = s.demo!.codes.find((c) => c.role === role && (role !== 'Judge' || c.id === t.officialId))!;
    demoOfficial.set(role, await signInOfficial('demo', o.id, o.accessCode));
  }
  // Another competition with its own administrator and officials.
  await ok(admin.post(API, { key: RIVAL, fullName: 'Rival Open' }), 'create rival');
  await ok(
    admin.post(`${API}/${RIVAL}/admins`, {
      email: 'rival@example.com',
      name: 'Rival Admin',
      password: 'rival-pass-1',
    }),
    'rival admin',
  );
  rivalAdmin = new Client(s.url);
  await ok(rivalAdmin.login('rival@example.com', 'rival-pass-1'), 'rival login');
  for (const role of OFFICIAL_ROLES) {
    const o = await ok<{ id: number; accessCode: string }>(
      admin.post(`${API}/${RIVAL}/officials`, { name: `Rival ${role}`, role }),
      `rival ${role}`,
    );
    rivalOfficial.set(role, await signInOfficial(RIVAL, o.id, o.accessCode));
  }
}, 60_000);

describe('the route catalogue', () => {
  it('classifies every route of the OpenAPI document as staff or public', async () => {
    const routes = await loadRoutes(admin);
    const staff = new Set(STAFF_ROUTES.map(routeId));
    const unknown = routes
      .map(routeId)
      .filter((id) => !staff.has(id) && !PUBLIC_ROUTES.includes(id) && !SIGNED_IN_ROUTES.includes(id));
    expect(
      unknown,
      'add these to STAFF_ROUTES, SIGNED_IN_ROUTES or PUBLIC_ROUTES in test/kits/catalogue.ts',
    ).toEqual([]);
    const present = new Set(routes.map(routeId));
    expect(
      [...staff, ...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES].filter((id) => !present.has(id)),
      'catalogued but gone',
    ).toEqual([]);
  });
});

describe('every route for signed-in accounts', () => {
  it('is refused without a session and to officials (401), and shows an administrator only theirs', async () => {
    for (const id of SIGNED_IN_ROUTES) {
      const [method, path] = id.split(' ') as [StaffRoute['method'], string];
      const route: StaffRoute = { method, path, who: [] };
      await expectRefused(() => send(new Client(s.url), route), [401], `anonymous ${id}`);
      for (const role of OFFICIAL_ROLES)
        await expectRefused(() => send(demoOfficial.get(role)!, route), [401], `${role} ${id}`);
    }
    const mine = await ok<{ competitions: { key: string }[] }>(
      rivalAdmin.get('/api/v1/admin/competitions'),
      'rival list',
    );
    expect(mine.competitions.map((c) => c.key)).toEqual([RIVAL]);
  });
});

describe('every staff route', () => {
  it('is refused without a session (401), nothing written', async () => {
    for (const route of STAFF_ROUTES)
      await expectRefused(() => send(new Client(s.url), route), [401], `anonymous ${routeId(route)}`);
  });

  it("is refused to the demo's officials whose role lacks the right (403), nothing written", async () => {
    let tried = 0;
    for (const route of STAFF_ROUTES) {
      for (const role of OFFICIAL_ROLES) {
        if (route.who.includes(role)) continue;
        tried++;
        await expectRefused(() => send(demoOfficial.get(role)!, route), [403], `${role} ${routeId(route)}`);
      }
    }
    expect(tried).toBeGreaterThan(STAFF_ROUTES.length * 3);
    // A sweep like the one below: its time grows with the routes.
  }, 90_000);

  it("is refused to another competition's administrator (403), nothing written", async () => {
    for (const route of STAFF_ROUTES)
      await expectRefused(() => send(rivalAdmin, route), [403], `rival admin ${routeId(route)}`);
  });

  // Every staff route for every role, each request checked against a snapshot of the database: its time
  // grows with the routes (2 s alone on SQLite; 13–20 s on PostgreSQL beside typecheck and lint in CI).
  it("is refused to another competition's officials of every role (403), nothing written", async () => {
    for (const route of STAFF_ROUTES)
      for (const role of OFFICIAL_ROLES)
        await expectRefused(
          () => send(rivalOfficial.get(role)!, route),
          [403],
          `rival ${role} ${routeId(route)}`,
        );
  }, 90_000);

  it('an ended or forged session counts as no session', async () => {
    const judge = s.demo!.codes.find((c) => c.role === 'Scrutineer')!;
    const c = await signInOfficial('demo', judge.id, judge.accessCode);
    const cookie = c.cookie;
    expect((await c.post('/api/v1/auth/logout')).status).toBe(204);
    const replay = new Client(s.url);
    replay.cookie = cookie;
    const patch = STAFF_ROUTES.find((r) => r.method === 'PATCH' && r.path.endsWith('/rounds/{n}'))!;
    await expectRefused(() => send(replay, patch), [401], 'replayed cookie after sign-out');
    const forged = new Client(s.url);
    forged.cookie = `promenade_session=${'A'.repeat(43)}`;
    await expectRefused(() => send(forged, patch), [401], 'forged cookie');
  });
});

describe('judges and their marks', () => {
  let path: string;
  let couples: string[];
  let judges: Map<number, Client>;
  const panel = [1, 2, 3];
  const outsider = 4;

  beforeAll(async () => {
    const ev = await ok<{ key: string }>(
      admin.post(`${API}/demo/events`, {
        name: 'Security Final Waltz',
        style: 'Standard',
        level: 'Gold',
        dances: ['Waltz'],
      }),
      'create event',
    );
    path = `${API}/demo/events/${ev.key}`;
    couples = [];
    for (let i = 1; i <= 3; i++) {
      const e = await ok<{ leadNumber: number }>(
        admin.post(`${path}/entries`, { leadName: `Lead ${i} Sec`, followName: `Follow ${i} Sec` }),
        'entry',
      );
      couples.push(String(e.leadNumber));
    }
    await ok(admin.put(`${path}/panel`, { officialIds: panel }), 'panel');
    await ok(admin.post(`${path}/rounds/generate`, {}), 'generate');
    await ok(admin.post(`${path}/rounds/1/start`, {}), 'start');
    judges = new Map();
    for (const id of [...panel, outsider]) {
      const o = s.demo!.codes.find((c) => c.id === id)!;
      judges.set(id, await signInOfficial('demo', id, o.accessCode));
    }
    // Judge 2 has marked; judge 1 has not yet.
    await ok(
      judges
        .get(2)!
        .put(`${path}/rounds/1/marks/2`, { Waltz: Object.fromEntries(couples.map((c, i) => [c, i + 1])) }),
      'judge 2 marks',
    );
  }, 30_000);

  const finalMarks = () => ({ Waltz: Object.fromEntries(couples.map((c, i) => [c, couples.length - i])) });

  it("a judge may not enter or overwrite another judge's marks (403), nothing written", async () => {
    const refused = await expectRefused(
      () => judges.get(1)!.put(`${path}/rounds/1/marks/2`, finalMarks()),
      [403],
      'judge 1 on judge 2',
    );
    expect((refused.body as { error: { message: string } }).error.message).toBe(
      'A judge may enter only their own marks.',
    );
    await expectRefused(
      () => judges.get(1)!.put(`${path}/rounds/1/marks/3`, finalMarks()),
      [403],
      'judge 1 on judge 3',
    );
  });

  it('a judge sees only their own marks and rounds', async () => {
    const refused = await expectRefused(
      () => judges.get(1)!.get(`${API}/demo/judges/2/rounds`),
      [403],
      "judge 1 reads judge 2's rounds",
    );
    expect((refused.body as { error: { message: string } }).error.message).toBe(
      'A judge may see only their own rounds.',
    );
    // A judge's own rounds stay open to them.
    await ok(judges.get(1)!.get(`${API}/demo/judges/1/rounds`), 'judge 1 reads their own rounds');
    const view = await ok<{ marks: Record<string, Record<string, unknown>>; judges: { id: number }[] }>(
      judges.get(1)!.get(`${path}/rounds/1/marks`),
      'judge 1 marks view',
    );
    expect(Object.keys(view.marks.Waltz ?? {})).not.toContain('2');
    expect(view.judges.map((j) => j.id)).toEqual([1]);
    // Staff see judge 2's marks: the filter above is the judge's, not an empty round.
    const full = await ok<{ marks: Record<string, Record<string, unknown>> }>(
      admin.get(`${path}/rounds/1/marks`),
      'admin view',
    );
    expect(Object.keys(full.marks.Waltz ?? {})).toContain('2');
  });

  it("the live feed tells only this competition's staff that marks changed", async () => {
    const url = `${s.url}${API}/demo/stream`;
    const listeners = [
      undefined,
      rivalOfficial.get('Scrutineer')!.cookie,
      demoOfficial.get('Scrutineer')!.cookie,
    ];
    // Judge 2's Waltz is submitted, so locked: the chairman's unlock (before the streams open) lets them change it.
    await ok(
      admin.post(`${path}/rounds/1/marks/2/unlock`, { dances: ['Waltz'], reason: 'judge 2 asked' }),
      'unlock judge 2',
    );
    let opened = 0;
    let allOpen!: () => void;
    const ready = new Promise<void>((r) => (allOpen = r));
    const streams = listeners.map((cookie) =>
      readEvents(url, {
        ...(cookie ? { cookie } : {}),
        onOpen: () => {
          if (++opened === listeners.length) allOpen();
        },
        until: (evs) => evs.filter((e) => e.event === 'change').length >= 2,
        timeoutMs: 2500,
      }),
    );
    await ready;
    // Judge 2 changes their marks (the `marks` topic), then the admin renames the event (public topics).
    await ok(
      judges.get(2)!.put(`${path}/rounds/1/marks/2`, {
        Waltz: Object.fromEntries(couples.map((c, i) => [c, couples.length - i])),
      }),
      'judge 2 changes marks',
    );
    await ok(admin.patch(path, { name: 'Security Final Waltz' }), 'touch the event');
    const [anonymous, rival, staff] = (await Promise.all(streams)).map((evs) =>
      evs.filter((e) => e.event === 'change').map((e) => (JSON.parse(e.data) as { topic: string }).topic),
    );
    expect(staff).toContain('marks');
    expect(anonymous!.length).toBeGreaterThan(0);
    expect(anonymous).not.toContain('marks');
    expect(rival).not.toContain('marks');
  });

  it('a judge not on the panel may not mark the round (403), nothing written', async () => {
    await expectRefused(
      () => judges.get(outsider)!.put(`${path}/rounds/1/marks/${outsider}`, finalMarks()),
      [403],
      'judge off the panel',
    );
  });

  it("another competition's judge may not mark this competition's round, even as their own id", async () => {
    const rivalJudge = rivalOfficial.get('Judge')!;
    const me = await ok<{ official: { id: number } }>(rivalJudge.get('/api/v1/auth/me'), 'me');
    await expectRefused(
      () => rivalJudge.put(`${path}/rounds/1/marks/${me.official.id}`, finalMarks()),
      [403, 404],
      'rival judge, own id',
    );
    await expectRefused(
      () => rivalJudge.put(`${path}/rounds/1/marks/1`, finalMarks()),
      [403],
      'rival judge, demo id',
    );
  });

  it('once the round is posted, a judge can no longer change marks, nothing written', async () => {
    for (const id of [1, 3])
      await ok(
        judges.get(id)!.put(`${path}/rounds/1/marks/${id}`, {
          Waltz: Object.fromEntries(couples.map((c, i) => [c, i + 1])),
        }),
        `judge ${id} marks`,
      );
    // Until posted the public sees no result of this round.
    await ok(admin.post(`${path}/rounds/1/results`, {}), 'compute');
    const unposted = await new Client(s.url).get(`${path}/rounds/1/results`);
    expect([unposted.status, unposted.body], 'public read of unposted results').toEqual([200, null]);
    await expectRefused(() => new Client(s.url).get(`${path}/rounds/1/marks`), [401], 'public read of marks');
    await ok(admin.post(`${path}/rounds/1/post`, {}), 'post');
    for (const id of panel)
      await expectRefused(
        () => judges.get(id)!.put(`${path}/rounds/1/marks/${id}`, finalMarks()),
        [403, 409],
        `judge ${id} after posting`,
      );
  });
});

/** Every key of a JSON document with its path (`organizers.email`). */
function* walk(v: unknown, path = ''): Generator<string> {
  if (Array.isArray(v)) for (const x of v) yield* walk(x, path);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      const p = path ? `${path}.${k}` : k;
      yield p;
      yield* walk(x, p);
    }
}

describe('public reads', () => {
  it('reveal no access codes, hashes, passwords or competitors’ emails', async () => {
    const routes = (await loadRoutes(admin)).filter(
      (r) => r.method === 'GET' && PUBLIC_ROUTES.includes(routeId(r)) && !r.path.endsWith('/stream'),
    );
    const emails = (
      await s.db.selectFrom('competitors').select('email').where('email', '!=', '').execute()
    ).map((r) => r.email.toLowerCase());
    const secrets = [
      ...(await s.db.selectFrom('officials').select('access_code_hash').execute()).map(
        (r) => r.access_code_hash,
      ),
      ...(await s.db.selectFrom('users').select('password_hash').execute()).map((r) => r.password_hash),
      ...s.demo!.codes.map((c) => c.accessCode),
    ];
    expect(emails.length).toBeGreaterThan(10);
    const anon = new Client(s.url);
    const values = { ...targetValues(t), id: t.id };
    let checked = 0;
    for (const r of routes) {
      const res = await anon.get(fillPath(r.path, values));
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      const lower = text.toLowerCase();
      for (const e of emails)
        expect(lower.includes(e), `${r.path} shows the competitor email ${e}`).toBe(false);
      for (const secret of secrets) expect(text.includes(secret), `${r.path} shows a secret`).toBe(false);
      for (const k of walk(res.body)) {
        expect(k, `${r.path} has the key ${k}`).not.toMatch(
          /access_?code|password|hash|secret|token|entry_?code/i,
        );
        // Organizers publish a contact address; nobody else's email is public.
        if (!k.startsWith('organizers.'))
          expect(k, `${r.path} has the key ${k}`).not.toMatch(/(^|\.)email$/i);
      }
      if (res.status === 200) checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });
});
