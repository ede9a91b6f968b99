/**
 * Before a round is posted only the scrutineer, the chairman and the competition's
 * administrators see its computed result and every judge's marks; a judge sees only their own; the MC,
 * the deck captain and the public see what posting publishes. Every read that could show marks or a
 * result, for every role, as one table; then the same reads once the round is posted.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, competitionId, readEvents, type Res, useTestServer } from '../test/harness.ts';
import {
  demoTargets,
  fillPath,
  loadRoutes,
  PUBLIC_ROUTES,
  routeId,
  targetValues,
} from '../test/kits/catalogue.ts';
import { createEvent, markRecall, ok, type TestEvent } from '../test/kits/testEvent.ts';
import { signIn, signInCrew, type Judge } from '../test/kits/testFlow.ts';

const { s, admin, anon } = useTestServer({ admin: true });
const DANCES = ['Waltz', 'Tango'];

type Reader = 'signed out' | 'judge 2' | 'MC' | 'deck captain' | 'chairman' | 'scrutineer' | 'admin';
/** Who sees an unposted round's result and every judge's marks (and hears of each mark). */
const SEES: readonly Reader[] = ['chairman', 'scrutineer', 'admin'];

const readers = new Map<Reader, Client>();
let judges: Judge[];
let ev: TestEvent;
let values: Record<string, string | number>;

const round = (n: number) => `${ev.path}/rounds/${n}`;

beforeAll(async () => {
  const crew = await signInCrew(s);
  judges = crew.judges;
  ev = await createEvent(admin, { name: 'Unposted Check', dances: DANCES, couples: 9 });
  readers.set('signed out', anon());
  readers.set('judge 2', judges[1]!.client);
  readers.set('MC', (await signIn(s, 'MC'))[0]!.client);
  readers.set('deck captain', crew.deck);
  readers.set('chairman', crew.chairman);
  readers.set('scrutineer', crew.scrutineer);
  readers.set('admin', admin);
  values = { ...targetValues(await demoTargets(s.db, admin)), eventKey: ev.key };

  // The semi-final, computed and not posted: each judge recalls a different seven of the nine.
  await ok(admin.post(`${round(1)}/start`, {}));
  for (const [i, judge] of judges.entries())
    await markRecall(ev, 1, [judge], DANCES, [...ev.couples.slice(i % 3), ...ev.couples].slice(0, 7));
  await ok(crew.scrutineer.post(`${round(1)}/results`, {}));
}, 60_000);

/** Marks by dance and judge id, as GET …/marks and the PUT answer carry them. */
const markers = (marks: Record<string, Record<string, unknown>>) =>
  [...new Set(Object.values(marks).flatMap((byJudge) => Object.keys(byJudge)))].sort();

/** What each reader gets from every read that could show marks or a result of an unposted round. */
async function unpostedReads(who: Reader, n: number, kind: 'recall' | 'final') {
  const c = readers.get(who)!;
  const sees = SEES.includes(who);
  const results = await c.get(`${round(n)}/results`);
  expect(results.status, `${who}: results`).toBe(200);
  if (sees) {
    expect(results.body, `${who}: results`).toMatchObject({ kind, posted: false });
    expect(results.body[kind === 'recall' ? 'byJudge' : 'finalTable'], `${who}: results`).toBeTruthy();
  } else expect(results.body, `${who} reads the unposted result`).toBeNull();

  const marks = await c.get(`${round(n)}/marks`);
  const ownId = String(judges[1]!.id);
  if (sees) expect(markers(marks.body.marks), `${who}: marks`).toHaveLength(judges.length);
  else if (who === 'judge 2') {
    expect(markers(marks.body.marks), 'judge 2: marks').toEqual([ownId]);
    expect(marks.body.judges.map((j: { id: number }) => String(j.id))).toEqual([ownId]);
  } else expect(marks.status, `${who}: marks`).toBe(who === 'signed out' ? 401 : 403);

  const rounds = await c.get(`/api/v1/competitions/demo/judges/${judges[0]!.id}/rounds`);
  expect(rounds.status, `${who}: judge 1's rounds`).toBe(sees ? 200 : who === 'signed out' ? 401 : 403);

  const final = await c.get(`${ev.path}/results`);
  expect(final.status, `${who}: the event's results`).toBe(404);
}

/** Every public read answers each reader what it answers the public (the round's results aside). */
async function samePublicReads(readersToCheck: readonly Reader[]) {
  const routes = (await loadRoutes(admin)).filter(
    (r) =>
      r.method === 'GET' &&
      PUBLIC_ROUTES.includes(routeId(r)) &&
      r.path.includes('{key}') &&
      !r.path.endsWith('/stream') &&
      !r.path.endsWith('/rounds/{n}/results'),
  );
  expect(routes.length).toBeGreaterThan(15);
  const text = (res: Res) => `${res.status} ${JSON.stringify(res.body)}`;
  for (const r of routes) {
    const path = fillPath(r.path, values);
    const expected = text(await anon().get(path));
    for (const who of readersToCheck)
      expect(text(await readers.get(who)!.get(path)), `${who}: ${r.path}`).toBe(expected);
  }
}

const ALL: readonly Reader[] = [
  'signed out',
  'judge 2',
  'MC',
  'deck captain',
  'chairman',
  'scrutineer',
  'admin',
];

