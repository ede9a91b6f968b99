/**
 * An event scored under WDSF AJS 3.0 (docs/ajs.md). Its final takes each judge's
 * component scores through PUT …/marks (same locks, receipts and history as marks), refuses bad
 * scores with the couple and component named, and computes totals and places with scoreAjs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, type Client, type Res, useTestServer } from '../../../test/harness.ts';
import { refusedUnchanged } from '../../../test/kits/catalogue.ts';
import { roundPath, signInCrew, type Judge } from '../../../test/kits/testFlow.ts';
import { addEvent } from '../../../test/kits/testEvent.ts';
import { scoreAjs, type AjsComponent, type AjsScores } from '../../../../domain/scoring/index.ts';

const { s, admin, anon } = useTestServer({ admin: true });
let judges: Judge[];
let scrutineer: Client;
let chairman: Client;
let final: string;
let key: string;
const couples = ['301', '302', '303', '304'];
const dances = ['Waltz', 'Tango'];

/** Refused with `status` (and `code`), and nothing written (the whole database compared). */
const refused = (call: () => Promise<Res<any>>, status: number, code?: string) =>
  refusedUnchanged(s.db, call, status, code);

/** A judge's scores for one dance: couple i gets base − i/2 in every component the judge scores. */
function scoresFor(comps: readonly AjsComponent[], base: number) {
  return Object.fromEntries(
    couples.map((c, i) => [c, Object.fromEntries(comps.map((k) => [k, base - i * 0.5]))]),
  );
}

