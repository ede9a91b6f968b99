import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  Client,
  onPostgres,
  readEvents,
  startServer,
  waitFor,
  type TestServer,
} from '../test/harness.ts';
import { startFaultProxy, type FaultProxy } from '../test/faultProxy.ts';
import { signIn, type Judge } from '../test/kits/testFlow.ts';
import { createEvent, DAWSON_DANCES, markDawsonFinal, ok, type TestEvent } from '../test/kits/testEvent.ts';
import { publicSurface } from './surface.ts';
import type { MirrorStatus } from '../../domain/schemas/mirror.ts';

/**
 * A venue (SQLite) mirrors the demo to a public site (PostgreSQL on the PostgreSQL run, else SQLite)
 * through a proxy that fails the ways venue internet fails (docs/mirror.md).
 */
const TOKEN = 'venue-secret-0123456789abcdef';
const API = '/api/v1/competitions/demo';
let cloud: TestServer;
let venue: TestServer;
let proxy: FaultProxy;
let judges: Judge[];
const venueAdmin = new Client(() => venue.url);
const cloudAdmin = new Client(() => cloud.url);

beforeAll(async () => {
  cloud = await startCloud();
  proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: Number(new URL(cloud.url).port) } });
  venue = await startVenue();
  await venueAdmin.login();
  await cloudAdmin.login();
  judges = await signIn(venue, 'Judge');
}, 60_000);

const startCloud = (on?: TestServer) =>
  startServer({
    demo: false,
    mirrorAcceptTokens: [TOKEN],
    database: onPostgres ? 'postgres' : 'sqlite',
    ...(on ? { dir: on.dir, port: Number(new URL(on.url).port) } : {}),
  });
const startVenue = (on?: TestServer) =>
  startServer({
    database: 'sqlite',
    mirrorTo: {
      url: proxy.url,
      token: TOKEN,
      competitions: ['demo'],
      venueName: 'Ballroom laptop',
      timeoutMs: 2_000,
    },
    ...(on ? { dir: on.dir } : {}),
  });

afterAll(async () => {
  await venue?.stop();
  await proxy?.close();
  await cloud?.stop();
});

async function linkAtVenue(): Promise<NonNullable<MirrorStatus['link']>> {
  const res = await fetch(`${venue.url}${API}/mirror`);
  return ((await res.json()) as MirrorStatus).link!;
}