describe('a computed round before it is posted', () => {
  it.each(ALL)('%s: result, marks and judges’ rounds only as the role allows', async (who) => {
    await unpostedReads(who, 1, 'recall');
  });

  it('every public read answers judges, the MC, the deck captain and the staff what it answers the public', async () => {
    values = { ...values, n: 1 };
    await samePublicReads(ALL.filter((w) => w !== 'signed out'));
  });
});

describe('once posted', () => {
  it('everyone reads the recalled couples; the semi-final stays as computed', async () => {
    await ok(admin.post(`${round(1)}/post`, {}));
    const computed = await ok<{ recalled: string[] }>(readers.get('scrutineer')!.get(`${round(1)}/results`));
    for (const who of ALL) {
      const res = await readers.get(who)!.get(`${round(1)}/results`);
      expect(res.body, who).toMatchObject({ kind: 'recall', posted: true, recalled: computed.recalled });
    }
    const announced = await ok<{ items: { id: string; couples: { coupleNumber: string }[] }[] }>(
      readers.get('MC')!.get('/api/v1/competitions/demo/announcements'),
    );
    expect(announced.items.find((a) => a.id === `${ev.key}/1`)?.couples.map((c) => c.coupleNumber)).toEqual(
      expect.arrayContaining(computed.recalled),
    );
  });
});

describe('the final before it is posted', () => {
  const topics = (evs: { event: string; data: string }[]) =>
    evs.filter((e) => e.event === 'change').map((e) => (JSON.parse(e.data) as { topic: string }).topic);

  it("only the scrutineer, chairman and administrators hear of each judge's marks on the live feed; a judge's own submission answers with their own only", async () => {
    await ok(admin.post(`${round(2)}/start`, {}));
    const finalists = (await ok<{ round: { couples: string[] } }>(admin.get(`${round(2)}/marks`))).round
      .couples;
    const url = `${s.url}/api/v1/competitions/demo/stream`;
    // The start's own public notice is out before the streams open (it may wait on the read cache).
    const demo = { id: await competitionId(s.db) };
    await vi.waitFor(async () =>
      expect(s.app.feed.pulse.announced(demo.id)).toBe(await s.app.feed.latest(demo.id, 'public')),
    );
    let opened = 0;
    let allOpen!: () => void;
    const ready = new Promise<void>((r) => (allOpen = r));
    const streams = ALL.map((who) => {
      const cookie = readers.get(who)!.cookie;
      return readEvents(url, {
        ...(cookie ? { cookie } : {}),
        onOpen: () => {
          if (++opened === ALL.length) allOpen();
        },
        // Every stream hears the competition's change made after the final is computed below.
        until: (evs) => topics(evs).includes('competition'),
        timeoutMs: 8000,
      });
    });
    await ready;
    for (const [j, judge] of judges.entries()) {
      const body = Object.fromEntries(
        DANCES.map((d) => [
          d,
          Object.fromEntries(finalists.map((c, i) => [c, ((i + j) % finalists.length) + 1])),
        ]),
      );
      const saved = await ok<{ marks: Record<string, Record<string, unknown>>; missing: unknown[] }>(
        judge.client.put(`${round(2)}/marks/${judge.id}`, body),
      );
      // A judge's own submission answers with their own marks, and none of the others' dances
      // still to mark (judges 3–5 have not marked yet when judge 2 submits).
      expect(markers(saved.marks), `judge ${j + 1}'s answer`).toEqual([String(judge.id)]);
      expect(saved.missing, `judge ${j + 1}'s answer`).toEqual([]);
    }
    // Computed, computed again, withdrawn by a correction, computed once more: none of it public.
    const scrutineer = readers.get('scrutineer')!;
    await ok(scrutineer.post(`${round(2)}/results`, {}));
    await ok(scrutineer.post(`${round(2)}/results`, {}));
    const corrected = Object.fromEntries(
      DANCES.map((d) => [d, Object.fromEntries(finalists.map((c, i) => [c, finalists.length - i]))]),
    );
    const withdrawn = await ok<{ message: string }>(
      scrutineer.put(`${round(2)}/marks/${judges[0]!.id}`, corrected),
    );
    expect(withdrawn.message).toMatch(/computed result was withdrawn/);
    await ok(scrutineer.post(`${round(2)}/results`, {}));
    // A public change after them all: what each stream heard before it is all it will hear of them.
    await ok(admin.patch('/api/v1/competitions/demo', { fullName: 'Unposted Check Open' }));
    const heard = await Promise.all(streams);
    for (const [i, who] of ALL.entries()) {
      const heardOf = topics(heard[i]!);
      if (SEES.includes(who))
        expect(heardOf, who).toEqual(expect.arrayContaining(['marks', 'results', 'events', 'schedule']));
      // Neither that a result was computed, nor withdrawn, nor the marks that came in.
      else expect(heardOf, `${who} hears only the public change`).toEqual(['competition']);
    }
  });

  it.each(ALL)('%s: result, marks and judges’ rounds only as the role allows', async (who) => {
    await unpostedReads(who, 2, 'final');
  });

  it('every public read answers judges, the MC, the deck captain and the staff what it answers the public', async () => {
    values = { ...values, n: 2 };
    await samePublicReads(ALL.filter((w) => w !== 'signed out'));
  });

  it('once posted, everyone reads the final placings', async () => {
    await ok(admin.post(`${round(2)}/post`, {}));
    for (const who of ALL) {
      const res = await readers.get(who)!.get(`${round(2)}/results`);
      expect(res.body, who).toMatchObject({ kind: 'final', posted: true });
      expect((await readers.get(who)!.get(`${ev.path}/results`)).status, who).toBe(200);
    }
  });
});
