import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app.ts';
import { expectErrorShape, useTestServer } from '../../../test/harness.ts';
import { parseCsv } from '../../../../domain/csv.ts';
import { RESULTS_CSV_HEADER } from './queries.ts';
import { signIn, type Judge } from '../../../test/kits/testFlow.ts';
import {
  createEvent,
  DAWSON_DANCES,
  dawsonCouple,
  markDawsonFinal,
  markRecall,
  ok,
  type TestEvent,
} from '../../../test/kits/testEvent.ts';
import type { EventResults, ResultsSummary } from '../../../../domain/schemas/results.ts';

const API = '/api/v1/competitions/demo';
const TEAM = 'Team "Quote", Comma';
const { s, admin, anon } = useTestServer({ admin: true });
let judges: Judge[];
let ev: TestEvent;
let empty: TestEvent;

beforeAll(async () => {
  judges = await signIn(s, 'Judge');
  // Six couples: a final only, marked with Example M (three Rule 11 decisions).
  ev = await createEvent(admin, {
    name: 'Results Read Standard',
    dances: DAWSON_DANCES,
    couples: 6,
    team: TEAM,
  });
  await ok(admin.post(`${ev.path}/rounds/1/start`, {}));
  await markDawsonFinal(ev, 1, judges);
  await ok(admin.post(`${ev.path}/rounds/1/results`, {}));
  await ok(admin.post(`${ev.path}/rounds/1/post`, {}));
  empty = await createEvent(admin, { name: 'Results Empty Standard', dances: ['Waltz'], couples: 3 });
});
// Runs before the server stops (after hooks run in reverse order).
afterAll(async () => {
  await admin.del(`${ev.path}?confirm=true`);
  await admin.del(`${empty.path}?confirm=true`);
});

describe('GET /competitions/{key}/results', () => {
  it('lists every event with its posted final placings and names, in one read', async () => {
    const r = await anon().get<ResultsSummary>(`${API}/results`);
    expect(r.status).toBe(200);
    expect(r.body.competition.key).toBe('demo');
    const mine = r.body.events.find((e) => e.key === ev.key)!;
    expect(mine.final!.placings.map((p) => p.coupleNumber)).toEqual(
      ['35', '25', '45', '55', '75', '65'].map((c) => dawsonCouple(ev, c)),
    );
    expect(mine.final!.placings[0]).toMatchObject({
      place: 1,
      leadName: `Lead 2 ${ev.name}`,
      affiliation: TEAM,
    });
    expect(mine.teams).toEqual([TEAM]);
    const none = r.body.events.find((e) => e.key === empty.key)!;
    expect(none.final).toBeNull();
    expect(none.postedRounds).toBe(0);
    // Schedule items (breaks, awards) are not results.
    expect(r.body.events.every((e) => !e.dances.every((d) => d === 'Break' || d === 'Awards'))).toBe(true);
  });
});

describe('GET /competitions/{key}/results: couples out before the final', () => {
  it('lists every couple of a posted recall round with the round and whether recalled, finalists aside', async () => {
    const recall = await createEvent(admin, {
      name: 'Results Search Standard',
      dances: ['Waltz', 'Tango'],
      couples: 9,
      team: TEAM,
    });
    try {
      await ok(admin.patch(`${recall.path}/rounds/1`, { recallSize: 6 }));
      await ok(admin.post(`${recall.path}/rounds/1/start`, {}));
      await markRecall(recall, 1, judges, ['Waltz', 'Tango'], recall.couples.slice(0, 6));
      await ok(admin.post(`${recall.path}/rounds/1/results`, {}));
      await ok(admin.post(`${recall.path}/rounds/1/post`, {}));
      const r = await anon().get<ResultsSummary>(`${API}/results`);
      const mine = r.body.events.find((e) => e.key === recall.key)!;
      expect(mine.final).toBeNull();
      expect(mine.reached.map((c) => [c.coupleNumber, c.roundName, c.recalled])).toEqual(
        recall.couples.map((n, i) => [n, 'Semi-Final', i < 6]),
      );
      expect(mine.reached[0]).toMatchObject({ leadName: `Lead 1 ${recall.name}`, affiliation: TEAM });
      // A final's couples are its placings, not repeated here.
      expect(r.body.events.find((e) => e.key === ev.key)!.reached).toEqual([]);
    } finally {
      await admin.del(`${recall.path}?confirm=true`);
    }
  });
});

