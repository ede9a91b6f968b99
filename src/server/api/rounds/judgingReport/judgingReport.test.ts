/**
 * The chairman's report on the judging through the real server: a Skating event whose recall round
 * and final are posted, with one judge far from the panel in both; an AJS final with one judge far
 * from the median; who may read it; the CSV.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, type Client, useTestServer } from '../../../test/harness.ts';
import { roundPath, signIn, signInCrew, type Judge } from '../../../test/kits/testFlow.ts';
import { addEvent, createEvent, ok, type TestEvent } from '../../../test/kits/testEvent.ts';
import { parseCsv } from '../../../../domain/csv.ts';
import { JUDGING_REPORT_CSV_HEADER } from '../../../../domain/judgingReport.ts';
import type { JudgingReport } from '../../../../domain/schemas/judgingReport.ts';

const { s, admin, anon } = useTestServer({ admin: true });
const REPORT = '/api/v1/competitions/demo/judging-report';
let judges: Judge[];
let scrutineer: Client;
let chairman: Client;
let deck: Client;
let mc: Client;
let skating: TestEvent;
let ajsKey: string;
let recalled: string[];
/** The judge far away: the share of their semi-final crosses given to couples not recalled. */
let farShare: number;
/** Couples both judge 5 and the others marked in the semi-final. */
let overlap: number;

const computeAndPost = async (path: string) => {
  await ok(scrutineer.post(`${path}/results`, {}));
  await ok(scrutineer.post(`${path}/post`, {}));
};

beforeAll(async () => {
  ({ judges, scrutineer, chairman, deck } = await signInCrew(s));
  mc = (await signIn(s, 'MC'))[0]!.client;
  expect(judges.length).toBe(5);

  // Skating: 12 couples, a semi-final and a final, one dance. Judges 1–4 agree; judge 5 marks the
  // couples the others left out, and reverses the final.
  skating = await createEvent(admin, { name: 'Report Waltz', dances: ['Waltz'], couples: 12 });
  const events = (await admin.get('/api/v1/competitions/demo/events')).body as {
    key: string;
    rounds: { roundNumber: number; recallSize: number }[];
  }[];
  const rounds = events.find((e) => e.key === skating.key)!.rounds;
  expect(rounds.length).toBe(2);
  const semi = roundPath(skating.key, 1);
  const started = await ok<{ round: { couples: string[]; marksPerDance: number } }>(
    admin.post(`${semi}/start`, {}),
  );
  const couples = started.round.couples;
  const asked = started.round.marksPerDance;
  // Judge 5's crosses overlap the others' on the couples in the middle (recalled with theirs).
  overlap = Math.max(0, 2 * asked - couples.length);
  farShare = Math.round(((asked - overlap) / asked) * 100) / 100;
  for (const [i, j] of judges.entries()) {
    const marked = i < 4 ? couples.slice(0, asked) : couples.slice(-asked);
    await ok(j.client.put(`${semi}/marks/${j.id}`, { Waltz: marked }));
  }
  await computeAndPost(semi);
  const final = roundPath(skating.key, 2);
  const finalStarted = await ok<{ round: { couples: string[] } }>(admin.post(`${final}/start`, {}));
  recalled = finalStarted.round.couples;
  for (const [i, j] of judges.entries()) {
    const order = i < 4 ? recalled : [...recalled].reverse();
    await ok(
      j.client.put(`${final}/marks/${j.id}`, {
        Waltz: Object.fromEntries(order.map((c, p) => [c, p + 1])),
      }),
    );
  }
  await computeAndPost(final);

  // AJS: four couples, one final. Judge 3 scores the others' best couple lowest and the last highest.
  ajsKey = await addEvent(admin, 'Report AJS Latin', 'Latin', 'Open', ['Samba'], { scoringSystem: 'ajs' });
  for (const c of ['401', '402', '403', '404'])
    await ok(
      admin.post(`/api/v1/competitions/demo/events/${ajsKey}/entries`, {
        leadName: `Lead ${c}`,
        followName: `Follow ${c}`,
        leadNumber: Number(c),
        affiliation: 'Team',
      }),
    );
  await ok(admin.post(`/api/v1/competitions/demo/events/${ajsKey}/rounds/generate`, {}));
  const ajsFinal = roundPath(ajsKey, 1);
  const ajsStarted = await ok<{ round: { ajsComponents: Record<string, string[]> } }>(
    admin.post(`${ajsFinal}/start`, {}),
  );
  for (const [i, j] of judges.entries()) {
    const comps = ajsStarted.round.ajsComponents[String(j.id)]!;
    const score = (k: number) => (i === 2 ? 5 + k * 1.5 : 9 - k * 0.5);
    const body = {
      Samba: Object.fromEntries(
        ['401', '402', '403', '404'].map((c, k) => [c, Object.fromEntries(comps.map((x) => [x, score(k)]))]),
      ),
    };
    await ok(j.client.put(`${ajsFinal}/marks/${j.id}`, body));
  }
  await computeAndPost(ajsFinal);
});

