/**
 * A round's AJS panel through the real server (docs/ajs.md, "Panel split" and "One score for both
 * components"): the scrutineer draws the groups or sets them by hand, with the dances where each
 * component gets its own score; the judges' tablets read it; a one-score dance stores the judge's one
 * score under both components and refuses two different ones; all fixed once the round has a mark.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, type Client, type Res, useTestServer } from '../../../test/harness.ts';
import { refusedUnchanged } from '../../../test/kits/catalogue.ts';
import { roundPath, signIn, signInCrew, type Judge } from '../../../test/kits/testFlow.ts';
import { addEvent } from '../../../test/kits/testEvent.ts';
import type { AjsComponent } from '../../../../domain/scoring/index.ts';

const { s, admin, anon } = useTestServer({ admin: true });
let judges: Judge[];
let panel: Judge[];
let scrutineer: Client;
let chairman: Client;
let deck: Client;
let mc: Client;
let key: string;
let semi: string;
let final: string;
const couples = ['601', '602', '603', '604', '605', '606', '607', '608', '609'];
const dances = ['Samba', 'ChaCha', 'Rumba'];

const refused = (call: () => Promise<Res<any>>, status: number, code?: string) =>
  refusedUnchanged(s.db, call, status, code);

/** The round's panel as the scrutineer's screen reads it. */
const roundView = async (path: string, who: Client = scrutineer) => {
  const res = await who.get(`${path}/ajs-panel`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    ajsComponents: Record<string, AjsComponent[]>;
    ajsPanel: {
      source: string;
      separateDances: string[];
      fixed: boolean;
      version: number;
      seed: number | null;
    };
  };
};

