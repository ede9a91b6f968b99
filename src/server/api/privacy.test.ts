/**
 * Privacy of unposted work: while a round is computed but not Posted, no public read and
 * no public stream frame carries its marks, tallies, recalls or placings; once posted, they do. And a
 * round taken back out of Posted hides them again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, readEvents, useTestServer } from '../test/harness.ts';
import { signIn, type Judge } from '../test/kits/testFlow.ts';
import {
  createEvent,
  DAWSON_DANCES,
  markDawsonFinal,
  markRecall,
  ok,
  type TestEvent,
} from '../test/kits/testEvent.ts';

const API = '/api/v1/competitions/demo';
const { s, admin, anon } = useTestServer({ admin: true });
let judges: Judge[];
let ev: TestEvent;

/** Words that only a computed result carries. */
const RESULT_KEYS = ['sumRecalls', 'placements', 'byJudge', 'finalTable', 'recalled', 'placings', '"marks"'];

/** Everything an anonymous visitor can read about the competition, by name. */
async function publicReads(): Promise<Record<string, { status: number; text: string }>> {
  const c = anon();
  const paths = {
    competition: `${API}`,
    events: `${API}/events`,
    entries: `${API}/events/${ev.key}/entries`,
    schedule: `${API}/schedule`,
    panels: `${API}/panels`,
    competitors: `${API}/competitors`,
    competitor: `${API}/competitors/1`,
    competitorResults: `${API}/competitors/1/results`,
    settings: `${API}/settings/events`,
    semiResults: `${API}/events/${ev.key}/rounds/1/results`,
    finalResults: `${API}/events/${ev.key}/rounds/2/results`,
    eventResults: `${API}/events/${ev.key}/results`,
    summary: `${API}/results`,
    eventDetail: `${API}/results/${ev.key}`,
    eventCsv: `${API}/events/${ev.key}/results.csv`,
    competitionCsv: `${API}/results.csv`,
    marks: `${API}/events/${ev.key}/rounds/1/marks`,
    finalMarks: `${API}/events/${ev.key}/rounds/2/marks`,
    judgeRounds: `${API}/judges/1/rounds`,
    export: `${API}/export`,
  };
  const out: Record<string, { status: number; text: string }> = {};
  for (const [name, path] of Object.entries(paths)) {
    const r = await c.get(path);
    out[name] = { status: r.status, text: typeof r.body === 'string' ? r.body : JSON.stringify(r.body) };
  }
  return out;
}

/** The part of a JSON read that concerns our event (other demo events may be anything). */
function aboutOurEvent(name: string, text: string): string {
  if (name === 'events' || name === 'summary') {
    const list = JSON.parse(text) as { key: string }[] | { events: { key: string }[] };
    const events = Array.isArray(list) ? list : list.events;
    return JSON.stringify(events.find((e) => e.key === ev.key) ?? null);
  }
  if (name === 'schedule') {
    const items = (JSON.parse(text) as { items: { eventKey: string }[] }).items;
    return JSON.stringify(items.filter((i) => i.eventKey === ev.key));
  }
  return text;
}

function expectNothingOf(reads: Record<string, { status: number; text: string }>, rounds: 'semi' | 'final') {
  // Staff-only reads stay closed to the public whatever the state.
  for (const name of ['marks', 'finalMarks', 'judgeRounds', 'export'])
    expect(reads[name]!.status, name).toBe(401);
  // An unposted round has no result for the public: null (200); the event's final results are missing.
  const unposted = rounds === 'semi' ? ['semiResults', 'finalResults'] : ['finalResults'];
  for (const name of unposted) expect([reads[name]!.status, reads[name]!.text], name).toEqual([200, 'null']);
  expect(reads.eventResults!.status).toBe(404);
  if (rounds === 'semi') expect(reads.eventCsv!.status).toBe(404);
  for (const [name, r] of Object.entries(reads)) {
    if (r.status !== 200 || name === 'eventCsv' || name === 'competitionCsv') continue;
    const mine = aboutOurEvent(name, r.text);
    if (
      rounds === 'semi' &&
      (name === 'events' || name === 'schedule' || name === 'summary' || name === 'eventDetail')
    ) {
      for (const k of RESULT_KEYS) expect(mine, `${name} carries ${k}`).not.toContain(k);
    }
  }
  const events = JSON.parse(reads.events!.text) as {
    key: string;
    rounds: { roundNumber: number; entries: unknown[] }[];
  }[];
  const ours = events.find((e) => e.key === ev.key)!;
  const detail = JSON.parse(reads.eventDetail!.text) as { rounds: { roundNumber: number }[] };
  const summary = (
    JSON.parse(reads.summary!.text) as { events: { key: string; final: unknown; postedRounds: number }[] }
  ).events.find((e) => e.key === ev.key)!;
  expect(summary.final).toBeNull();
  const mineOf = JSON.parse(reads.competitorResults!.text) as { eventKey: string; place: number | null }[];
  const competitor = mineOf.find((r) => r.eventKey === ev.key);
  if (rounds === 'semi') expect(competitor).toBeUndefined();
  else expect(competitor?.place).toBeNull();
  if (rounds === 'semi') {
    // Who is recalled is itself a result: the final holds no couples until the semi is posted.
    expect(ours.rounds.find((r) => r.roundNumber === 2)!.entries).toHaveLength(0);
    expect(detail.rounds).toHaveLength(0);
    expect(summary.postedRounds).toBe(0);
    expect(reads.competitionCsv!.text).not.toContain(ev.name);
  } else {
    expect(detail.rounds.map((r) => r.roundNumber)).toEqual([1]);
    expect(reads.eventCsv!.text).not.toMatch(/,Final,/);
    expect(reads.competitionCsv!.text).not.toMatch(new RegExp(`${ev.name},Standard,Gold,Final,`));
  }
}