const roundsOf = (report: JudgingReport, officialId: number, eventKey: string) =>
  report.judges.find((j) => j.officialId === officialId)?.rounds.filter((r) => r.eventKey === eventKey) ?? [];

describe('GET …/judging-report', () => {
  it('is for the chairman, the scrutineer and administrators only', async () => {
    for (const reader of [chairman, scrutineer, admin]) {
      expect((await reader.get(REPORT)).status).toBe(200);
      expect((await reader.get(`${REPORT}.csv`)).status).toBe(200);
    }
    for (const other of [judges[0]!.client, mc, deck]) {
      expectErrorShape(await other.get(REPORT), 403);
      expectErrorShape(await other.get(`${REPORT}.csv`), 403);
    }
    expectErrorShape(await anon().get(REPORT), 401);
    expectErrorShape(await anon().get(`${REPORT}.csv`), 401);
  });

  it('flags the judge far from the panel in the recall round and in the final, with the reasons', async () => {
    const res = await chairman.get<JudgingReport>(`${REPORT}?event=${skating.key}`);
    expect(res.status).toBe(200);
    // Judges in the officials' order; every round of the answer is of the event asked for.
    expect(res.body.judges.map((j) => j.officialId)).toEqual(judges.map((j) => j.id));
    expect(res.body.judges.flatMap((j) => j.rounds.map((r) => r.eventKey))).toEqual(
      Array(10).fill(skating.key),
    );
    const far = roundsOf(res.body, judges[4]!.id, skating.key);
    expect(far.map((r) => [r.roundNumber, r.system, r.flagged])).toEqual([
      [1, 'skating-recall', true],
      [2, 'skating-final', true],
    ]);
    expect(far[0]!.deviation).toBe(farShare);
    expect(far[0]!.reasons[0]).toMatch(/crosses \(\d+%\) to couples not recalled/);
    // The same reason as data, for the reader's language.
    expect(far[0]!.why[0]).toMatchObject({ kind: 'recallShare', share: farShare });
    expect(far[0]!.details).toMatchObject({
      system: 'skating-recall',
      withheldFromRecalled: { count: recalled.length - overlap },
    });
    const n = recalled.length;
    expect(far[1]!.reasons[0]).toBe(
      `${recalled.filter((_, p) => Math.abs(n - 1 - 2 * p) >= 2).length} couples 2+ places away in the final`,
    );
    for (const j of judges.slice(0, 4)) {
      const mine = roundsOf(res.body, j.id, skating.key);
      expect(mine.map((r) => [r.flagged, r.deviation])).toEqual([
        [false, 0],
        [false, 0],
      ]);
    }
  });

  it('measures an AJS final against the components’ medians', async () => {
    const res = await scrutineer.get<JudgingReport>(`${REPORT}?event=${ajsKey}`);
    expect(res.status).toBe(200);
    const third = roundsOf(res.body, judges[2]!.id, ajsKey)[0]!;
    expect(third).toMatchObject({ system: 'ajs', roundNumber: 1, flagged: true });
    expect(third.reasons.join(' ')).toMatch(/from the median in/);
    if (third.details.system !== 'ajs') throw new Error('not AJS');
    expect(third.details.components.every((c) => c.dropped.length > 0)).toBe(true);
    const first = roundsOf(res.body, judges[0]!.id, ajsKey)[0]!;
    expect(first.flagged).toBe(false);
  });

  it('refuses an unknown event by name (400), a bad query field too', async () => {
    const res = await chairman.get(`${REPORT}?event=no-such-event`);
    expectErrorShape(res, 400, 'invalid');
    expect(res.body.error.message).toMatch(/^event: /);
    expectErrorShape(await chairman.get(`${REPORT}?event=`), 400);
    expectErrorShape(await chairman.get(`${REPORT}?event=${'x'.repeat(200)}`), 400);
    expectErrorShape(await chairman.get(`${REPORT}?round=1`), 400);
    expectErrorShape(await chairman.get(`${REPORT}.csv?event=no-such-event`), 400);
  });

  it('gives the same report as CSV, one line per judge and round', async () => {
    const res = await chairman.get<string>(`${REPORT}.csv?event=${skating.key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain(`demo-${skating.key}-judging-report.csv`);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([...JUDGING_REPORT_CSV_HEADER]);
    expect(rows).toHaveLength(1 + 10);
    const flagged = rows.slice(1).filter((r) => r[7] === 'yes');
    expect(flagged.map((r) => [r[0], r[2], r[4]])).toEqual([
      [judges[4]!.name, 'Report Waltz', 'Recall'],
      [judges[4]!.name, 'Report Waltz', 'Skating final'],
    ]);
  });
});