beforeAll(async () => {
  ({ judges, scrutineer, chairman } = await signInCrew(s));
  key = await addEvent(admin, 'AJS Open Standard', 'Standard', 'Open', dances, { scoringSystem: 'ajs' });
  for (const [i, c] of couples.entries()) {
    const e = await admin.post(`/api/v1/competitions/demo/events/${key}/entries`, {
      leadName: `Lead ${c}`,
      followName: `Follow ${c}`,
      leadNumber: Number(c),
      affiliation: `Team ${i % 2}`,
    });
    expect(e.status, JSON.stringify(e.body)).toBe(201);
  }
  expect((await admin.post(`/api/v1/competitions/demo/events/${key}/rounds/generate`, {})).status).toBe(200);
  final = roundPath(key, 1);
  const started = await admin.post(`${final}/start`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(200);
});

describe('an AJS event', () => {
  it('is read back with scoringSystem "ajs"; events default to "skating"; a bad system or split is refused', async () => {
    const events = (await admin.get('/api/v1/competitions/demo/events')).body as any[];
    expect(events.find((e) => e.key === key)).toMatchObject({ scoringSystem: 'ajs', ajsComponents: null });
    expect(events.find((e) => e.key !== key).scoringSystem).toBe('skating');
    const bad = await admin.patch(`/api/v1/competitions/demo/events/${key}`, { scoringSystem: 'judging' });
    expectErrorShape(bad, 400);
    expect(bad.body.error.message).toMatch(/Scoring system must be one of: skating, ajs/);
    const split = await admin.patch(`/api/v1/competitions/demo/events/${key}`, {
      ajsComponents: { [judges[0]!.id]: ['TQ', 'MM', 'PS'] },
    });
    expectErrorShape(split, 400);
    expect(split.body.error.message).toMatch(/No judge scores CP/);
    // The components as data too, for an organizer reading another language.
    expect(split.body.error.details[0]).toMatchObject({
      path: ['ajsComponents'],
      code: 'custom',
      params: { reason: 'componentsUnscored', components: 'CP' },
    });
    const comp = await admin.patch(`/api/v1/competitions/demo/events/${key}`, {
      ajsComponents: { [judges[0]!.id]: ['XX'] },
    });
    expectErrorShape(comp, 400);
    expect(comp.body.error.message).toMatch(/Components are TQ, MM, PS, CP/);
    const stranger = await admin.patch(`/api/v1/competitions/demo/events/${key}`, {
      ajsComponents: { '999999': ['TQ', 'MM', 'PS', 'CP'] },
    });
    expectErrorShape(stranger, 400);
    expect(stranger.body.error.message).toMatch(/999999 is not a judge of this competition/);
  });

  it('takes the organizer’s split for the judges it names (the rest keep the default)', async () => {
    const path = `/api/v1/competitions/demo/events/${key}`;
    const j = judges[0]!;
    const set = await admin.patch(path, { ajsComponents: { [j.id]: ['TQ', 'MM', 'PS', 'CP'] } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const round = async () =>
      (await j.client.get(`/api/v1/competitions/demo/judges/${j.id}/rounds`)).body.rounds.find(
        (r: any) => r.eventKey === key,
      );
    expect((await round()).ajsComponents[String(j.id)]).toEqual(['TQ', 'MM', 'PS', 'CP']);
    expect((await round()).ajsComponents[String(judges[4]!.id)]).toEqual(['MM', 'CP']);
    expect((await admin.patch(path, { ajsComponents: null })).status).toBe(200);
    expect((await round()).ajsComponents[String(j.id)]).toEqual(['TQ', 'PS']);
  });

  it('the final is an AJS round: each judge is told their components (default split: 5 judges → 3 TQ+PS, 2 MM+CP)', async () => {
    const j = judges[0]!;
    const mine = (await j.client.get(`/api/v1/competitions/demo/judges/${j.id}/rounds`)).body.rounds.find(
      (r: any) => r.eventKey === key,
    );
    expect(mine.kind).toBe('ajs');
    const split = mine.ajsComponents as Record<string, string[]>;
    expect(judges.map((x) => split[String(x.id)])).toEqual([
      ['TQ', 'PS'],
      ['TQ', 'PS'],
      ['TQ', 'PS'],
      ['MM', 'CP'],
      ['MM', 'CP'],
    ]);
  });
});

describe('scores through PUT …/marks', () => {
  it('refuses off-scale, wrong step, unassigned component, missing couple, wrong type — nothing written', async () => {
    const j = judges[0]!;
    const put = (body: object) => j.client.put(`${final}/marks/${j.id}`, body);
    const good = scoresFor(['TQ', 'PS'], 9);
    const cases: [object, RegExp][] = [
      [
        { Waltz: { ...good, '301': { TQ: 10.5, PS: 9 } } },
        /TQ for couple 301 in the Waltz: 10.5 is off the scale \(1 to 10\)/,
      ],
      [{ Waltz: { ...good, '301': { TQ: 8.1, PS: 9 } } }, /8.1 is not in steps of 0.25/],
      [{ Waltz: { ...good, '301': { TQ: 9, MM: 9, PS: 9 } } }, /You score TQ and PS in this round, not MM/],
      [{ Waltz: { ...good, '301': { TQ: 9 } } }, /Couple 301 has no PS score in the Waltz/],
      [{ Waltz: { '301': good['301'] } }, /couple 302 has none/],
      [{ Waltz: { ...good, '301': { TQ: '9', PS: 9 } } }, /TQ for couple 301 in the Waltz: is not a number/],
      [{ Waltz: { ...good, '301': { XX: 9, TQ: 9, PS: 9 } } }, /XX is not an AJS component/],
    ];
    for (const [body, message] of cases) {
      const res = await refused(() => put(body), 400, 'invalid_marks');
      expect(res.body.error.message).toMatch(message);
    }
  });

  it('a place-style final mark is refused in an AJS final, and a scrutineer cannot enter a judge’s other components', async () => {
    const j = judges[3]!;
    await refused(
      () => j.client.put(`${final}/marks/${j.id}`, { Waltz: { '301': 1, '302': 2, '303': 3, '304': 4 } }),
      400,
    );
    const res = await refused(
      () => scrutineer.put(`${final}/marks/${j.id}?source=paper`, { Waltz: scoresFor(['TQ', 'PS'], 9) }),
      400,
      'invalid_marks',
    );
    expect(res.body.error.message).toMatch(/You score MM and CP in this round, not TQ/);
  });

  it('locks a submitted dance with a receipt; a change is refused 409 locked until the chairman unlocks', async () => {
    const j = judges[0]!;
    const put = (body: object) => j.client.put(`${final}/marks/${j.id}`, body);
    const ok = await put({ Waltz: scoresFor(['PS', 'TQ'], 9) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.receipt).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    // Stored in one canonical form: couples in order, the judge's components only.
    expect(ok.body.marks.Waltz[String(j.id)].value['301']).toEqual({ TQ: 9, PS: 9 });
    const changed = await refused(() => put({ Waltz: scoresFor(['TQ', 'PS'], 8.5) }), 409, 'locked');
    expect(changed.body.error.message).toMatch(/ask the chairman/i);
    expect(
      (await chairman.post(`${final}/marks/${j.id}/unlock`, { dances: ['Waltz'], reason: 'typed 9 for 8.5' }))
        .status,
    ).toBe(200);
    const again = await put({ Waltz: scoresFor(['TQ', 'PS'], 8.5) });
    expect(again.status).toBe(200);
    expect(again.body.receipt).not.toBe(ok.body.receipt);
    const history = ((await scrutineer.get(`${final}/marks/history`)).body.entries as any[]).filter(
      (e) => e.officialId === j.id && e.dance === 'Waltz',
    );
    expect(history.map((e) => e.receipt)).toEqual([ok.body.receipt, again.body.receipt]);
  });
});

describe('computing and posting the AJS final', () => {
  it('computes places and component scores with scoreAjs; the public sees them once posted', async () => {
    // Every judge scores every dance; the first group is kinder to 304 in the Tango.
    const engineInput: AjsScores = {};
    const split = (
      await judges[0]!.client.get(`/api/v1/competitions/demo/judges/${judges[0]!.id}/rounds`)
    ).body.rounds.find((r: any) => r.eventKey === key).ajsComponents as Record<string, AjsComponent[]>;
    for (const d of dances) {
      engineInput[d] = {};
      for (const [i, j] of judges.entries()) {
        const comps = split[String(j.id)]!;
        const body = scoresFor(comps, d === 'Waltz' && i === 0 ? 8.5 : 9);
        if (d === 'Tango' && comps.includes('TQ'))
          body['304'] = Object.fromEntries(comps.map((k) => [k, 10]));
        engineInput[d][String(j.id)] = body as never;
        if (d === 'Waltz' && i === 0) continue; // already submitted above
        const res = await j.client.put(`${final}/marks/${j.id}`, { [d]: body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    }
    const computed = await scrutineer.post(`${final}/results`, {});
    expect(computed.status, JSON.stringify(computed.body)).toBe(200);
    const engine = scoreAjs(engineInput);
    expect(computed.body.kind).toBe('final');
    expect(computed.body.finalTable).toBeNull();
    expect(computed.body.placements).toEqual(engine.places);
    expect(computed.body.ajs.totals).toEqual(engine.totals);
    expect(computed.body.ajs.dances.Tango['304'].components.TQ.score).toBe(10);
    expect(computed.body.ajs.system).toBe('ajs');

    expect((await admin.post(`${final}/post`, {})).status).toBe(200);
    const pub = await anon().get(`/api/v1/competitions/demo/results/${key}`);
    expect(pub.status).toBe(200);
    const round = pub.body.rounds[0];
    expect(round.kind).toBe('final');
    expect(round.ajs.totals).toEqual(engine.totals);
    expect(round.placings.map((p: any) => [p.coupleNumber, p.place])).toEqual(
      engine.ranking.map((r) => [r.couple, r.place]),
    );
  });

  it('refuses to change the scoring system or the split once the final has marks (409 has_marks)', async () => {
    const path = `/api/v1/competitions/demo/events/${key}`;
    const res = await refused(() => admin.patch(path, { scoringSystem: 'skating' }), 409, 'has_marks');
    expect(res.body.error.message).toMatch(/already has marks/);
    await refused(
      () => admin.patch(path, { ajsComponents: { [judges[0]!.id]: ['TQ', 'MM', 'PS', 'CP'] } }),
      409,
    );
    // Unchanged values are no change.
    expect((await admin.patch(path, { scoringSystem: 'ajs' })).status).toBe(200);
  });
});

describe('a couple disqualified from the posted AJS final', () => {
  it('leaves the ranking, the couples below move up; the others keep their scores (docs/scrutineering-formats.md)', async () => {
    const before = (await anon().get(`/api/v1/competitions/demo/results/${key}`)).body.rounds[0];
    const order = before.placings.map((p: any) => p.coupleNumber) as string[];
    const winner = order[0]!;
    const events = (await admin.get('/api/v1/competitions/demo/events')).body as any[];
    const entry = events.find((e) => e.key === key).entries.find((e: any) => String(e.leadNumber) === winner);
    const res = await chairman.post(
      `/api/v1/competitions/demo/events/${key}/entries/${entry.entryId}/withdrawal`,
      {
        kind: 'disqualified',
        reason: 'costume rule',
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = (await anon().get(`/api/v1/competitions/demo/results/${key}`)).body.rounds[0];
    expect(after.placings.map((p: any) => [p.coupleNumber, p.place])).toEqual(
      order.slice(1).map((c, i) => [c, i + 1]),
    );
    expect(after.withdrawn).toMatchObject([{ coupleNumber: winner, status: 'disqualified' }]);
    for (const c of order.slice(1)) expect(after.ajs.totals[c]).toBe(before.ajs.totals[c]);
    expect(after.ajs.totals[winner]).toBeUndefined();
  });
});

describe('an AJS semi-final (ajsRounds: 2)', () => {
  it('recalls the highest totals to the final; a tie at the cut-off goes to the chairman; the public sees the component scores', async () => {
    const k = await addEvent(admin, 'AJS Open Latin', 'Latin', 'Open', ['ChaCha', 'Rumba'], {
      scoringSystem: 'ajs',
      ajsRounds: 2,
    });
    const nine = Array.from({ length: 9 }, (_, i) => String(401 + i));
    for (const c of nine) {
      const e = await admin.post(`/api/v1/competitions/demo/events/${k}/entries`, {
        leadName: `L${c}`,
        followName: `F${c}`,
        leadNumber: Number(c),
      });
      expect(e.status).toBe(201);
    }
    const gen = await admin.post(`/api/v1/competitions/demo/events/${k}/rounds/generate`, {});
    expect(gen.status, JSON.stringify(gen.body)).toBe(200);
    const rounds = (await admin.get('/api/v1/competitions/demo/events')).body.find((e: any) => e.key === k)
      .rounds as { roundNumber: number; recallSize: number }[];
    expect(rounds).toHaveLength(2);
    const semi = roundPath(k, 1);
    const started = await admin.post(`${semi}/start`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.round.kind).toBe('ajs');
    const wanted = started.body.round.recallSize as number;
    const split = started.body.round.ajsComponents as Record<string, AjsComponent[]>;
    // Couple i scores 9.5 − i/4 everywhere, except the last two, tied with the couple at the cut-off.
    const scoreOf = (i: number) => (i >= wanted ? 9.5 - (wanted - 1) / 4 : 9.5 - i / 4);
    const tiedCount = nine.length - wanted + 1;
    for (const d of ['ChaCha', 'Rumba'])
      for (const j of judges) {
        const comps = split[String(j.id)]!;
        const body = Object.fromEntries(
          nine.map((c, i) => [c, Object.fromEntries(comps.map((x) => [x, Math.min(10, scoreOf(i))]))]),
        );
        const res = await j.client.put(`${semi}/marks/${j.id}`, { [d]: body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    const tie = await scrutineer.post(`${semi}/results`, {});
    expectErrorShape(tie, 409, 'tie_decision_needed');
    expect(tie.body.error.message).toMatch(
      new RegExp(`${tiedCount} couples .* tied at the cut-off with a total of \\d+\\.\\d\\d:`),
    );
    expect(tie.body.error.details.byTotal).toBe(true);
    const computed = await scrutineer.post(`${semi}/results`, { tieDecision: 'excludeTied' });
    expect(computed.status, JSON.stringify(computed.body)).toBe(200);
    expect(computed.body.kind).toBe('recall');
    expect(computed.body.recalled).toEqual(nine.slice(0, wanted - 1));
    expect(computed.body.placements[0]).toEqual({ couple: '401', marks: 76 }); // 9.5 × 4 components × 2 dances
    expect(computed.body.ajs.totals['401']).toBe(76);
    expect((await admin.post(`${semi}/post`, {})).status).toBe(200);
    const pub = await anon().get(`/api/v1/competitions/demo/results/${k}`);
    const round = pub.body.rounds[0];
    expect(round.kind).toBe('recall');
    expect(round.ajs.componentTotals['401']).toEqual({ TQ: 19, MM: 19, PS: 19, CP: 19 });
    expect(round.couples.filter((c: any) => c.recalled).map((c: any) => c.coupleNumber)).toEqual(
      nine.slice(0, wanted - 1),
    );
    // The final, also AJS, holds the recalled couples.
    const final = await admin.post(`${roundPath(k, 2)}/start`, {});
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect(final.body.round).toMatchObject({ kind: 'ajs', couples: nine.slice(0, wanted - 1) });
    // ajsRounds cannot drop the semi-final now that it has marks.
    await refused(
      () => admin.patch(`/api/v1/competitions/demo/events/${k}`, { ajsRounds: 1 }),
      409,
      'has_marks',
    );
  });
});

describe('an AJS event with a redance', () => {
  it('does not count the redance among its AJS rounds: with ajsRounds 2 the semi-final is still scored under AJS', async () => {
    const k = await addEvent(admin, 'AJS Redance Standard', 'Standard', 'Open', ['Waltz'], {
      scoringSystem: 'ajs',
      ajsRounds: 2,
    });
    for (let i = 0; i < 9; i++)
      expect(
        (
          await admin.post(`/api/v1/competitions/demo/events/${k}/entries`, {
            leadName: `R${i}`,
            followName: `S${i}`,
            leadNumber: 501 + i,
          })
        ).status,
      ).toBe(201);
    expect((await admin.post(`/api/v1/competitions/demo/events/${k}/rounds/generate`, {})).status).toBe(200);
    const redance = await admin.post(`${roundPath(k, 1)}/redance`, { recallSize: 1 });
    expect(redance.status, JSON.stringify(redance.body)).toBe(200);
    expect(redance.body.event.rounds.map((r: any) => r.type)).toEqual(['regular', 'redance', 'regular']);
    const started = await admin.post(`${roundPath(k, 1)}/start`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.round.kind).toBe('ajs');
  });
});

describe('export and import', () => {
  it('carry an event’s scoring system, AJS rounds and split; a bad scoring system in the file is refused', async () => {
    const file = (await admin.get('/api/v1/competitions/demo/export')).body;
    const row = file.tables.events.find((e: any) => e.key === key);
    expect(row).toMatchObject({ scoring_system: 'ajs', ajs_rounds: 1 });
    const imported = await admin.post('/api/v1/competitions/import?key=ajs-copy', file);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const copy = (await admin.get('/api/v1/competitions/ajs-copy/events')).body.find(
      (e: any) => e.key === key,
    );
    expect(copy).toMatchObject({ scoringSystem: 'ajs', ajsRounds: 1 });
    const results = (await anon().get(`/api/v1/competitions/ajs-copy/results/${key}`)).body;
    expect(results.rounds[0].ajs.system).toBe('ajs');
    row.scoring_system = 'judging';
    const bad = await admin.post('/api/v1/competitions/import?key=ajs-bad', file);
    expectErrorShape(bad, 400, 'invalid');
    expect(JSON.stringify(bad.body.error.details)).toMatch(/scoring_system/);
    row.scoring_system = 'ajs';
    row.ajs_components = '{"1": ["XX"]}';
    const split = await admin.post('/api/v1/competitions/import?key=ajs-bad', file);
    expectErrorShape(split, 400, 'invalid');
    expect(JSON.stringify(split.body.error.details)).toMatch(/ajs_components.*Components are TQ, MM, PS, CP/);
  });
});
