import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Client, onPostgres, startServer, waitFor, type TestServer } from '../test/harness.ts';
import { startFaultProxy, type FaultProxy } from '../test/faultProxy.ts';
import type { Judge } from '../test/kits/testFlow.ts';
import { createEvent, DAWSON_DANCES, markDawsonFinal, ok, type TestEvent } from '../test/kits/testEvent.ts';
import { hashSecret } from '../auth/passwords.ts';
import { SECRET_FILE } from '../auth/entryCodes.ts';

/**
 * Hand-over and hand-back (docs/mirror.md): a couple registers on the public site (PostgreSQL on the
 * PostgreSQL run), a venue (SQLite) takes the competition over through a fault proxy, runs the day
 * and hands it back; every row written on either side is there at the end.
 */
const TOKEN = 'venue-secret-0123456789abcdef';
const API = '/api/v1/competitions/demo';
const TAKE_OVER = '/api/v1/competitions/take-over';
let cloud: TestServer;
let venue: TestServer;
let other: TestServer;
let proxy: FaultProxy;
const venueAdmin = new Client(() => venue.url);
const cloudAdmin = new Client(() => cloud.url);
const otherAdmin = new Client(() => other.url);
const couple = {
  lead: { name: 'Lead Handover', email: 'lead.handover@example.com' },
  follow: { name: 'Follow Handover', email: 'follow.handover@example.com' },
  affiliation: 'MIT Ballroom Dance Team',
  events: ['bronze-latin-c-r-s'],
  consents: { liability: true, media: false },
};
let entryCode = '';
let final: TestEvent;

/** The link in the couple's confirmation, emailed by the public site. */
async function confirmationToken(): Promise<string> {
  const m = await cloud.db
    .selectFrom('messages')
    .select('text_body')
    .where('kind', '=', 'confirmation')
    .where('to_address', '=', couple.lead.email)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const found = /\/c\/demo\/entries\?open=([A-Za-z0-9_-]+)/.exec(m.text_body);
  if (!found) throw new Error(`no link in: ${m.text_body}`);
  return found[1]!;
}

/** The couple's link opened on `server`: the registration's lead, or the refusal's status. */
async function openedBy(server: TestServer, token: string): Promise<string | number> {
  const res = await new Client(server.url).post(`${API}/registrations/open`, { token });
  if (res.status !== 200) return res.status;
  return JSON.stringify(res.body).includes('Lead Handover') ? 'Lead Handover' : 'another registration';
}

beforeAll(async () => {
  cloud = await startServer({
    mirrorAcceptTokens: [TOKEN],
    database: onPostgres ? 'postgres' : 'sqlite',
  });
  proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: Number(new URL(cloud.url).port) } });
  // The venue shares the public site's installation secret, so the couples' and officials' codes work
  // on both (docs/mirror.md).
  const dir = mkdtempSync(join(tmpdir(), 'promenade-venue-'));
  copyFileSync(join(cloud.dir, SECRET_FILE), join(dir, SECRET_FILE));
  venue = await startServer({
    demo: false,
    dir,
    database: 'sqlite',
    mirrorTo: {
      url: proxy.url,
      token: TOKEN,
      competitions: null,
      venueName: 'Ballroom laptop',
      timeoutMs: 2_000,
    },
  });
  other = await startServer({
    demo: false,
    database: 'sqlite',
    mirrorTo: { url: cloud.url, token: TOKEN, competitions: null, venueName: 'Other hall', timeoutMs: 2_000 },
  });
  await venueAdmin.login();
  await cloudAdmin.login();
  await otherAdmin.login();
}, 60_000);

afterAll(async () => {
  await other?.stop();
  await venue?.stop();
  await proxy?.close();
  await cloud?.stop();
});

async function handedOverAtCloud(): Promise<string | null> {
  const c = await cloud.db
    .selectFrom('competitions')
    .select('handed_over_at')
    .where('key', '=', 'demo')
    .executeTakeFirstOrThrow();
  return c.handed_over_at;
}

/** The demo's judges signed in at the venue with the codes the public site gave them. */
async function judgesAtVenue(): Promise<Judge[]> {
  const out: Judge[] = [];
  for (const o of cloud.demo!.codes.filter((c) => c.role === 'Judge')) {
    const here = await venue.db
      .selectFrom('officials')
      .select('id')
      .where('name', '=', o.name)
      .executeTakeFirstOrThrow();
    const client = new Client(venue.url);
    await ok(client.post(`${API}/officials/${here.id}/session`, { code: o.accessCode }));
    out.push({ id: here.id, name: o.name, client });
  }
  return out;
}

