/**
 * Championship formats on the real server: a star couple joins the final, a redance brings one
 * couple back, the final waits for both feed-ins, and the chairman's disqualification of the winner
 * moves the placings below up on the public results. Rules: docs/scrutineering-formats.md.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, type Res, lastAudit, useTestServer } from '../../../test/harness.ts';
import { refusedUnchanged } from '../../../test/kits/catalogue.ts';
import { roundPath, twoRoundEvents, useCrew, type EventInfo } from '../../../test/kits/testFlow.ts';
import { addEvent } from '../../../test/kits/testEvent.ts';

const { s, admin } = useTestServer({ admin: true });
const { judges, chairman, scrutineer } = useCrew(s);
let ev: EventInfo;
let star: { entryId: number; leadNumber: number; version: number };
const E = () => `/api/v1/competitions/demo/events/${ev.key}`;

/** Refused with `status` (and `code`), and nothing written (the whole database compared). */
const refused = (call: () => Promise<Res<any>>, status: number, code?: string) =>
  refusedUnchanged(s.db, call, status, code);

const event = async () =>
  ((await admin.get('/api/v1/competitions/demo/events')).body as any[]).find((e) => e.key === ev.key);

/** Every judge marks the first `n` couples of the round in every dance (a recall round). */
async function recall(n: number, round: number) {
  const path = roundPath(ev.key, round);
  const couples: string[] = (await scrutineer.get(`${path}/marks`)).body.round.couples;
  for (const j of judges) {
    const body = Object.fromEntries(ev.dances.map((d) => [d, couples.slice(0, n)]));
    const res = await j.client.put(`${path}/marks/${j.id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const computed = await scrutineer.post(`${path}/results`, { tieDecision: 'includeTied' });
  expect(computed.status, JSON.stringify(computed.body)).toBe(200);
  const posted = await admin.post(`${path}/post`, {});
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  return { couples, recalled: couples.slice(0, n), message: posted.body.message as string };
}

beforeAll(async () => {
  ev = (await twoRoundEvents(admin))[0]!;
  const e = await event();
  const entry = [...e.entries].filter((x: any) => !x.scratched).at(-1);
  star = { entryId: entry.entryId, leadNumber: entry.leadNumber, version: entry.version };
});

describe('star couples when the rounds are generated anew', () => {
  it('are cleared, and the message says so: their round number would name another round', async () => {
    const key = await addEvent(admin, 'Regenerated Stars Latin', 'Latin', 'Gold', ['Rumba']);
    const path = `/api/v1/competitions/demo/events/${key}`;
    for (let i = 0; i < 14; i++)
      expect(
        (await admin.post(`${path}/entries`, { leadName: `G${i}`, followName: `H${i}`, leadNumber: 601 + i }))
          .status,
      ).toBe(201);
    expect((await admin.post(`${path}/rounds/generate`, {})).status).toBe(200);
    const entries = () =>
      admin.get('/api/v1/competitions/demo/events').then((r) => r.body.find((e: any) => e.key === key));
    const seeded = (await entries()).entries.find((e: any) => e.leadNumber === 614);
    const starred = await admin.put(`${path}/entries/${seeded.entryId}/star`, { joinsRound: 2 });
    expect(starred.status).toBe(200);
    // What the web words the notice by.
    expect(starred.body).toMatchObject({
      coupleNumber: '614',
      eventName: expect.any(String),
      roundName: expect.any(String),
      recalls: expect.any(Array),
    });

    const again = await admin.post(`${path}/rounds/generate`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.message).toMatch(/Star couple 614 was cleared: set it again on the new rounds/);
    expect((await entries()).entries.find((e: any) => e.leadNumber === 614).joinsRound).toBeNull();
    const trail = await lastAudit(s.db, 'rounds.generate');
    expect(trail.after.starsCleared).toEqual([614]);
  });
});

describe('star couples', () => {
  it('refuses bad input: wrong type, missing field, the first round, a stale version, a judge', async () => {
    const path = `${E()}/entries/${star.entryId}/star`;
    await refused(() => admin.put(path, { joinsRound: '2' }), 400);
    await refused(() => admin.put(path, {}), 400);
    const first = await refused(() => admin.put(path, { joinsRound: 1 }), 400);
    expect(first.body.error.message).toMatch(/round 2 or later/);
    await refused(() => admin.put(path, { joinsRound: 2, version: star.version + 5 }), 409, 'stale');
    await refused(() => judges[0]!.client.put(path, { joinsRound: 2 }), 403);
    await refused(() => admin.put(path, { joinsRound: 9 }), 404, 'no_such_round');
  });

  it('a star couple joining the final is left out of the semi-final, which recalls one couple fewer', async () => {
    const recallBefore = (await event()).rounds[0].recallSize as number;
    const res = await admin.put(`${E()}/entries/${star.entryId}/star`, {
      joinsRound: 2,
      version: star.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/star couple joining at the Final/);
    const e = await event();
    expect(e.entries.find((x: any) => x.entryId === star.entryId).joinsRound).toBe(2);
    expect(e.rounds[0].recallSize).toBe(recallBefore - 1);
  });
});

describe('redance', () => {
  it('is added after the semi-final (not after the final) and keeps the other rounds’ names', async () => {
    await refused(
      () => admin.post(`${roundPath(ev.key, 2)}/redance`, { recallSize: 1 }),
      409,
      'invalid_position',
    );
    await refused(() => admin.post(`${roundPath(ev.key, 1)}/redance`, { recallSize: 'one' }), 400);
    await refused(() => chairman.post(`${roundPath(ev.key, 1)}/redance`, { recallSize: 1 }), 403);
    const res = await admin.post(`${roundPath(ev.key, 1)}/redance`, { recallSize: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const e = await event();
    expect(e.rounds.map((r: any) => [r.roundName, r.type])).toEqual([
      ['Semi-Final', 'regular'],
      ['Redance', 'redance'],
      ['Final', 'regular'],
    ]);
    // The star couple follows the final to its new number.
    expect(e.entries.find((x: any) => x.entryId === star.entryId).joinsRound).toBe(3);
  });

  it('the non-recalled dance the redance; the final waits for it and then has recalled + star + redance', async () => {
    // Judges mark exactly the recall size: 3 from the semi-final (the redance recalls 1).
    expect((await admin.patch(roundPath(ev.key, 1), { recallSize: 3 })).status).toBe(200);
    const started = await admin.post(`${roundPath(ev.key, 1)}/start`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.round.couples).not.toContain(String(star.leadNumber));
    const semi = await recall(3, 1);
    expect(semi.message).toMatch(/with 1 star couple/);
    let e = await event();
    const numbers = (r: any) => r.entries.map((x: any) => String(x.leadNumber)).sort();
    expect(numbers(e.rounds[2])).toEqual([...semi.recalled, String(star.leadNumber)].sort());
    expect(numbers(e.rounds[1])).toEqual(semi.couples.slice(3).sort());

    const early = await refused(
      () => admin.post(`${roundPath(ev.key, 3)}/start`, {}),
      409,
      'feed_in_pending',
    );
    expect(early.body.error.message).toMatch(/post the Redance first/);

    expect((await admin.post(`${roundPath(ev.key, 2)}/start`, {})).status).toBe(200);
    const redance = await recall(1, 2);
    e = await event();
    expect(numbers(e.rounds[2])).toEqual(
      [...semi.recalled, String(star.leadNumber), ...redance.recalled].sort(),
    );
    expect((await admin.post(`${roundPath(ev.key, 3)}/start`, {})).status).toBe(200);
  });
});

describe('disqualification', () => {
  it('the chairman disqualifies the winner of the posted final: the placings below move up', async () => {
    const path = roundPath(ev.key, 3);
    const couples: string[] = (await scrutineer.get(`${path}/marks`)).body.round.couples;
    for (const j of judges) {
      const body = Object.fromEntries(
        ev.dances.map((d) => [d, Object.fromEntries(couples.map((c, i) => [c, i + 1]))]),
      );
      expect((await j.client.put(`${path}/marks/${j.id}`, body)).status).toBe(200);
    }
    expect((await scrutineer.post(`${path}/results`, {})).status).toBe(200);
    expect((await admin.post(`${path}/post`, {})).status).toBe(200);
    const winner = couples[0]!;
    const e = await event();
    const entry = e.entries.find((x: any) => String(x.leadNumber) === winner);
    const url = `${E()}/entries/${entry.entryId}/withdrawal`;

    await refused(
      () => chairman.post(url, { kind: 'disqualified', reason: 'x', version: entry.version + 1 }),
      400,
    );
    await refused(
      () => chairman.post(url, { kind: 'disqualified', reason: 'costume rule', version: entry.version + 1 }),
      409,
      'stale',
    );
    await refused(() => chairman.post(url, { kind: 'disqualified' }), 400);
    await refused(() => chairman.post(url, { kind: 'expelled', reason: 'bad' }), 400);
    await refused(() => judges[0]!.client.post(url, { kind: 'disqualified', reason: 'costume rule' }), 403);
    await refused(() => scrutineer.post(url, { kind: 'disqualified', reason: 'costume rule' }), 403);

    const res = await chairman.post(url, { kind: 'disqualified', reason: 'costume rule' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      withdrawal: 'disqualified',
      keepsPlace: false,
      // What the web words the notice by.
      eventName: ev.name,
      roundName: 'Final',
      recomputed: true,
    });
    expect(res.body.message).toMatch(
      /is disqualified from the Final \(costume rule\); the Final of .* is recomputed/,
    );
    await refused(() => chairman.post(url, { kind: 'withdrew', reason: 'again' }), 409, 'already_out');

    const results = (await admin.get('/api/v1/competitions/demo/results')).body.events.find(
      (x: any) => x.key === ev.key,
    );
    expect(results.final.placings.map((p: any) => [p.coupleNumber, p.place])).toEqual(
      couples.slice(1).map((c, i) => [c, i + 1]),
    );
    expect(results.final.withdrawn).toMatchObject([{ coupleNumber: winner, status: 'disqualified' }]);
    // The final's working keeps the marks the judges gave beside the closed-up places it used: every
    // judge gave the winner 1 and the next couple 2, who is placed on 1s now.
    const round = (await new Client(s.url).get(`${path}/results`)).body;
    const dance = ev.dances[0]!;
    expect(round.finalTable.given[dance][winner]).toEqual(judges.map(() => 1));
    expect(round.finalTable.given[dance][couples[1]!]).toEqual(judges.map(() => 2));
    const second = round.finalTable.tables[dance].rows.find((r: any) => r.couple === couples[1]);
    expect(second.marks).toEqual(judges.map(() => 1));
    // The public list of events says Disqualified, never why (the reason may be a dancer's health).
    const publicEvents = await new Client(s.url).get('/api/v1/competitions/demo/events');
    const shown = (publicEvents.body as any[]).find((x) => x.key === ev.key).entries;
    expect(shown.find((x: any) => x.entryId === entry.entryId).withdrawal).toBe('disqualified');
    expect(JSON.stringify(publicEvents.body)).not.toMatch(/costume rule/);
    const audit = await s.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'after'])
      .where('entity', '=', 'entry')
      .where('entity_id', '=', String(entry.entryId))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['entry.disqualify']);
    expect(String(audit[0]!.after)).toMatch(/costume rule/);
  });

  it('a couple withdrawing from the final already danced keeps the last place', async () => {
    const e = await event();
    const path = roundPath(ev.key, 3);
    const couples: string[] = (await scrutineer.get(`${path}/marks`)).body.round.couples;
    const second = couples[0]!; // now placed first
    const entry = e.entries.find((x: any) => String(x.leadNumber) === second);
    const res = await chairman.post(`${E()}/entries/${entry.entryId}/withdrawal`, {
      kind: 'withdrew',
      reason: 'injury',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.keepsPlace).toBe(true);
    const results = (await admin.get('/api/v1/competitions/demo/results')).body.events.find(
      (x: any) => x.key === ev.key,
    );
    const placings = results.final.placings.map((p: any) => [p.coupleNumber, p.place, p.status ?? null]);
    expect(placings.at(-1)).toEqual([second, couples.length, 'withdrew']);
    expect(placings[0]).toEqual([couples[1], 1, null]);
  });

  it('reinstating the disqualified winner (with a reason) recomputes the final with it again', async () => {
    const e = await event();
    const out = e.entries.find((x: any) => x.withdrawal === 'disqualified');
    const url = `${E()}/entries/${out.entryId}/reinstate`;
    await refused(() => chairman.post(url, {}), 400);
    await refused(() => judges[0]!.client.post(url, { reason: 'wrong couple' }), 403);
    const res = await chairman.post(url, { reason: 'wrong couple' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ withdrawal: null });
    await refused(() => chairman.post(url, { reason: 'again' }), 409, 'not_out');
    const results = (await admin.get('/api/v1/competitions/demo/results')).body.events.find(
      (x: any) => x.key === ev.key,
    );
    expect(results.final.placings[0].coupleNumber).toBe(String(out.leadNumber));
    expect(results.final.withdrawn).toEqual([]);
  });
});

describe('disqualification in a computed recall round', () => {
  it('recomputes the recall without the couple (the next couple moves up to the cut-off) and needs approving again', async () => {
    const other = (await twoRoundEvents(admin)).find((e) => e.key !== ev.key)!;
    const semi = roundPath(other.key, 1);
    expect((await admin.post(`${semi}/start`, {})).status).toBe(200);
    const view = (await scrutineer.get(`${semi}/marks`)).body.round;
    const couples: string[] = view.couples;
    const n: number = view.marksPerDance;
    // Every judge marks the first n couples, and judge 1 swaps the last one for couple n+1: couple n+1
    // is first below the cut-off.
    for (const [i, j] of judges.entries()) {
      const marked = i === 0 ? [...couples.slice(0, n - 1), couples[n]!] : couples.slice(0, n);
      const body = Object.fromEntries(other.dances.map((d) => [d, marked]));
      expect((await j.client.put(`${semi}/marks/${j.id}`, body)).status).toBe(200);
    }
    const computed = await scrutineer.post(`${semi}/results`, {});
    expect(computed.status, JSON.stringify(computed.body)).toBe(200);
    expect(computed.body.recalled).not.toContain(couples[n]);
    const e = (await admin.get('/api/v1/competitions/demo/events')).body.find(
      (x: any) => x.key === other.key,
    );
    const first = e.entries.find((x: any) => String(x.leadNumber) === couples[0]);
    const res = await chairman.post(
      `/api/v1/competitions/demo/events/${other.key}/entries/${first.entryId}/withdrawal`,
      {
        kind: 'withdrew',
        reason: 'injury',
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.keepsPlace).toBe(false);
    const after = await scrutineer.get(`${semi}/results`);
    expect(after.body.recalled).not.toContain(couples[0]);
    expect(after.body.recalled).toContain(couples[n]);
    expect(after.body.version).toBe(computed.body.version + 1);
  });
});

describe('un-posting around a redance', () => {
  it('un-posting the round empties its redance; un-posting the redance takes back only the couples it recalled', async () => {
    const events = await twoRoundEvents(admin);
    const third = events[2]!;
    const path = (n: number) => roundPath(third.key, n);
    const couplesIn = async (n: number) =>
      ((await admin.get('/api/v1/competitions/demo/events')).body as any[])
        .find((x) => x.key === third.key)
        .rounds[n - 1].entries.map((x: any) => String(x.leadNumber))
        .sort();
    const markAndPost = async (n: number) => {
      const view = (await scrutineer.get(`${path(n)}/marks`)).body.round;
      for (const j of judges) {
        const body = Object.fromEntries(
          third.dances.map((d) => [d, view.couples.slice(0, view.marksPerDance)]),
        );
        expect((await j.client.put(`${path(n)}/marks/${j.id}`, body)).status).toBe(200);
      }
      expect((await scrutineer.post(`${path(n)}/results`, {})).status).toBe(200);
      expect((await admin.post(`${path(n)}/post`, {})).status).toBe(200);
      return view.couples.slice(0, view.marksPerDance) as string[];
    };
    expect((await admin.post(`${path(1)}/redance`, { recallSize: 1 })).status).toBe(200);
    expect((await admin.post(`${path(1)}/start`, {})).status).toBe(200);
    const direct = await markAndPost(1);
    expect((await couplesIn(2)).length).toBeGreaterThan(0);

    const un = await scrutineer.post(`${path(1)}/unpost`, { reason: 'Wrong couple recalled' });
    expect(un.status, JSON.stringify(un.body)).toBe(200);
    expect(await couplesIn(2)).toEqual([]);
    expect(await couplesIn(3)).toEqual([]);
    expect((await admin.post(`${path(1)}/post`, {})).status).toBe(200);

    expect((await admin.post(`${path(2)}/start`, {})).status).toBe(200);
    const back = await markAndPost(2);
    expect(await couplesIn(3)).toEqual([...direct, ...back].sort());
    await refused(
      () => scrutineer.post(`${path(1)}/unpost`, { reason: 'too late' }),
      409,
      'next_round_marked',
    );
    expect(
      (await scrutineer.post(`${path(2)}/unpost`, { reason: 'Judge A tapped the wrong couple' })).status,
    ).toBe(200);
    expect(await couplesIn(3)).toEqual([...direct].sort());
  });
});
