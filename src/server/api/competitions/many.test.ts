/**
 * Many competitions on one server. Creating and cloning (set-up only, dates moved,
 * officials with new codes), choosing the one served at `/`, archiving (left out of lists, read-only,
 * still readable), the admin list by role, and the restore's refusals. Every refusal writes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, competitionId, expectErrorShape, type Res, useTestServer } from '../../test/harness.ts';
import { refusedUnchanged } from '../../test/kits/catalogue.ts';

const API = '/api/v1/competitions';
const { s, admin, anon } = useTestServer({ admin: true });

/** Refused with `status` (and `code`), and nothing written (the whole database compared). */
const refused = (call: () => Promise<Res<any>>, status: number, code?: string) =>
  refusedUnchanged(s.db, call, status, code);

async function ok<T = any>(res: Promise<Res<T>>): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body).slice(0, 400)}`);
  return r.body;
}

let demo: any;
let demoEvents: any[];
let clone: any;

beforeAll(async () => {
  demo = await ok(admin.get(`${API}/demo`));
  demoEvents = await ok(admin.get(`${API}/demo/events`));
  clone = await ok(
    admin.post(API, {
      key: 'demo-next',
      fullName: 'Riverside Classic, next year',
      cloneFrom: 'demo',
      dateOffsetDays: 364,
    }),
  );
});

describe('cloning a competition', () => {
  it('copies the events with their dances and levels, and their rounds back at the start', async () => {
    const events = await ok<any[]>(admin.get(`${API}/demo-next/events`));
    const shape = (list: any[]) =>
      list.map((e) => ({
        key: e.key,
        name: e.name,
        style: e.style,
        level: e.level,
        dances: e.dances,
        rounds: e.rounds.map((r: any) => [r.roundNumber, r.roundName, r.recallSize, r.scheduleIndex]),
      }));
    expect(shape(events)).toEqual(shape(demoEvents));
    expect(events.length).toBeGreaterThan(10);
    // No entries, and every round waiting to be danced.
    expect(events.flatMap((e) => e.entries)).toEqual([]);
    expect(new Set(events.flatMap((e) => e.rounds.map((r: any) => r.roundState)))).toEqual(
      new Set([0]) /* Initialized */,
    );
  });

  it('moves every date by the offset and keeps pages, fees, settings and the look', async () => {
    expect(clone.startDate).toBe(shift(demo.startDate, 364));
    expect(clone.endDate).toBe(shift(demo.endDate, 364));
    for (const f of ['dateRegistrationEarly', 'dateRegistrationOpen', 'dateRegistrationClosed'] as const)
      if (demo[f]) expect(Date.parse(clone[f]) - Date.parse(demo[f]), f).toBeGreaterThan(363 * 86_400_000);
    for (const f of [
      'pages',
      'paymentTierEarly',
      'paymentTierOpen',
      'paymentTierLate',
      'currency',
      'primaryColor',
      'timeZone',
      'socials',
    ])
      expect(clone[f], f).toEqual(demo[f]);
    expect(clone.resultsPageShown).toBe(false);
    expect(clone.fullName).toBe('Riverside Classic, next year');
    const [a, b] = await Promise.all([
      admin.get(`${API}/demo/settings/events`),
      admin.get(`${API}/demo-next/settings/events`),
    ]);
    const { scheduleFirstStartTime: t1, ...s1 } = a.body as any;
    const { scheduleFirstStartTime: t2, ...s2 } = b.body as any;
    expect(s2).toEqual(s1);
    if (t1) expect(Date.parse(t2) - Date.parse(t1)).toBeGreaterThan(363 * 86_400_000);
  });

  it('gives the officials new access codes that open the copy only', async () => {
    expect(clone.officials.map((o: any) => [o.name, o.role, o.letter])).toEqual(
      demo.officials.map((o: any) => [o.name, o.role, o.letter]),
    );
    expect(clone.accessCodes).toHaveLength(demo.officials.length);
    const judge = clone.accessCodes.find((c: any) => c.role === 'Judge');
    const old = s.demo!.codes.find((c) => c.name === judge.name)!;
    expect(judge.accessCode).not.toBe(old.accessCode);
    const tablet = new Client(s.url);
    expect(
      (await tablet.post(`${API}/demo-next/officials/${judge.id}/session`, { code: judge.accessCode }))
        .status,
    ).toBe(200);
    expectErrorShape(
      await anon().post(`${API}/demo-next/officials/${judge.id}/session`, { code: old.accessCode }),
      401,
    );
    // The copy's panels name the copy's judges.
    const panels = await ok<any>(admin.get(`${API}/demo-next/panels`));
    expect(JSON.stringify(panels)).toContain(String(judge.id));
  });

  it('copies no people, entries, marks or results', async () => {
    const id = await competitionId(s.db, 'demo-next');
    for (const table of [
      'competitors',
      'registrations',
      'entries',
      'marks',
      'mark_history',
      'round_results',
      'final_results',
    ] as const) {
      const n = await s.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('competition_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(n.n), table).toBe(0);
    }
    expect((await ok<any[]>(anon().get(`${API}/demo-next/competitors`))).length).toBe(0);
  });

  it('refuses bad requests with clear messages and writes nothing', async () => {
    const bad = async (body: unknown, status: number, message: RegExp, code?: string) => {
      const res = await refused(() => admin.post(API, body), status, code);
      const { message: said, details = [] } = res.body.error;
      expect([said, ...details.map((d: any) => d.message)].join(' | ')).toMatch(message);
    };
    await bad({ key: 'x1', fullName: 'X', cloneFrom: 'no-such-comp' }, 400, /no competition "no-such-comp"/);
    // The reason as data too, for an administrator reading another language.
    const gone = await refused(
      () => admin.post(API, { key: 'x1', fullName: 'X', cloneFrom: 'no-such-comp' }),
      400,
    );
    expect(gone.body.error.details[0]).toMatchObject({
      path: ['cloneFrom'],
      code: 'custom',
      params: { reason: 'noSuchCompetition', competition: 'no-such-comp' },
    });
    await bad({ key: 'demo-next', fullName: 'Again', cloneFrom: 'demo' }, 409, /already exists/, 'duplicate');
    await bad({ key: 'Bad Key!', fullName: 'X', cloneFrom: 'demo' }, 400, /lowercase letters/);
    await bad({ key: 'x2', fullName: 'X'.repeat(100_000), cloneFrom: 'demo' }, 400, /Full name/);
    await bad({ key: 'x3', fullName: 'X', cloneFrom: 'd'.repeat(5000) }, 400, /cloneFrom/);
    await bad({ key: 'x4', fullName: 'X', cloneFrom: 'demo', dateOffsetDays: 1e9 }, 400, /at most 3660/);
    await bad({ key: 'x5', fullName: 'X', cloneFrom: 'demo', dateOffsetDays: 1.5 }, 400, /whole number/);
    await bad({ key: 'x6', fullName: 'X', dateOffsetDays: 7 }, 400, /send it with cloneFrom/);
    await bad(
      { key: 'x7', fullName: 'X', cloneFrom: 'demo', startDate: '2030-01-01' },
      400,
      /takes startDate from/,
    );
  });

  it('is for site administrators only', async () => {
    const body = { key: 'stolen', fullName: 'Stolen', cloneFrom: 'demo' };
    await refused(() => anon().post(API, body), 401);
    const code = s.demo!.codes.find((c) => c.role === 'Scrutineer')!;
    const scrutineer = new Client(s.url);
    await ok(scrutineer.post(`${API}/demo/officials/${code.id}/session`, { code: code.accessCode }));
    await refused(() => scrutineer.post(API, body), 403);
    const organizer = await competitionAdmin('demo', 'organizer@example.com');
    await refused(() => organizer.post(API, body), 403);
  });
});

describe('the competition served at /', () => {
  it('is the one chosen, else PROMENADE_COMPETITION, else the demo', async () => {
    expect((await anon().get('/api/v1/site')).body).toEqual({ competition: 'demo' });
    expect(await ok(admin.put('/api/v1/site', { competition: 'demo-next' }))).toEqual({
      competition: 'demo-next',
    });
    expect((await anon().get('/api/v1/site')).body).toEqual({ competition: 'demo-next' });
    const config = s.app.config as { defaultCompetition: string | null };
    config.defaultCompetition = 'demo';
    try {
      // The choice wins over the configuration; cleared, the configuration serves.
      expect((await anon().get('/api/v1/site')).body).toEqual({ competition: 'demo-next' });
      const list = await ok<any>(admin.get('/api/v1/admin/competitions'));
      expect(list.site).toEqual({ served: 'demo-next', chosen: 'demo-next', configured: 'demo' });
      await ok(admin.put('/api/v1/site', { competition: null }));
      expect((await anon().get('/api/v1/site')).body).toEqual({ competition: 'demo' });
    } finally {
      config.defaultCompetition = null;
    }
  });

  it('refuses an unknown competition, a stranger and a competition administrator', async () => {
    const nowhere = await refused(
      () => admin.put('/api/v1/site', { competition: 'nowhere' }),
      400,
      'invalid',
    );
    expect(nowhere.body.error.details[0]).toMatchObject({
      path: ['competition'],
      code: 'custom',
      params: { reason: 'noSuchCompetition', competition: 'nowhere' },
    });
    await refused(() => admin.put('/api/v1/site', { competition: 'x'.repeat(10_000) }), 400, 'invalid');
    await refused(() => anon().put('/api/v1/site', { competition: 'demo-next' }), 401);
    const organizer = await competitionAdmin('demo-next', 'next-organizer@example.com');
    await refused(() => organizer.put('/api/v1/site', { competition: 'demo-next' }), 403);
  });
});

describe('archiving a competition', () => {
  beforeAll(async () => {
    await ok(
      admin.post(API, { key: 'old-open', fullName: 'Old Open', cloneFrom: 'demo', dateOffsetDays: -730 }),
    );
  });

  it('leaves it out of the lists, keeps it readable and refuses every write to it', async () => {
    const archived = await ok<any>(admin.post(`${API}/old-open/archive`, { archived: true }));
    expect(archived).toMatchObject({ key: 'old-open', state: 'finished', servedAtRoot: false });
    expect(archived.archivedAt).toEqual(expect.any(String));
    expect((await ok<any[]>(anon().get(API))).map((c) => c.key)).not.toContain('old-open');
    const mine = await ok<any>(admin.get('/api/v1/admin/competitions'));
    expect(mine.competitions.find((c: any) => c.key === 'old-open').archivedAt).toEqual(archived.archivedAt);
    // Its pages and the export still read.
    expect((await anon().get(`${API}/old-open`)).status).toBe(200);
    expect((await anon().get(`${API}/old-open/events`)).status).toBe(200);
    expect((await admin.get(`${API}/old-open/export`)).status).toBe(200);
    const patch = await refused(
      () => admin.patch(`${API}/old-open`, { fullName: 'Changed' }),
      409,
      'archived',
    );
    expect(patch.body.error.message).toMatch(/Old Open is archived/);
    await refused(
      () =>
        admin.post(`${API}/old-open/events`, {
          name: 'New Waltz',
          style: 'Standard',
          level: 'Gold',
          dances: ['Waltz'],
        }),
      409,
      'archived',
    );
    await refused(() => admin.put('/api/v1/site', { competition: 'old-open' }), 409, 'archived');
    // A stranger is told to sign in, not that it is archived.
    await refused(() => anon().patch(`${API}/old-open`, { fullName: 'Changed' }), 401);
    // Back again: writable.
    await ok(admin.post(`${API}/old-open/archive`, { archived: false }));
    expect((await ok<any>(admin.patch(`${API}/old-open`, { fullName: 'Old Open Again' }))).fullName).toBe(
      'Old Open Again',
    );
    expect((await ok<any[]>(anon().get(API))).map((c) => c.key)).toContain('old-open');
  });

  it('refuses to archive the competition served at /, and to anyone but a site administrator', async () => {
    const res = await refused(() => admin.post(`${API}/demo/archive`, { archived: true }), 409, 'served');
    expect(res.body.error.message).toMatch(/served at \//);
    await refused(() => anon().post(`${API}/old-open/archive`, { archived: true }), 401);
    const organizer = await competitionAdmin('old-open', 'old-organizer@example.com');
    await refused(() => organizer.post(`${API}/old-open/archive`, { archived: true }), 403);
    await refused(() => admin.post(`${API}/old-open/archive`, { archived: 'yes' }), 400);
    await refused(() => admin.post(`${API}/nowhere/archive`, { archived: true }), 404);
  });
});

describe('the admin list', () => {
  it('shows a site administrator every competition, with where each stands', async () => {
    const list = await ok<any>(admin.get('/api/v1/admin/competitions'));
    expect(list.competitions.map((c: any) => c.key).sort()).toEqual(['demo', 'demo-next', 'old-open']);
    const next = list.competitions.find((c: any) => c.key === 'demo-next');
    expect(next).toMatchObject({ state: 'upcoming', archivedAt: null, events: demoEvents.length });
  });

  it('shows a competition administrator only theirs, and nobody signed out', async () => {
    const organizer = await competitionAdmin('demo-next', 'next-organizer@example.com');
    const list = await ok<any>(organizer.get('/api/v1/admin/competitions'));
    expect(list.competitions.map((c: any) => c.key)).toEqual(['demo-next']);
    expect(list.site).toEqual({ served: null, chosen: null, configured: null });
    expectErrorShape(await anon().get('/api/v1/admin/competitions'), 401);
  });
});

describe('restoring a backup', () => {
  it('restores the export under a new key', async () => {
    const file = await ok(admin.get(`${API}/demo-next/export`));
    const restored = await ok<any>(admin.post(`${API}/import?key=demo-restored`, file));
    expect(restored.key).toBe('demo-restored');
    expect((await ok<any[]>(anon().get(`${API}/demo-restored/events`))).length).toBe(demoEvents.length);
  });

  it('refuses a damaged file whole, listing its problems, and writes nothing', async () => {
    const file = await ok<any>(admin.get(`${API}/demo/export`));
    file.tables.events[0].dances = 'not a list';
    file.tables.officials[0].role = 'Wizard';
    const res = await refused(() => admin.post(`${API}/import?key=damaged`, file), 400, 'invalid');
    expect(res.body.error.details.length).toBeGreaterThanOrEqual(2);
    expect(res.body.error.details.map((d: any) => d.path.slice(0, 2).join('.'))).toEqual(
      expect.arrayContaining(['tables.events', 'tables.officials']),
    );
    await refused(() => admin.post(`${API}/import?key=demo`, file), 400);
    await refused(() => admin.post(`${API}/import?key=Bad Key`, file), 400);
  });
});

function shift(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A signed-in administrator of `key` only (made once per email). */
async function competitionAdmin(key: string, email: string): Promise<Client> {
  await admin.post(`${API}/${key}/admins`, { email, name: 'Organizer', password: 'organizer-1' });
  const c = new Client(s.url);
  await ok(c.login(email, 'organizer-1'));
  return c;
}