describe('GET /competitions/{key}/results/{eventKey}', () => {
  it('gives the final with the whole Skating System working', async () => {
    const r = await anon().get<EventResults>(`${API}/results/${ev.key}`);
    expect(r.status).toBe(200);
    expect(r.body.rounds).toHaveLength(1);
    const final = r.body.rounds[0]!;
    if (final.kind !== 'final') throw new Error('expected the final');
    const t = final.finalTable!;
    expect(Object.keys(t.tables)).toEqual(DAWSON_DANCES);
    expect(t.steps.filter((x) => x.rule === 'Rule 11' && x.rule11)).toHaveLength(3);
    // Waltz: couple 45 took 3rd on 3(5) in column 1-3 (Rule 7 against 55's 3(9)).
    const row45 = t.tables.Waltz!.rows.find((x) => x.couple === dawsonCouple(ev, '45'))!;
    expect(row45.shown[2]).toBe('3(5)');
    expect(row45.rule).toBe('Rule 7');
    // …and the decision as data, stored with the posted final, for the reader's language.
    expect(row45.why).toMatchObject({ kind: 'rule7', column: 3, first: { count: 3, sum: 5 } });
    expect(t.steps.every((x) => x.why !== undefined)).toBe(true);
    expect(r.body.pending).toEqual([]);
  });

  it('is a clear empty result, logged as "no results found", when nothing is posted', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // A second app on the same database, with a logger we can read.
    const logged: FastifyInstance = await buildApp({
      db: s.db,
      config: { defaultCompetition: null, secureCookies: false, webRoot: null, dataDir: s.dir },
      logger: { level: 'info', stream: sink },
    });
    try {
      const res = await logged.inject({ method: 'GET', url: `${API}/results/${empty.key}` });
      expect(res.statusCode).toBe(200);
      const body = res.json<EventResults>();
      expect(body.rounds).toEqual([]);
      expect(body.pending.map((p) => p.roundName)).toEqual(['Final']);
      const found = lines.map((l) => JSON.parse(l) as { msg: string; event?: string });
      expect(found.find((l) => l.msg === 'no results found')?.event).toBe(empty.key);
      // An event with results logs nothing of the kind.
      lines.length = 0;
      await logged.inject({ method: 'GET', url: `${API}/results/${ev.key}` });
      expect(lines.some((l) => l.includes('no results found'))).toBe(false);
    } finally {
      await logged.close();
    }
  });

  it('says not found for an unknown event', async () => {
    expectErrorShape(await anon().get(`${API}/results/no-such-event`), 404, 'not_found');
    expectErrorShape(await anon().get(`${API}/events/no-such-event/results.csv`), 404, 'not_found');
  });
});

describe('CSV downloads', () => {
  it("downloads one event's results with a filename and proper escaping", async () => {
    const r = await anon().get<string>(`${API}/events/${ev.key}/results.csv`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="demo-${ev.key}-results.csv"`);
    const rows = parseCsv(r.body);
    expect(rows[0]).toEqual(RESULTS_CSV_HEADER);
    expect(rows).toHaveLength(7);
    const first = rows[1]!;
    expect(first.slice(0, 5)).toEqual([ev.name, 'Standard', 'Gold', 'Final', dawsonCouple(ev, '35')]);
    // The team's quote and comma survive the round trip.
    expect(first[7]).toBe(TEAM);
    expect(first[8]).toBe('1');
    expect(first[11]).toBe('Waltz 2; Tango 2; Foxtrot 1; Quickstep 1');
    expect(first[12]).toBe('6');
    expect(first[13]).toBe('');
  });

  it('refuses an event without posted results', async () => {
    expectErrorShape(await anon().get(`${API}/events/${empty.key}/results.csv`), 404);
  });

  it("downloads the whole competition's results as one CSV", async () => {
    const r = await anon().get<string>(`${API}/results.csv`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="demo-results.csv"');
    const rows = parseCsv(r.body);
    expect(rows[0]![0]).toBe('Event');
    expect(rows.filter((x) => x[0] === ev.name)).toHaveLength(6);
    expect(rows.some((x) => x[0] === empty.name)).toBe(false);
  });
});