/** Waits until the public site has every public change the venue made (what a person would wait for). */
async function caughtUp(timeoutMs = 15_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const link = await linkAtVenue();
    const latest = (await venue.app.feed.latest(await demoId(venue), 'public')) as number;
    const at = await cloud.db.selectFrom('mirror_links').select('applied_seq').executeTakeFirst();
    if (link.state === 'connected' && link.behind === 0 && at?.applied_seq === latest)
      return Date.now() - start;
    if (Date.now() - start > timeoutMs)
      throw new Error(`not caught up: ${JSON.stringify({ link, latest, at })}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function demoId(s: TestServer): Promise<number> {
  return (
    await s.db.selectFrom('competitions').select('id').where('key', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
}

async function bytes(url: string): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

/** Every public answer of the demo, byte for byte, at the venue and at the public site. */
async function expectSamePublicView(): Promise<number> {
  const surface = await publicSurface(venue.db, { id: await demoId(venue), key: 'demo' });
  const differ: string[] = [];
  for (const { path } of surface) {
    const [here, there] = await Promise.all([
      bytes(`${venue.url}/api/v1${path}`),
      bytes(`${cloud.url}/api/v1${path}`),
    ]);
    if (here.status !== there.status || !here.body.equals(there.body))
      differ.push(`${path} ${here.status}/${there.status}`);
  }
  expect(differ).toEqual([]);
  return surface.length;
}

async function postFinal(name: string): Promise<TestEvent> {
  const ev = await createEvent(venueAdmin, { name, dances: DAWSON_DANCES, couples: 6 });
  await ok(venueAdmin.post(`${ev.path}/rounds/1/start`, {}));
  await markDawsonFinal(ev, 1, judges);
  await ok(venueAdmin.post(`${ev.path}/rounds/1/results`, {}));
  await ok(venueAdmin.post(`${ev.path}/rounds/1/post`, {}));
  return ev;
}

async function postedOnPublicSite(ev: TestEvent, timeoutMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    const res = await fetch(`${cloud.url}${API}/results/${ev.key}`);
    if (res.status === 200 && JSON.stringify(await res.json()).includes('"place":1'))
      return Date.now() - start;
    if (Date.now() - start > timeoutMs)
      throw new Error(`${ev.name} not on the public site after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a venue mirroring to the public site', () => {
  it('shows the public site every public answer of the venue, byte for byte', async () => {
    await caughtUp(30_000);
    const compared = await expectSamePublicView();
    expect(compared).toBeGreaterThan(20);
    // The competition is listed there, and says where it comes from.
    const list = (await cloudAdmin.get('/api/v1/competitions')).body as { key: string }[];
    expect(list.map((c) => c.key)).toContain('demo');
    const status = (await cloudAdmin.get(`${API}/mirror`)).body as MirrorStatus;
    expect(status).toMatchObject({ venue: 'Ballroom laptop', state: 'live', link: null });
    const health = (await venueAdmin.get('/api/health')).body as { mirror: unknown };
    expect(health.mirror).toMatchObject({ state: 'connected', behind: 0 });
  }, 60_000);

  it('has a result posted at the venue on the public site within seconds, and tells its live streams', async () => {
    await caughtUp();
    let ev: TestEvent | undefined;
    // A phone's live stream on the public site hears of the result the venue posts.
    const heard = await readEvents(`${cloud.url}${API}/stream`, {
      timeoutMs: 30_000,
      onOpen: async () => {
        ev = await postFinal('Mirror Live Standard');
      },
      until: (events) => ev !== undefined && events.some((e) => e.data.includes('"topic":"results"')),
    });
    expect(heard.some((e) => e.data.includes('"topic":"results"'))).toBe(true);
    const ms = await postedOnPublicSite(ev!, 10_000);
    console.log(`mirror: a posted result reached the public site in ${ms} ms`);
    await caughtUp();
    await expectSamePublicView();
  }, 60_000);

  it('refuses every write to the mirrored competition at the public site, naming the venue', async () => {
    const res = await cloudAdmin.patch(API, { fullName: 'Hijacked' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'mirrored', details: { venue: 'Ballroom laptop' } });
    expect(res.body.error.message).toContain('Ballroom laptop');
    // Staff reads are not there either: only what the venue made public is.
    expect((await cloudAdmin.get(`${API}/dashboard`)).status).toBe(409);
  });

  it('refuses a wrong token, a second venue and a batch out of order', async () => {
    const call = (path: string, init: RequestInit = {}, token = TOKEN) =>
      fetch(`${cloud.url}/api/mirror/v1/competitions/demo${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    expect((await call('?venue=someone', {}, 'not-the-secret-at-all-0000')).status).toBe(401);
    expect((await fetch(`${cloud.url}/api/mirror/v1/competitions/demo?venue=x`)).status).toBe(401);
    const second = await call('?venue=another-venue-id');
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('mirrored_elsewhere');
    const venueId = (await venue.db.selectFrom('mirror_venue').select('id').executeTakeFirstOrThrow()).id;
    const applied = (
      await cloud.db.selectFrom('mirror_links').select('applied_seq').executeTakeFirstOrThrow()
    ).applied_seq;
    const ahead = await call('/batches', {
      method: 'POST',
      body: JSON.stringify({
        venue: { id: venueId, name: 'Ballroom laptop' },
        from: applied + 5,
        to: applied + 6,
        topics: [],
        answers: [],
      }),
    });
    expect(ahead.status).toBe(409);
    expect(await ahead.json()).toMatchObject({
      error: { code: 'out_of_order', details: { appliedSeq: applied } },
    });
    // An answer of another competition, or one a browser would run as a page of the site: refused whole.
    const answer = (path: string, type: string) => ({
      path,
      status: 200,
      headers: { 'content-type': type },
      body: Buffer.from('<script>alert(1)</script>').toString('base64'),
      sha256: '0'.repeat(64),
    });
    for (const wrong of [
      answer('/competitions/demo2/events', 'application/json'),
      answer('/competitions/demo/events', 'text/html'),
    ]) {
      const res = await call('/batches', {
        method: 'POST',
        body: JSON.stringify({
          venue: { id: venueId, name: 'Ballroom laptop' },
          from: applied,
          to: applied,
          topics: [],
          answers: [wrong],
        }),
      });
      expect(res.status).toBe(400);
    }
    const after = await cloud.db.selectFrom('mirror_links').select('applied_seq').executeTakeFirstOrThrow();
    expect(after.applied_seq).toBe(applied);
  });

  it('runs on through a dropped link and catches up by itself when it is back', async () => {
    proxy.setMode('drop');
    const ev = await postFinal('Mirror Offline Standard');
    // The venue answers and posts as ever; it knows the public site lacks the result.
    const offline = await waitFor('the venue to see the link down', async () => {
      const link = await linkAtVenue();
      return link.state === 'offline' && link.behind > 0 ? link : null;
    });
    expect(offline.behind).toBeGreaterThan(0);
    expect((await fetch(`${cloud.url}${API}/results/${ev.key}`)).status).not.toBe(200);
    proxy.setMode('pass');
    await postedOnPublicSite(ev, 15_000);
    await caughtUp();
    await expectSamePublicView();
  }, 60_000);

  it('applies a batch cut mid-upload, or whose answer was lost, exactly once', async () => {
    const cut = proxy.resetNextRequestAfter(300, { match: /^POST .*\/batches /, inBody: true });
    const a = await postFinal('Mirror Cut Upload Standard');
    await cut.applied;
    await postedOnPublicSite(a, 15_000);
    const lost = proxy.resetNextResponse({ match: /^POST .*\/batches / });
    const b = await postFinal('Mirror Lost Answer Standard');
    await lost.applied;
    await postedOnPublicSite(b, 15_000);
    await caughtUp();
    await expectSamePublicView();
  }, 60_000);

  it('runs on while the public site is stopped, and has the result there within 10 s of its start', async () => {
    await cloud.stop(false);
    const ev = await postFinal('Mirror Site Down Standard');
    await waitFor('the venue to see the link down', async () => (await linkAtVenue()).state === 'offline');
    cloud = await startCloud(cloud);
    const ms = await postedOnPublicSite(ev, 10_000);
    console.log(`mirror: after the public site started again, the result was there in ${ms} ms`);
    await caughtUp();
    await expectSamePublicView();
  }, 60_000);

  it('picks up where it was after a restart of the venue', async () => {
    await venue.stop(false);
    venue = await startVenue(venue);
    // The tablets' sessions are kept in the venue's database; the tablets find it at its new address.
    judges = judges.map((j) => ({
      ...j,
      client: Object.assign(new Client(venue.url), { cookie: j.client.cookie }),
    }));
    const ev = await postFinal('Mirror Venue Restart Standard');
    await postedOnPublicSite(ev, 10_000);
    await caughtUp();
    await expectSamePublicView();
  }, 60_000);

  it('gives up on a stalled link and carries on once it flows again', async () => {
    proxy.setMode('stall');
    const ev = await postFinal('Mirror Stalled Standard');
    await waitFor('the venue to see the link down', async () => (await linkAtVenue()).state === 'offline');
    proxy.setMode('pass');
    await postedOnPublicSite(ev, 20_000);
    await caughtUp();
    await expectSamePublicView();
  }, 60_000);
});

export { ADMIN };
