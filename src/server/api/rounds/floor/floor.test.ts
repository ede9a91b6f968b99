import { describe, expect, it } from 'vitest';
import { expectErrorShape, useTestServer } from '../../../test/harness.ts';
import { roundPath, useCrew, useTwoRoundEvents, type EventInfo } from '../../../test/kits/testFlow.ts';
import { addEvent } from '../../../test/kits/testEvent.ts';
import type { FloorView, RoundCouples } from '../../../../domain/schemas/floor.ts';
import type { JudgeRounds } from '../../../../domain/schemas/marks.ts';

const { s, admin, anon } = useTestServer({ admin: true });
const { judges, scrutineer, deck, chairman } = useCrew(s);
const events = useTwoRoundEvents(admin);
const demo = '/api/v1/competitions/demo';

/** Every judge marks the same `recall` couples in every dance: a clean cut-off. */
async function markCleanly(ev: EventInfo, couples: string[], recall: number) {
  for (const j of judges) {
    const body = Object.fromEntries(ev.dances.map((d) => [d, couples.slice(0, recall)]));
    const res = await j.client.put(`${roundPath(ev.key, 1)}/marks/${j.id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

describe("the chairman's approval", () => {
  it('a competition that requires approval posts only approved computations', async () => {
    const ev = events[0]!;
    const semi = roundPath(ev.key, 1);
    const comp = (await admin.get(demo)).body;
    expect(comp.requireApproval).toBe(false);
    const set = await admin.patch(demo, { requireApproval: true, version: comp.version });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await anon().get(demo)).body.requireApproval).toBe(true);
    expectErrorShape(await admin.patch(demo, { requireApproval: 'yes' }), 400);

    const started = await scrutineer.post(`${semi}/start`, {});
    const couples: string[] = started.body.round.couples;
    await markCleanly(ev, couples, started.body.round.marksPerDance);

    // Nothing to approve before the round is computed.
    expectErrorShape(await chairman.post(`${semi}/approve`, {}), 409, 'not_computed');
    const computed = await scrutineer.post(`${semi}/results`, {});
    expect(computed.status).toBe(200);
    expect(computed.body.approvedAt).toBeNull();

    // Not approved: the scrutineer cannot post.
    expectErrorShape(await scrutineer.post(`${semi}/post`, {}), 409, 'approval_needed');
    // Only the chairman (or an admin) approves; never the public, a judge, the deck captain or the scrutineer.
    expectErrorShape(await anon().post(`${semi}/approve`, {}), 401);
    expectErrorShape(await judges[0]!.client.post(`${semi}/approve`, {}), 403);
    expectErrorShape(await deck.post(`${semi}/approve`, {}), 403);
    expectErrorShape(await scrutineer.post(`${semi}/approve`, {}), 403);
    expectErrorShape(await chairman.post(`${semi}/approve`, { version: 'one' }), 400);
    // The chairman approves the computation they saw; a recomputed one is stale.
    expectErrorShape(
      await chairman.post(`${semi}/approve`, { version: computed.body.version + 1 }),
      409,
      'stale',
    );
    const approved = await chairman.post(`${semi}/approve`, { version: computed.body.version });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.approvedBy).toContain('Chairman');
    expect(typeof approved.body.approvedAt).toBe('string');

    // Recomputing clears the approval: what was signed is no longer what would be posted.
    const again = await scrutineer.post(`${semi}/results`, {});
    expect(again.body.approvedAt).toBeNull();
    expectErrorShape(await scrutineer.post(`${semi}/post`, {}), 409, 'approval_needed');
    expect((await chairman.post(`${semi}/approve`, {})).status).toBe(200);
    const posted = await scrutineer.post(`${semi}/post`, {});
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);

    const audit = await s.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('action', '=', 'results.approve')
      .execute();
    expect(audit).toHaveLength(2);
    await admin.patch(demo, { requireApproval: false });
  });

  it('the chairman settles a tie at the cut-off', async () => {
    const ev = events[2] ?? events[1]!;
    const semi = roundPath(ev.key, 1);
    const started = await scrutineer.post(`${semi}/start`, {});
    const couples: string[] = started.body.round.couples;
    const sure = couples.slice(0, 6);
    const extra = [couples[6]!, couples[6]!, couples[7]!, couples[7]!, couples[8]!];
    for (const [i, j] of judges.entries()) {
      const body = Object.fromEntries(ev.dances.map((d) => [d, [...sure, extra[i]!]]));
      expect((await j.client.put(`${semi}/marks/${j.id}`, body)).status).toBe(200);
    }
    expectErrorShape(await chairman.post(`${semi}/results`, {}), 409, 'tie_decision_needed');
    const decided = await chairman.post(`${semi}/results`, { tieDecision: 'excludeTied' });
    expect(decided.status).toBe(200);
    expect(decided.body.recalled).toHaveLength(6);
    expect(decided.body.tieDecision).toBe('excludeTied');
    // The chairman decides; posting stays with the scrutineer.
    expectErrorShape(await chairman.post(`${semi}/post`, {}), 403);

    // The decision is part of the competition's file: its own export imports again, decision kept.
    const file = await admin.get('/api/v1/competitions/demo/export');
    const copy = await admin.post('/api/v1/competitions/import?key=tie-copy', file.body);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const copied = await admin.get(`${semi.replace('/demo/', '/tie-copy/')}/results`);
    expect(copied.body.tieDecision).toBe('excludeTied');
  });
});

describe('deck captain: heats, check-in, scratches and the floor', () => {
  it('seats a couple entered after the rounds were generated in the first round, and not one scratched since', async () => {
    const key = await addEvent(admin, 'Late Entry Standard', 'Standard', 'Bronze', ['Waltz', 'Tango']);
    const ev = `${demo}/events/${key}`;
    const enter = async (lead: string) => {
      const res = await admin.post(`${ev}/entries`, {
        leadName: lead,
        followName: `${lead} Partner`,
        affiliation: 'Other',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: number; leadNumber: number };
    };
    const first = await enter('Ada Early');
    await enter('Bea Early');
    await enter('Cy Early');
    const panel = await admin.put(`${ev}/panel`, { officialIds: judges.map((j) => j.id) });
    expect(panel.status, JSON.stringify(panel.body)).toBe(200);
    expect((await admin.post(`${ev}/rounds/generate`, {})).status).toBe(200);
    // Entered once the rounds exist (a late registration or a couple added at the desk).
    const late = await enter('Dee Late');
    expect((await deck.post(`${ev}/entries/${first.id}/scratch`, { scratched: true })).status).toBe(200);

    const r1 = `${ev}/rounds/1`;
    const numbers = (c: RoundCouples) => c.couples.filter((x) => !x.scratched).map((x) => x.coupleNumber);
    const before = (await anon().get(`${r1}/couples`)).body as RoundCouples;
    expect(numbers(before)).toContain(String(late.leadNumber));
    expect(numbers(before)).not.toContain(String(first.leadNumber));
    expect(numbers(before)).toHaveLength(3);

    expect((await deck.post(`${r1}/start`, {})).status).toBe(200);
    const running = (await anon().get(`${r1}/couples`)).body as RoundCouples;
    expect(running.roundState).toBe(2);
    expect(numbers(running).sort()).toEqual(numbers(before).sort());
    const tablet = (await judges[0]!.client.get(`${demo}/judges/${judges[0]!.id}/rounds`))
      .body as JudgeRounds;
    const mine = tablet.rounds.find((r) => r.eventKey === key);
    expect(mine?.heats.flatMap((h) => h.couples).sort()).toEqual(numbers(before).sort());
  });

  it("lists every round still to start, in running order, with each first round's couples", async () => {
    const floor = (await anon().get(`${demo}/floor`)).body as FloorView;
    const schedule = (await anon().get(`${demo}/schedule`)).body as {
      items: { kind: string; eventKey: string; roundNumber: number; roundState: number }[];
    };
    // The demo has many more rounds to come than the 8 the deck captain once saw: every one is listed.
    const waiting = schedule.items.filter((i) => i.kind === 'round' && i.roundState <= 1);
    expect(waiting.length).toBeGreaterThan(8);
    expect(floor.next.map((r) => `${r.eventKey}/${r.roundNumber}`)).toEqual(
      waiting.map((i) => `${i.eventKey}/${i.roundNumber}`),
    );
    // A first round shows its entries before it starts; the couples match the round's own read.
    const first = floor.next.find((r) => r.roundNumber === 1)!;
    expect(first.couplesKnown).toBe(true);
    const alone = (await anon().get(`${roundPath(first.eventKey, 1)}/couples`)).body as RoundCouples;
    expect(first).toEqual(alone);
    // `next` still limits the list when asked.
    expect(((await anon().get(`${demo}/floor?next=3`)).body as FloorView).next).toHaveLength(3);
  });

  it('draws even heats from the heat size and keeps them when the round starts', async () => {
    const ev = events[1]!;
    const r1 = roundPath(ev.key, 1);
    const before = (await anon().get(`${r1}/couples`)).body as RoundCouples;
    expect(before.heats).toBe(1);
    expect(before.couplesKnown).toBe(true);
    const n = before.couples.filter((c) => !c.scratched).length;
    expect(n).toBeGreaterThanOrEqual(9);

    // Bad input and the wrong people change nothing.
    expectErrorShape(await deck.post(`${r1}/heats`, { heatSize: 1 }), 400);
    expectErrorShape(await deck.post(`${r1}/heats`, { heatSize: 'four' }), 400);
    expectErrorShape(await deck.post(`${r1}/heats`, {}), 400);
    expectErrorShape(await deck.post(`${r1}/heats`, { heatSize: 4, extra: 1 }), 400);
    expectErrorShape(await anon().post(`${r1}/heats`, { heatSize: 4 }), 401);
    expectErrorShape(await judges[0]!.client.post(`${r1}/heats`, { heatSize: 4 }), 403);
    expectErrorShape(
      await deck.post(`${r1}/heats`, { heatSize: 4, version: before.version + 7 }),
      409,
      'stale',
    );
    expect((await anon().get(`${r1}/couples`)).body.heatSize).toBeNull();

    const set = await deck.post(`${r1}/heats`, { heatSize: 4, version: before.version });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.heats).toBe(Math.ceil(n / 4));
    expect(set.body.message).toMatch(/heats of at most 4 couples/);
    const sizes = (c: RoundCouples) => {
      const m = new Map<number, number>();
      for (const x of c.couples.filter((y) => !y.scratched)) m.set(x.heat, (m.get(x.heat) ?? 0) + 1);
      return [...m.values()];
    };
    const drawn = (await anon().get(`${r1}/couples`)).body as RoundCouples;
    expect(Math.max(...sizes(drawn)) - Math.min(...sizes(drawn))).toBeLessThanOrEqual(1);
    expect(Math.max(...sizes(drawn))).toBeLessThanOrEqual(4);

    // Starting the round keeps the heats the deck captain called.
    expect((await deck.post(`${r1}/start`, {})).status).toBe(200);
    const running = (await anon().get(`${r1}/couples`)).body as RoundCouples;
    expect(running.roundState).toBe(2);
    expect(running.couples.map((c) => [c.coupleNumber, c.heat])).toEqual(
      drawn.couples.filter((c) => !c.scratched).map((c) => [c.coupleNumber, c.heat]),
    );
    // The floor shows the running round with its heats, and not among the next rounds.
    const floor = (await anon().get(`${demo}/floor`)).body as FloorView;
    const mine = floor.onFloor.find((r) => r.eventKey === ev.key);
    expect(mine?.heats).toBe(Math.ceil(n / 4));
    expect(floor.next.some((r) => r.eventKey === ev.key && r.roundNumber === 1)).toBe(false);
    expectErrorShape(await anon().get(`${demo}/floor?next=-1`), 400);

    // Each judge's tablet lines the couples up as the deck captain does: heat by heat, by number.
    const heatsOnDeck = [...new Set(running.couples.map((c) => c.heat))]
      .sort((a, b) => a - b)
      .map((heat) => ({
        heat,
        couples: running.couples
          .filter((c) => c.heat === heat)
          .map((c) => c.coupleNumber)
          .sort((a, b) => Number(a) - Number(b)),
      }));
    expect(heatsOnDeck).toHaveLength(Math.ceil(n / 4));
    for (const j of judges.slice(0, 2)) {
      const tablet = (await j.client.get(`${demo}/judges/${j.id}/rounds`)).body as JudgeRounds;
      const round = tablet.rounds.find((r) => r.eventKey === ev.key && r.roundNumber === 1);
      expect(round?.heats).toEqual(heatsOnDeck);
    }

    // Check in the first couple: the list shows it at once.
    const first = running.couples[0]!;
    const checked = await deck.post(`${demo}/events/${ev.key}/entries/${first.entryId}/check-in`, {
      checkedIn: true,
    });
    expect(checked.status).toBe(200);
    expect(
      ((await anon().get(`${r1}/couples`)).body as RoundCouples).couples.find(
        (c) => c.entryId === first.entryId,
      )?.checkedIn,
    ).toBe(true);
  });

  it('scratches a couple before the round is marked, and refuses once judges have marked it', async () => {
    // An event whose first round has not started.
    const ev = events.find((e, i) => i > 2 && e.rounds[0]?.roundState === 0) ?? events[3]!;
    const r1 = roundPath(ev.key, 1);
    const list = (await anon().get(`${r1}/couples`)).body as RoundCouples;
    const victim = list.couples[0]!;
    const path = `${demo}/events/${ev.key}/entries/${victim.entryId}/scratch`;
    expectErrorShape(await anon().post(path, { scratched: true }), 401);
    expectErrorShape(await judges[0]!.client.post(path, { scratched: true }), 403);
    expectErrorShape(await scrutineer.post(path, { scratched: true }), 403);
    expectErrorShape(await deck.post(path, { scratched: 'yes' }), 400);
    expectErrorShape(
      await deck.post(`${demo}/events/${ev.key}/entries/999999/scratch`, { scratched: true }),
      404,
    );

    const res = await deck.post(path, { scratched: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ coupleNumber: victim.coupleNumber, scratched: true });
    const after = (await anon().get(`${r1}/couples`)).body as RoundCouples;
    expect(after.couples.find((c) => c.entryId === victim.entryId)?.scratched).toBe(true);

    // The round starts without the scratched couple.
    const started = await deck.post(`${r1}/start`, {});
    expect(started.status).toBe(200);
    expect(started.body.round.couples).not.toContain(victim.coupleNumber);
    expect(started.body.alreadyRunning).toBe(false);
    // Started again: nothing changes, and the answer says so for the web to word.
    const again = await deck.post(`${r1}/start`, {});
    expect(again.body).toMatchObject({
      alreadyRunning: true,
      message: expect.stringMatching(/already running/),
    });

    // Un-scratching before any marks puts the couple back on the list.
    expect((await admin.post(path, { scratched: false })).status).toBe(200);
    // Once a judge has marked the round, a scratch would break the marks: refused.
    const couples = ((await anon().get(`${r1}/couples`)).body as RoundCouples).couples;
    const other = couples.find((c) => !c.scratched && c.entryId !== victim.entryId)!;
    const recall = started.body.round.marksPerDance as number;
    const j = judges[0]!;
    await j.client.put(`${r1}/marks/${j.id}`, {
      [ev.dances[0]!]: started.body.round.couples.slice(0, recall),
    });
    expectErrorShape(
      await deck.post(`${demo}/events/${ev.key}/entries/${other.entryId}/scratch`, { scratched: true }),
      409,
      'round_marked',
    );
  });
});