beforeAll(async () => {
  ({ judges, scrutineer, chairman, deck } = await signInCrew(s));
  [{ client: mc }] = (await signIn(s, 'MC')) as [Judge];
  key = await addEvent(admin, 'AJS Panel Latin', 'Latin', 'Open', dances, {
    scoringSystem: 'ajs',
    ajsRounds: 2,
  });
  for (const c of couples) {
    const e = await admin.post(`/api/v1/competitions/demo/events/${key}/entries`, {
      leadName: `L${c}`,
      followName: `F${c}`,
      leadNumber: Number(c),
    });
    expect(e.status, JSON.stringify(e.body)).toBe(201);
  }
  // Four of the competition's judges on the panel: the fifth is a judge, but not of this event.
  panel = judges.slice(0, 4);
  const set = await admin.put(`/api/v1/competitions/demo/events/${key}/panel`, {
    officialIds: panel.map((j) => j.id),
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect((await admin.post(`/api/v1/competitions/demo/events/${key}/rounds/generate`, {})).status).toBe(200);
  semi = roundPath(key, 1);
  final = roundPath(key, 2);
});

describe('the panel a round starts with', () => {
  it('is the default split TQ + PS / MM + CP; one score per group in the semi-final, separate scores in the final’s Samba and Rumba', async () => {
    const r1 = await roundView(semi);
    expect(panel.map((j) => r1.ajsComponents[String(j.id)])).toEqual([
      ['TQ', 'PS'],
      ['TQ', 'PS'],
      ['MM', 'CP'],
      ['MM', 'CP'],
    ]);
    expect(r1.ajsPanel).toMatchObject({ source: 'default', separateDances: [], fixed: false, seed: null });
    const r2 = await roundView(final);
    expect(r2.ajsPanel).toMatchObject({ source: 'default', separateDances: ['Samba', 'Rumba'] });
  });
});

describe('PUT …/ajs-panel and POST …/ajs-panel/draw', () => {
  const groups = () => ({
    [panel[0]!.id]: 'MM+CP',
    [panel[1]!.id]: 'TQ+PS',
    [panel[2]!.id]: 'TQ+PS',
    [panel[3]!.id]: 'MM+CP',
  });

  it('are read by staff who see marks and by judges; not by the deck captain, MC (403) or the public (401)', async () => {
    for (const who of [scrutineer, chairman, admin, panel[0]!.client])
      expect((await who.get(`${semi}/ajs-panel`)).status).toBe(200);
    for (const who of [deck, mc]) expectErrorShape(await who.get(`${semi}/ajs-panel`), 403, 'forbidden');
    expectErrorShape(await anon().get(`${semi}/ajs-panel`), 401);
    const skating = (await admin.get('/api/v1/competitions/demo/events')).body.find(
      (e: any) => e.scoringSystem === 'skating' && e.rounds.length,
    );
    expectErrorShape(await scrutineer.get(`${roundPath(skating.key, 1)}/ajs-panel`), 404, 'not_found');
  });

  it('are for the scrutineer and admins: 403 judge, MC, deck captain, chairman; 401 public; nothing written', async () => {
    const version = (await roundView(semi)).ajsPanel.version;
    const body = { version, groups: groups(), separateDances: [] };
    for (const who of [panel[0]!.client, mc, deck, chairman]) {
      await refused(() => who.put(`${semi}/ajs-panel`, body), 403, 'forbidden');
      await refused(() => who.post(`${semi}/ajs-panel/draw`, { version }), 403, 'forbidden');
    }
    await refused(() => anon().put(`${semi}/ajs-panel`, body), 401);
    await refused(() => anon().post(`${semi}/ajs-panel/draw`, { version }), 401);
  });

  it('refuse bad input with 400 naming the field, nothing written', async () => {
    const version = (await roundView(semi)).ajsPanel.version;
    const put = (body: object) => scrutineer.put(`${semi}/ajs-panel`, body);
    const stranger = judges[4]!;
    const cases: [object, RegExp][] = [
      [
        { version, groups: { ...groups(), [panel[0]!.id]: 'TQ+MM' }, separateDances: [] },
        /groups.*"TQ\+PS" or "MM\+CP"/,
      ],
      [
        { version, groups: { ...groups(), 999999: 'TQ+PS' }, separateDances: [] },
        /groups: official 999999 is not a judge/,
      ],
      [
        { version, groups: { ...groups(), [stranger.id]: 'TQ+PS' }, separateDances: [] },
        /groups: .* is not on the panel/,
      ],
      [
        { version, groups: { [panel[0]!.id]: 'TQ+PS', [panel[1]!.id]: 'MM+CP' }, separateDances: [] },
        /groups: every judge of the panel needs a group/,
      ],
      [
        { version, groups: Object.fromEntries(panel.map((j) => [j.id, 'TQ+PS'])), separateDances: [] },
        /groups: No judge scores MM, CP/,
      ],
      [
        { version, groups: groups(), separateDances: ['Waltz'] },
        /separateDances: the Waltz is not danced in this round/,
      ],
      [
        { version, groups: groups(), separateDances: ['Samba', 'Samba'] },
        /separateDances: the Samba is named twice/,
      ],
      [{ version, groups: groups(), separateDances: ['x'.repeat(500)] }, /No dance has so long a name/],
      [{ version, groups: [], separateDances: [] }, /groups/],
      [{ version, groups: groups() }, /separateDances/],
      [{ groups: groups(), separateDances: [] }, /version/],
      [{ version, groups: groups(), separateDances: [], extra: 1 }, /extra/],
    ];
    for (const [body, message] of cases) {
      const res = await refused(() => put(body), 400);
      expect(res.body.error.message, JSON.stringify(body).slice(0, 200)).toMatch(message);
    }
    const draw = await refused(
      () => scrutineer.post(`${semi}/ajs-panel/draw`, { version, separateDances: ['Jive'] }),
      400,
    );
    expect(draw.body.error.message).toMatch(/separateDances: the Jive is not danced/);
    // A group left empty: the components as data too, for a scrutineer reading another language.
    const oneGroup = await refused(
      () =>
        put({ version, groups: Object.fromEntries(panel.map((j) => [j.id, 'TQ+PS'])), separateDances: [] }),
      400,
    );
    expect(oneGroup.body.error.details).toEqual([
      {
        path: ['groups'],
        message: 'groups: No judge scores MM, CP: every component needs at least one judge.',
        code: 'custom',
        params: { reason: 'componentsUnscored', components: 'MM, CP' },
      },
    ]);
  });

  it('set by hand: each judge’s group and the dances with separate scores, read back by the judge’s tablet; audited', async () => {
    const before = await roundView(semi);
    const res = await scrutineer.put(`${semi}/ajs-panel`, {
      version: before.ajsPanel.version,
      groups: groups(),
      separateDances: ['Rumba'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/groups set .*one score|separate scores in the Rumba/);
    const after = await roundView(semi);
    expect(after.ajsPanel).toMatchObject({ source: 'set', separateDances: ['Rumba'], fixed: false });
    expect(after.ajsPanel.version).toBe(before.ajsPanel.version + 1);
    expect(panel.map((j) => after.ajsComponents[String(j.id)])).toEqual([
      ['MM', 'CP'],
      ['TQ', 'PS'],
      ['TQ', 'PS'],
      ['MM', 'CP'],
    ]);
    // A stale version is refused (409), nothing written.
    await refused(
      () =>
        scrutineer.put(`${semi}/ajs-panel`, {
          version: before.ajsPanel.version,
          groups: groups(),
          separateDances: [],
        }),
      409,
      'stale',
    );
    const audit = await s.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'round.ajs_panel.set')
      .where('entity_id', '=', `${key}-R1`)
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ separateDances: ['Rumba'], how: 'set' });
  });

  it('drawn: two balanced groups covering every component, the seed kept and audited, an admin may draw too', async () => {
    for (const who of [scrutineer, admin]) {
      const { version } = (await roundView(semi)).ajsPanel;
      const res = await who.post(`${semi}/ajs-panel/draw`, { version, separateDances: [] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toMatch(/groups drawn .*one score per group in every dance/);
      const r = await roundView(semi);
      expect(r.ajsPanel).toMatchObject({ source: 'drawn', separateDances: [], fixed: false });
      expect(r.ajsPanel.seed).toEqual(expect.any(Number));
      const split = panel.map((j) => r.ajsComponents[String(j.id)]!.join('+')).sort();
      expect(split).toEqual(['MM+CP', 'MM+CP', 'TQ+PS', 'TQ+PS']);
    }
    const audit = await s.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('action', '=', 'round.ajs_panel.draw')
      .where('entity_id', '=', `${key}-R1`)
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[1]!.after!).seed).toBe((await roundView(semi)).ajsPanel.seed);
  });

  it('is refused for a round not scored under AJS (409 not_ajs)', async () => {
    const skating = await addEvent(admin, 'Skating Panel Waltz', 'Standard', 'Open', ['Waltz']);
    expect((await admin.post(`/api/v1/competitions/demo/events/${skating}/rounds/generate`, {})).status).toBe(
      200,
    );
    const res = await refused(
      () => scrutineer.post(`${roundPath(skating, 1)}/ajs-panel/draw`, { version: 1 }),
      409,
      'not_ajs',
    );
    expect(res.body.error.message).toMatch(/is not scored under AJS/);
  });
});

describe('one score for both components (the semi-final)', () => {
  it('stores a judge’s one score under both components; two different scores are refused; the panel is then fixed', async () => {
    const started = await admin.post(`${semi}/start`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // The judge's tablet reads the round, then its panel.
    const rounds = (await panel[0]!.client.get(`/api/v1/competitions/demo/judges/${panel[0]!.id}/rounds`))
      .body.rounds as any[];
    expect(rounds.find((r) => r.eventKey === key)).toMatchObject({ kind: 'ajs', roundNumber: 1 });
    const round = await roundView(semi, panel[0]!.client);
    expect(round.ajsPanel).toMatchObject({ separateDances: [], source: 'drawn' });
    const j = panel[0]!;
    const mine = round.ajsComponents[String(j.id)] as AjsComponent[];
    const one = (v: number) => Object.fromEntries(mine.map((k) => [k, v]));
    const body = Object.fromEntries(couples.map((c, i) => [c, one(9 - i * 0.25)]));
    const mismatch = await refused(
      () =>
        j.client.put(`${semi}/marks/${j.id}`, {
          Samba: { ...body, '603': { [mine[0]!]: 8, [mine[1]!]: 8.5 } },
        }),
      400,
      'invalid_marks',
    );
    expect(mismatch.body.error.message).toMatch(
      new RegExp(
        `In the Samba you give one score for ${mine[0]} and ${mine[1]}: couple 603 has ${mine[0]} 8, ${mine[1]} 8.5`,
      ),
    );
    const ok = await j.client.put(`${semi}/marks/${j.id}`, { Samba: body });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.marks.Samba[String(j.id)].value['601']).toEqual(one(9));
    // Fixed now: neither a hand-set split nor a draw.
    const r = await roundView(semi);
    expect(r.ajsPanel.fixed).toBe(true);
    const set = await refused(
      () =>
        scrutineer.put(`${semi}/ajs-panel`, {
          version: r.ajsPanel.version,
          groups: Object.fromEntries(panel.map((x, i) => [x.id, i % 2 ? 'TQ+PS' : 'MM+CP'])),
          separateDances: [],
        }),
      409,
      'has_marks',
    );
    expect(set.body.error.message).toMatch(/already has marks: its panel split and scoring mode are fixed/);
    await refused(
      () => scrutineer.post(`${semi}/ajs-panel/draw`, { version: r.ajsPanel.version }),
      409,
      'has_marks',
    );
  });

  it('the scrutineer’s paper entry follows the same rule', async () => {
    const j = panel[1]!;
    const mine = (await roundView(semi)).ajsComponents[String(j.id)] as AjsComponent[];
    const body = Object.fromEntries(couples.map((c) => [c, { [mine[0]!]: 7, [mine[1]!]: 7.25 }]));
    const res = await refused(
      () => scrutineer.put(`${semi}/marks/${j.id}?source=paper`, { ChaCha: body }),
      400,
    );
    expect(res.body.error.message).toMatch(/one score for/);
    expectErrorShape(res, 400, 'invalid_marks');
  });
});

describe('export and import', () => {
  it('carry a round’s own panel, its judges moved to the copy’s officials; a bad panel in the file is refused', async () => {
    const file = (await admin.get('/api/v1/competitions/demo/export')).body;
    const byLetter = async (competition: string) => {
      const marks = await admin.get(`${roundPath(key, 1, competition)}/marks`);
      const res = await admin.get(`${roundPath(key, 1, competition)}/ajs-panel`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const letters = new Map((marks.body.judges as any[]).map((j) => [String(j.id), j.label]));
      return {
        panel: res.body.ajsPanel,
        split: Object.fromEntries(
          Object.entries(res.body.ajsComponents as Record<string, string[]>).map(([id, c]) => [
            letters.get(id),
            c.join('+'),
          ]),
        ),
      };
    };
    const imported = await admin.post('/api/v1/competitions/import?key=ajs-panel-copy', file);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const original = await byLetter('demo');
    const copy = await byLetter('ajs-panel-copy');
    expect(copy.split).toEqual(original.split);
    expect(copy.panel).toMatchObject({ source: 'drawn', seed: original.panel.seed });
    const row = file.tables.rounds.find((r: any) => typeof r.ajs_panel === 'string');
    row.ajs_panel = '{"groups": {"1": "TQ+MM"}, "separateDances": [], "how": "set"}';
    const bad = await admin.post('/api/v1/competitions/import?key=ajs-panel-bad', file);
    expectErrorShape(bad, 400, 'invalid');
    expect(JSON.stringify(bad.body.error.details)).toMatch(/ajs_panel/);
  });
});
