import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, readEvents, rowCounts, useTestServer } from '../../../test/harness.ts';
import { placeMultiDance } from '../../../../domain/scoring/index.ts';
import type { FinalMarks } from '../../../../domain/scoring/index.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { roundPath, shuffled, twoRoundEvents, useCrew, type EventInfo } from '../../../test/kits/testFlow.ts';

const { s, admin, anon } = useTestServer({ admin: true });

/** A round with no result for the public: answered 200 with null (an expected state, not an error). */
async function expectNoResult(path: string) {
  const res = await anon().get(path);
  expect(res.status).toBe(200);
  expect(res.body).toBeNull();
}
const { judges, scrutineer, deck } = useCrew(s);
let ev: EventInfo;

beforeAll(async () => {
  ev = (await twoRoundEvents(admin))[0]!;
});

const snapshot = () =>
  rowCounts(s.db, {
    marks: 'marks',
    history: 'mark_history',
    results: 'round_results',
    finals: 'final_results',
    audit: 'audit_log',
  });
const roundOf = async (n: number) =>
  ((await admin.get('/api/v1/competitions/demo/events')).body as EventInfo[])
    .find((e) => e.key === ev.key)!
    .rounds.find((r) => r.roundNumber === n) as EventInfo['rounds'][number] & {
    entries: { leadNumber: number }[];
  };