async function placedFirst(server: TestServer, ev: TestEvent): Promise<boolean> {
  const res = await fetch(`${server.url}${API}/results/${ev.key}`);
  return res.status === 200 && JSON.stringify(await res.json()).includes('"place":1');
}

/** A competition's exported rows, table by table, without the ids each server gives them. */
async function exportedRows(admin: Client): Promise<Record<string, number>> {
  const doc = (await ok<{ tables: Record<string, unknown[]> }>(admin.get(`${API}/export`))) as {
    tables: Record<string, unknown[]>;
  };
  return Object.fromEntries(Object.entries(doc.tables).map(([t, rows]) => [t, rows.length]));
}

describe('handing a competition over to the venue and back', () => {
  it('takes a registration on the public site before the day', async () => {
    const res = await new Client(cloud.url).post(`${API}/registrations`, couple);
    expect(res.status).toBe(201);
    entryCode = res.body.entryCode as string;
  });

  it('refuses a take-over to a caller who is not a site administrator, or without a mirror', async () => {
    await venue.db
      .insertInto('users')
      .values({
        email: 'staff@example.com',
        name: 'Staff',
        password_hash: await hashSecret(ADMIN.password),
        is_super_admin: 0,
      })
      .execute();
    const staff = new Client(venue.url);
    await staff.login('staff@example.com');
    expect((await staff.post(TAKE_OVER, { key: 'demo' })).status).toBe(403);
    expect((await new Client(venue.url).post(TAKE_OVER, { key: 'demo' })).status).toBe(401);
    // The public site itself mirrors to nobody.
    const off = await cloudAdmin.post(TAKE_OVER, { key: 'demo' });
    expect(off.status).toBe(409);
    expect(off.body.error.code).toBe('mirror_off');
    expect(await handedOverAtCloud()).toBeNull();
  });

  it('answers 404 for a competition the public site does not have', async () => {
    const res = await venueAdmin.post(TAKE_OVER, { key: 'no-such-open' });
    expect(res.status).toBe(404);
    expect(await venue.db.selectFrom('competitions').select('id').execute()).toEqual([]);
  });

  it('answers 502 with a clear message when the public site cannot be reached', async () => {
    proxy.setMode('drop');
    try {
      const res = await venueAdmin.post(TAKE_OVER, { key: 'demo' });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('public_site_unreachable');
      expect(res.body.error.message).toContain('could not be reached');
    } finally {
      proxy.setMode('pass');
    }
    expect(await handedOverAtCloud()).toBeNull();
    expect(await venue.db.selectFrom('competitions').select('id').execute()).toEqual([]);
  });

  it('takes the competition over: imported at the venue, refused for writes on the public site', async () => {
    const res = await venueAdmin.post(TAKE_OVER, { key: 'demo' });
    expect(res.status).toBe(200);
    expect(res.body.key).toBe('demo');
    expect(await handedOverAtCloud()).not.toBeNull();
    // The couple who registered on the public site is at the venue, with the same entry code.
    const lookup = await new Client(venue.url).post(`${API}/registrations/lookup`, {
      entryCode,
      email: couple.lead.email,
    });
    expect(lookup.status).toBe(200);
    expect(JSON.stringify(lookup.body)).toContain('Lead Handover');
    // And the link in the confirmation the public site emailed opens it at the venue too.
    expect(await openedBy(venue, await confirmationToken())).toBe('Lead Handover');
    // The public site writes it no more.
    const write = await cloudAdmin.patch(API, { fullName: 'Written on the public site' });
    expect(write.status).toBe(409);
    expect(['handed_over', 'mirrored']).toContain(write.body.error.code);
    const register = await new Client(cloud.url).post(`${API}/registrations`, {
      ...couple,
      lead: { name: 'Late Lead', email: 'late.lead@example.com' },
    });
    expect(register.status).toBe(409);
    // Asked again (a lost answer): the same venue may; a copy run here is not replaced.
    const again = await venueAdmin.post(TAKE_OVER, { key: 'demo' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('duplicate');
  }, 60_000);

  it('runs the day at the venue and shows it on the public site (mirrored)', async () => {
    const judges = await judgesAtVenue();
    final = await createEvent(venueAdmin, { name: 'Handover Standard', dances: DAWSON_DANCES, couples: 6 });
    await ok(venueAdmin.post(`${final.path}/rounds/1/start`, {}));
    await markDawsonFinal(final, 1, judges);
    await ok(venueAdmin.post(`${final.path}/rounds/1/results`, {}));
    await ok(venueAdmin.post(`${final.path}/rounds/1/post`, {}));
    await waitFor('the final on the public site', () => placedFirst(cloud, final));
    const status = (await cloudAdmin.get(`${API}/mirror`)).body as { venue: string; state: string };
    expect(status).toMatchObject({ venue: 'Ballroom laptop', state: 'live' });
  }, 60_000);

  it('refuses a second venue', async () => {
    const res = await otherAdmin.post(TAKE_OVER, { key: 'demo' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('mirrored_elsewhere');
    expect(res.body.error.message).toContain('Ballroom laptop');
    expect(await other.db.selectFrom('competitions').select('id').execute()).toEqual([]);
    // Nor may another venue hand it back, nor anyone without the token.
    const call = (path: string, body: unknown, token = TOKEN) =>
      fetch(`${cloud.url}/api/mirror/v1/competitions/demo${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const stranger = { id: 'another-venue-0001', name: 'Other hall' };
    const back = await call('/hand-back', { venue: stranger, export: {} });
    expect(back.status).toBe(409);
    expect(((await back.json()) as { error: { code: string } }).error.code).toBe('mirrored_elsewhere');
    expect((await call('/hand-over', { venue: stranger }, 'not-the-secret-at-all-0000')).status).toBe(401);
    expect(await handedOverAtCloud()).not.toBeNull();
  });

  it('hands it back: sent again after the public site was not there, taken once', async () => {
    proxy.setMode('drop');
    try {
      const lost = await venueAdmin.post(`${API}/hand-back`, {});
      expect(lost.status).toBe(502);
      expect(lost.body.error.code).toBe('public_site_unreachable');
    } finally {
      proxy.setMode('pass');
    }
    // Whether it arrived is not known: the venue writes no more meanwhile.
    expect((await venueAdmin.patch(API, { fullName: 'Written at the venue' })).status).toBe(409);
    const venueRows = await exportedRows(venueAdmin);
    const res = await venueAdmin.post(`${API}/hand-back`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'demo', to: proxy.url });
    // And once more (its answer lost): nothing taken twice.
    expect((await venueAdmin.post(`${API}/hand-back`, {})).status).toBe(200);

    expect(await handedOverAtCloud()).toBeNull();
    expect(await cloud.db.selectFrom('mirror_links').select('competition_id').execute()).toEqual([]);
    expect(await cloud.db.selectFrom('mirror_answers').select('path').execute()).toEqual([]);
    // The public site's own rows: the couple registered there, and the result posted at the venue.
    expect(await exportedRows(cloudAdmin)).toEqual(venueRows);
    expect(await placedFirst(cloud, final)).toBe(true);
    const lookup = await new Client(cloud.url).post(`${API}/registrations/lookup`, {
      entryCode,
      email: couple.lead.email,
    });
    expect(lookup.status).toBe(200);
    expect(JSON.stringify(lookup.body)).toContain('Lead Handover');
    const status = (await cloudAdmin.get(`${API}/mirror`)).body as { state: string };
    expect(status.state).toBe('own');
    // The emailed link still opens it (carried back in the export, not copied twice).
    expect(await openedBy(cloud, await confirmationToken())).toBe('Lead Handover');
    // The confirmation emailed before the day still belongs to the couple's registration (new id).
    const mail = await cloud.db
      .selectFrom('messages')
      .innerJoin('registrations', 'registrations.id', 'messages.registration_id')
      .innerJoin('competitors', 'competitors.id', 'registrations.lead_id')
      .select(['competitors.name'])
      .where('messages.to_address', '=', couple.lead.email)
      .execute();
    expect(mail.length).toBeGreaterThan(0);
    expect(mail.every((m) => m.name === 'Lead Handover')).toBe(true);
    // The public site writes it again; the venue answers 409 handed_over.
    expect((await cloudAdmin.patch(API, { fullName: 'Demo, back home' })).status).toBe(200);
    const refused = await venueAdmin.patch(API, { fullName: 'Written at the venue' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('handed_over');
    // The venue's admin list says where it went (Admin → Competitions).
    const list = (await venueAdmin.get('/api/v1/admin/competitions')).body as {
      competitions: { key: string; handedOverTo?: string | null }[];
      site: { publicSite?: string | null };
    };
    expect(list.site.publicSite).toBe(proxy.url);
    expect(list.competitions.find((c) => c.key === 'demo')?.handedOverTo).toBe(proxy.url);
    // The trail says who handed what where, on both sides.
    const actions = (
      await cloud.db
        .selectFrom('audit_log')
        .innerJoin('competitions', 'competitions.id', 'audit_log.competition_id')
        .select('action')
        .where('competitions.key', '=', 'demo')
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['competition.hand_over', 'competition.take_over', 'competition.hand_back']),
    );
  }, 60_000);

  it('can take over a competition handed back before: the copy is replaced', async () => {
    const res = await venueAdmin.post(TAKE_OVER, { key: 'demo' });
    expect(res.status).toBe(200);
    expect(res.body.fullName).toBe('Demo, back home');
    expect((await venueAdmin.patch(API, { fullName: 'At the venue again' })).status).toBe(200);
    expect((await venueAdmin.post(`${API}/hand-back`, {})).status).toBe(200);
    expect((await cloudAdmin.get(API)).body.fullName).toBe('At the venue again');
  }, 60_000);
});

describe('taking a competition back without its hand-back', () => {
  const lost = { id: 'lost-venue-0001', name: 'Lost laptop' };
  const mirrorCall = (path: string, body: unknown) =>
    fetch(`${cloud.url}/api/mirror/v1/competitions/demo${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const competitionAnswer = {
    path: '/competitions/demo',
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from('{}').toString('base64'),
    sha256: '0'.repeat(64),
  };
  const handedOver = async () =>
    (
      await cloud.db
        .selectFrom('competitions')
        .select('handed_over_at')
        .where('key', '=', 'demo')
        .executeTakeFirstOrThrow()
    ).handed_over_at;

  it("refuses what is not handed over, a body that is not one, and a venue's copy handed back", async () => {
    const res = await cloudAdmin.post(`${API}/take-back`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('not_handed_over');
    expect((await cloudAdmin.post(`${API}/take-back`, { force: 'yes' })).status).toBe(400);
    // The venue's copy belongs to the public site now: taking it over from there is the way back.
    const atVenue = await venueAdmin.post(`${API}/take-back`, { force: true });
    expect(atVenue.status).toBe(409);
    expect(atVenue.body.error.code).toBe('handed_over');
  });

  it('takes back one whose venue never imported it: the public site writes it again', async () => {
    expect((await mirrorCall('/hand-over', { venue: lost })).status).toBe(200);
    expect((await cloudAdmin.patch(API, { fullName: 'Not now' })).status).toBe(409);
    const back = await cloudAdmin.post(`${API}/take-back`, {});
    expect(back.status).toBe(200);
    expect(await handedOver()).toBeNull();
    expect((await cloudAdmin.patch(API, { fullName: 'Home again' })).status).toBe(200);
  });

  it('takes back one a lost venue mirrors only when asked to; that venue is refused from then on', async () => {
    expect((await mirrorCall('/hand-over', { venue: lost })).status).toBe(200);
    const batch = { venue: lost, from: 0, to: 1, topics: [], answers: [competitionAnswer] };
    expect((await mirrorCall('/batches', batch)).status).toBe(200);
    const refused = await cloudAdmin.post(`${API}/take-back`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'mirrored', details: { venue: 'Lost laptop' } });
    expect(await handedOver()).not.toBeNull();
    const forced = await cloudAdmin.post(`${API}/take-back`, { force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.fullName).toBe('Home again');
    expect(await cloud.db.selectFrom('mirror_answers').select('path').execute()).toEqual([]);
    // The lost venue, back online, cannot overwrite what the public site runs again.
    const late = await mirrorCall('/batches', { ...batch, from: 1, to: 2 });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe('not_mirrored');
    const trail = await cloud.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'competition.take_back')
      .orderBy('id')
      .execute();
    expect(trail.map((r) => JSON.parse(String(r.after)))).toEqual([
      { forced: false, mirrored: false },
      { forced: true, mirrored: true },
    ]);
  });
});