beforeAll(async () => {
  judges = await signIn(s, 'Judge');
  ev = await createEvent(admin, { name: 'Privacy Check Standard', dances: DAWSON_DANCES, couples: 9 });
  // Competitor 1 of the demo dances in our event too, so their results read is covered.
  await ok(admin.post(`${ev.path}/entries`, { leadId: 1, followId: 2, leadName: 'x', followName: 'y' }));
  await ok(admin.post(`${ev.path}/rounds/generate`, {}));
});
// Runs before the server stops (after hooks run in reverse order).
afterAll(async () => {
  await admin.del(`${ev.path}?confirm=true`);
});

describe('privacy of unposted rounds', () => {
  it('shows nothing of a computed recall or final before it is posted, everything after', async () => {
    const events = (await admin.get(`${API}/events`)).body as { key: string; rounds: unknown[] }[];
    expect(events.find((e) => e.key === ev.key)!.rounds).toHaveLength(2);
    // A final of six couples, so Example M's marks fit.
    await ok(admin.patch(`${ev.path}/rounds/1`, { recallSize: 6 }));
    const started = await ok<{ round: { couples: string[] } }>(admin.post(`${ev.path}/rounds/1/start`, {}));
    const couples = started.round.couples;
    await markRecall(ev, 1, judges, DAWSON_DANCES, couples.slice(0, 6));

    // The anonymous stream while the scrutineer computes: nothing at all, not even that a result
    // exists; a public change made after the compute (the competition's name) ends the read.
    const anonFrames = readEvents(`${s.url}${API}/stream`, {
      until: (e) => e.some((x) => x.data.includes('"competition"')),
      onOpen: async () => {
        await ok(admin.post(`${ev.path}/rounds/1/results`, {}));
        await ok(admin.patch(API, { fullName: 'Privacy Check Classic' }));
      },
    });
    const frames = await anonFrames;
    const changes = frames
      .filter((f) => f.event === 'change')
      .map((f) => JSON.parse(f.data) as Record<string, unknown>);
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) {
      expect(Object.keys(c).sort()).toEqual(['topic', 'version']);
      expect(c.topic).not.toBe('marks');
    }
    // Computing is announced to staff streams only; the public hears of the round when it is posted.
    expect(changes.map((c) => c.topic)).toEqual(['competition']);
    // Staff do see it (so the checks below could fail).
    expect((await admin.get(`${ev.path}/rounds/1/results`)).status).toBe(200);

    expectNothingOf(await publicReads(), 'semi');

    // Posted: the public sees the recall with its tallies.
    await ok(admin.post(`${ev.path}/rounds/1/post`, {}));
    let reads = await publicReads();
    expect(reads.semiResults!.status).toBe(200);
    expect(JSON.parse(reads.semiResults!.text).sumRecalls[couples[0]!]).toBe(5 * DAWSON_DANCES.length);
    const detail = JSON.parse(reads.eventDetail!.text);
    expect(detail.rounds[0].couples.filter((c: { recalled: boolean }) => c.recalled)).toHaveLength(6);
    expect(reads.eventCsv!.status).toBe(200);
    expect(
      JSON.parse(reads.competitorResults!.text).find((r: { eventKey: string }) => r.eventKey === ev.key),
    ).toMatchObject({ coupleNumber: '100', place: null, finalPosted: false });
    expect(reads.competitionCsv!.text).toContain(`${ev.name},Standard,Gold,Semi-Final,${couples[0]}`);

    // The final: started (posting the semi leaves it waiting), marked and computed, not posted.
    await ok(admin.post(`${ev.path}/rounds/2/start`, {}));
    const finalists = (await ok<{ round: { couples: string[] } }>(admin.get(`${ev.path}/rounds/2/marks`)))
      .round.couples;
    expect(finalists).toEqual(couples.slice(0, 6));
    await markDawsonFinal({ ...ev, couples: finalists }, 2, judges);
    await ok(admin.post(`${ev.path}/rounds/2/results`, {}));
    expectNothingOf(await publicReads(), 'final');

    // Posted: placings, working and CSV rows are public.
    await ok(admin.post(`${ev.path}/rounds/2/post`, {}));
    reads = await publicReads();
    expect(reads.finalResults!.status).toBe(200);
    expect(reads.eventResults!.status).toBe(200);
    const summary = JSON.parse(reads.summary!.text).events.find((e: { key: string }) => e.key === ev.key);
    expect(summary.final.placings).toHaveLength(6);
    expect(reads.eventCsv!.text).toMatch(/,Final,/);
    const mine = JSON.parse(reads.competitorResults!.text).find(
      (r: { eventKey: string }) => r.eventKey === ev.key,
    );
    expect(mine.finalPosted).toBe(true);
    expect(mine.place !== null || mine.out).toBe(true);

    // A bare state change cannot take a round out of Posted (that would half-unpublish it)…
    expectErrorShape(await admin.patch(`${ev.path}/rounds/2`, { roundState: 4 }), 409, 'use_unpost');
    // …un-posting with a reason hides it again.
    await ok(admin.post(`${ev.path}/rounds/2/unpost`, { reason: 'Judge C swapped two couples' }));
    expectNothingOf(await publicReads(), 'final');
  });
});