describe('running an event from the first round to the final', () => {
  it('runs semi-final → tie decision → post → final → Skating System → public results', async () => {
    expect(ev, 'the demo has an event with two rounds and at least 9 couples').toBeDefined();
    expect(judges.length).toBe(5);
    const semi = roundPath(ev.key, 1);
    const final = roundPath(ev.key, 2);

    // Judges cannot mark before the round runs.
    expectErrorShape(
      await judges[0]!.client.put(`${semi}/marks/${judges[0]!.id}`, { [ev.dances[0]!]: [] }),
      409,
      'not_running',
    );
    // The deck captain starts the first round: every couple entered is on the floor.
    const started = await deck.post(`${semi}/start`, {});
    expect(started.status).toBe(200);
    expect(started.body.round.roundState).toBe(2);
    const couples: string[] = started.body.round.couples;
    expect(couples.length).toBe(ev.entries.filter((e) => !e.scratched).length);
    const recall = started.body.round.marksPerDance as number;
    expect(recall).toBe(7);
    expect(started.body.missing).toHaveLength(5 * ev.dances.length);

    // Marks that leave two couples tied at the cut-off: six sure couples, then judges 1–2 mark the
    // 7th couple, judges 3–4 the 8th, judge 5 the 9th.
    const sure = couples.slice(0, 6);
    const extra = [couples[6]!, couples[6]!, couples[7]!, couples[7]!, couples[8]!];
    for (const [i, j] of judges.entries()) {
      const body = Object.fromEntries(ev.dances.map((d) => [d, [...sure, extra[i]!]]));
      const res = await j.client.put(`${semi}/marks/${j.id}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.complete).toBe(i === judges.length - 1);
    }

    // Not posted: neither marks nor results are public.
    expectErrorShape(await anon().get(`${semi}/marks`), 401);
    await expectNoResult(`${semi}/results`);

    // A tie at the cut-off needs the chairman's decision; nothing is saved until then.
    const before = await snapshot();
    const tie = await scrutineer.post(`${semi}/results`, {});
    expectErrorShape(tie, 409, 'tie_decision_needed');
    expect(tie.body.error.details.default).toBe('includeTied');
    expect(tie.body.error.details.tiedAtCutoff).toEqual([couples[6]!, couples[7]!].sort((a, b) => +a - +b));
    expect(tie.body.error.details.options.includeTied.count).toBe(8);
    expect(tie.body.error.details.options.excludeTied.count).toBe(6);
    expect(await snapshot()).toEqual(before);
    expect((await roundOf(1)).roundState).toBe(2);

    // Recall none of the tied couples first, then change the decision: the recompute replaces it.
    const fewer = await scrutineer.post(`${semi}/results`, { tieDecision: 'excludeTied' });
    expect(fewer.status).toBe(200);
    expect(fewer.body.recalled).toHaveLength(6);
    const computed = await scrutineer.post(`${semi}/results`, { tieDecision: 'includeTied' });
    expect(computed.status).toBe(200);
    expect(computed.body.version).toBe(2);
    expect(computed.body.kind).toBe('recall');
    expect([...computed.body.recalled].sort()).toEqual([...sure, couples[6], couples[7]].sort());
    expect(computed.body.sumRecalls[couples[0]!]).toBe(5 * ev.dances.length);
    expect(computed.body.sumRecalls[couples[6]!]).toBe(2 * ev.dances.length);
    expect(computed.body.sumRecalls[couples[8]!]).toBe(ev.dances.length);
    expect(computed.body.cutoffMarks).toBe(2 * ev.dances.length);
    expect(computed.body.options).toEqual({ includeTied: 8, excludeTied: 6 });
    expect(computed.body.tieDecision).toBe('includeTied');
    expect(computed.body.placements[0]).toEqual({ couple: couples[0], marks: 5 * ev.dances.length });
    const letterA = Object.keys(computed.body.byJudge[couples[0]!])[0]!;
    expect(computed.body.byJudge[couples[0]!][letterA]).toBe(ev.dances.length);
    expect((await roundOf(1)).roundState).toBe(4);
    const recomputes = await s.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'results.%')
      .orderBy('id')
      .execute();
    expect(recomputes.map((r) => r.action)).toEqual(['results.compute', 'results.recompute']);
    // Computed is still not public, nor the deck captain's; the scrutineer sees it.
    await expectNoResult(`${semi}/results`);
    expect((await deck.get(`${semi}/results`)).body).toBeNull();
    expect((await scrutineer.get(`${semi}/results`)).body).toMatchObject({ kind: 'recall', posted: false });

    // Post: the final receives the recalled couples and waits (Empty) until someone starts it;
    // other rounds may come before it in the running order.
    const posted = await scrutineer.post(`${semi}/post`, {});
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.message).toBe(
      `Semi-Final of ${ev.name} posted: 8 couples recalled to the Final; start it when its turn comes.`,
    );
    // The same as data, for the web to word in its reader's language.
    expect(posted.body).toMatchObject({
      roundName: 'Semi-Final',
      eventName: ev.name,
      next: { roundName: 'Final', recalled: 8, stars: [], redance: null, toStart: true },
      mailed: 0,
    });
    const r1 = await roundOf(1);
    const r2 = await roundOf(2);
    expect(r1.roundState).toBe(5);
    expect(r2.roundState).toBe(1);
    expect(r2.entries.map((e) => String(e.leadNumber)).sort()).toEqual([...computed.body.recalled].sort());
    // Not on the floor: judges neither get it nor can mark it, the schedule shows no start.
    const judgeView = await judges[0]!.client.get(`/api/v1/competitions/demo/judges/${judges[0]!.id}/rounds`);
    expect(judgeView.body.rounds.map((r: { eventKey: string }) => r.eventKey)).not.toContain(ev.key);
    expectErrorShape(
      await judges[0]!.client.put(`${final}/marks/${judges[0]!.id}`, { [ev.dances[0]!]: {} }),
      409,
      'not_running',
    );
    const slot = (await anon().get('/api/v1/competitions/demo/schedule')).body.items.find(
      (i: { eventKey: string; roundNumber: number }) => i.eventKey === ev.key && i.roundNumber === 2,
    );
    expect(slot).toMatchObject({ roundState: 1, startedAt: null, couples: 8, expectedFrom: 'couples' });
    // The deck captain starts it when its turn comes: the recalled couples are on the floor.
    const finalStarted = await deck.post(`${final}/start`, {});
    expect(finalStarted.status, JSON.stringify(finalStarted.body)).toBe(200);
    expect(finalStarted.body.round.roundState).toBe(2);
    expect([...finalStarted.body.round.couples].sort()).toEqual([...computed.body.recalled].sort());
    const pub = await anon().get(`${semi}/results`);
    expect(pub.status).toBe(200);
    expect(pub.body.recalled).toEqual(computed.body.recalled);
    expect(pub.body.sumRecalls).toEqual(computed.body.sumRecalls);
    expect(pub.body.tieDecision).toBeUndefined();

    // A posted round takes no marks, from a judge or the scrutineer.
    const frozen = await snapshot();
    expectErrorShape(
      await judges[0]!.client.put(`${semi}/marks/${judges[0]!.id}`, {
        [ev.dances[0]!]: [...sure, couples[8]!],
      }),
      409,
      'posted',
    );
    expectErrorShape(
      await scrutineer.put(`${semi}/marks/${judges[0]!.id}?source=paper`, {
        [ev.dances[0]!]: [...sure, couples[8]!],
      }),
      409,
      'posted',
    );
    expect(await snapshot()).toEqual(frozen);

    // The final: every judge places the eight couples in every dance.
    const finalists: string[] = [...computed.body.recalled];
    const sent: FinalMarks = {};
    for (const d of ev.dances) sent[d] = Object.fromEntries(finalists.map((c) => [c, [] as number[]]));
    for (const [i, j] of judges.entries()) {
      const body: Record<string, Record<string, number>> = {};
      for (const [k, d] of ev.dances.entries()) {
        // Mostly agreeing judges with some disagreement, so the rules have work to do.
        const order = i < 3 ? shuffled(finalists, 7 + k) : shuffled(finalists, 100 * i + k);
        body[d] = Object.fromEntries(order.map((c, p) => [c, p + 1]));
        for (const [c, p] of Object.entries(body[d]!)) sent[d]![c]!.push(p);
      }
      const res = await j.client.put(`${final}/marks/${j.id}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await expectNoResult(`${final}/results`);
    expectErrorShape(await anon().get(`/api/v1/competitions/demo/events/${ev.key}/results`), 404);
    const placed = await scrutineer.post(`${final}/results`, {});
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.kind).toBe('final');
    const engine = placeMultiDance(sent);
    expect(placed.body.placements).toEqual(engine.places);
    expect(placed.body.finalTable.summary).toHaveLength(8);
    expect(Object.keys(placed.body.finalTable.tables)).toEqual(ev.dances);

    // Posting the final publishes the event's placings, live.
    let sawResults = false;
    await readEvents(`${s.url}/api/v1/competitions/demo/stream`, {
      until: (evs) => (sawResults = evs.some((e) => e.data.includes('"results"'))),
      onOpen: async () => {
        expect((await admin.post(`${final}/post`, {})).status).toBe(200);
      },
    });
    expect(sawResults).toBe(true);
    const results = await anon().get(`/api/v1/competitions/demo/events/${ev.key}/results`);
    expect(results.status).toBe(200);
    expect(results.body.placements).toEqual(engine.places);
    const winner = Object.entries(engine.places).find(([, p]) => p === 1)?.[0];
    expect(results.body.couples[0].coupleNumber).toBe(winner);
    expect((await anon().get(`${final}/results`)).body.placements).toEqual(engine.places);
  });

  it('un-posts only with a reason, and not once the next round has marks', async () => {
    const semi = roundPath(ev.key, 1);
    const final = roundPath(ev.key, 2);
    expectErrorShape(await scrutineer.post(`${semi}/unpost`, {}), 400);
    expectErrorShape(await deck.post(`${final}/unpost`, { reason: 'Judge C swapped two couples' }), 403);
    const before = await snapshot();
    expectErrorShape(
      await scrutineer.post(`${semi}/unpost`, { reason: 'Wrong couple recalled' }),
      409,
      'next_round_marked',
    );
    expect(await snapshot()).toEqual(before);

    const un = await scrutineer.post(`${final}/unpost`, { reason: 'Judge C swapped two couples' });
    expect(un.status).toBe(200);
    expectErrorShape(await anon().get(`/api/v1/competitions/demo/events/${ev.key}/results`), 404);
    await expectNoResult(`${final}/results`);
    expect((await roundOf(2)).roundState).toBe(4);
    const trail = await s.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'results.unpost')
      .executeTakeFirstOrThrow();
    expect(trail.after).toContain('Judge C swapped two couples');

    // A correction now reopens the round, withdraws the computed result, and keeps the old version.
    const j = judges[2]!;
    const current = (await j.client.get(`${final}/marks`)).body;
    const dance = ev.dances[0]!;
    const mine = current.marks[dance][String(j.id)];
    const swapped = Object.fromEntries(
      Object.entries(mine.value as Record<string, number>).map(([c, p]) => [
        c,
        p === 1 ? 2 : p === 2 ? 1 : p,
      ]),
    );
    const checksumBefore = (await scrutineer.get(`${final}/results`)).body.marksChecksum;
    expect(checksumBefore).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    // The submitted dance is locked: the chairman's unlock (here the admin's) comes first.
    const unlocked = await admin.post(`${final}/marks/${j.id}/unlock`, { dances: [dance], reason: 'swap' });
    expect(unlocked.status).toBe(200);
    const fixed = await j.client.put(`${final}/marks/${j.id}`, { [dance]: swapped });
    expect(fixed.status).toBe(200);
    expect(fixed.body.marks[dance][String(j.id)].version).toBe(2);
    expect((await roundOf(2)).roundState).toBe(2);
    expectErrorShape(await scrutineer.post(`${final}/post`, {}), 409, 'not_computed');
    const history = await s.db
      .selectFrom('mark_history')
      .select(['version', 'value'])
      .where('official_id', '=', j.id)
      .where('dance', '=', dance)
      .orderBy('id')
      .execute();
    expect(history.slice(-2).map((h) => h.version)).toEqual([1, 2]);
    expect(JSON.parse(history.at(-2)!.value)).toEqual(mine.value);
    // Computed again: the results sheet's checksum of all the round's marks tells the two apart.
    expect((await scrutineer.post(`${final}/results`, {})).status).toBe(200);
    const checksumAfter = (await scrutineer.get(`${final}/results`)).body.marksChecksum;
    expect(checksumAfter).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(checksumAfter).not.toBe(checksumBefore);
  });

  it('refuses to compute with missing marks, naming the judge and dance', async () => {
    const other = (await twoRoundEvents(admin)).find((e) => e.key !== ev.key)!;
    const semi = roundPath(other.key, 1);
    expect((await scrutineer.post(`${semi}/start`, {})).status).toBe(200);
    const couples = (await scrutineer.get(`${semi}/marks`)).body.round.couples as string[];
    await judges[0]!.client.put(
      `${semi}/marks/${judges[0]!.id}`,
      Object.fromEntries(other.dances.map((d) => [d, couples.slice(0, 7)])),
    );
    const before = await snapshot();
    const res = await scrutineer.post(`${semi}/results`, {});
    expectErrorShape(res, 409, 'marks_missing');
    expect(res.body.error.message).toContain(`has not marked the ${other.dances[0]}`);
    expect(res.body.error.details.missing).toHaveLength(4 * other.dances.length);
    expectErrorShape(await judges[0]!.client.post(`${semi}/results`, {}), 403);
    expectErrorShape(await scrutineer.post(`${semi}/post`, {}), 409, 'not_computed');
    expect(await snapshot()).toEqual(before);
  });

  it('un-posting a recall takes its couples back from the next round, started or not, and forgets the start', async () => {
    const third = (await twoRoundEvents(admin)).filter((e) => e.key !== ev.key)[1]!;
    const semi = roundPath(third.key, 1);
    const final = roundPath(third.key, 2);
    const started = await scrutineer.post(`${semi}/start`, {});
    expect(started.status).toBe(200);
    const recalled = (started.body.round.couples as string[]).slice(0, started.body.round.marksPerDance);
    for (const j of judges) {
      const body = Object.fromEntries(third.dances.map((d) => [d, recalled]));
      expect((await j.client.put(`${semi}/marks/${j.id}`, body)).status).toBe(200);
    }
    expect((await scrutineer.post(`${semi}/results`, {})).status).toBe(200);
    const finalOf = async () =>
      ((await anon().get('/api/v1/competitions/demo/schedule')).body.items as ScheduleItem[]).find(
        (i) => i.eventKey === third.key && i.roundNumber === 2,
      )!;
    for (const startFinal of [false, true]) {
      expect((await scrutineer.post(`${semi}/post`, {})).status).toBe(200);
      expect(await finalOf()).toMatchObject({ roundState: 1, couples: recalled.length, startedAt: null });
      if (startFinal) {
        expect((await deck.post(`${final}/start`, {})).status).toBe(200);
        expect((await finalOf()).startedAt).not.toBeNull();
      }
      const un = await scrutineer.post(`${semi}/unpost`, { reason: 'Wrong couple recalled' });
      expect(un.status, JSON.stringify(un.body)).toBe(200);
      // Nobody danced the final: it gives its couples back and shows no start on the schedule.
      expect(await finalOf()).toMatchObject({ roundState: 1, couples: 0, startedAt: null });
    }
  });
});
