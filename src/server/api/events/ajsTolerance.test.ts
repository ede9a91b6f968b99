/**
 * An AJS event's tolerance (docs/ajs.md "Tolerance"): set on create and patch, read back, refused out
 * of range or off its steps; its AJS rounds are scored with it and their results name it, on the
 * scrutineer's and the public result and in the results CSV; export and import carry it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, type Res, useTestServer } from '../../test/harness.ts';
import { refusedUnchanged } from '../../test/kits/catalogue.ts';
import { roundPath, useCrew } from '../../test/kits/testFlow.ts';
import { addEvent } from '../../test/kits/testEvent.ts';
import { parseCsv } from '../../../domain/csv.ts';
import type { AjsComponent } from '../../../domain/scoring/ajs.ts';

const API = '/api/v1/competitions/demo';
const { s, admin, anon } = useTestServer({ admin: true });
const { judges, scrutineer } = useCrew(s);

const refused = (call: () => Promise<Res<any>>, status: number, code?: string) =>
  refusedUnchanged(s.db, call, status, code);
const eventOf = async (key: string, competition = 'demo') =>
  ((await admin.get(`/api/v1/competitions/${competition}/events`)).body as any[]).find((e) => e.key === key);

describe('the event’s ajsTolerance', () => {
  it('defaults to 1.5, takes the value given on create and patch, and is read back', async () => {
    const plain = await addEvent(admin, 'Tolerance Default Standard', 'Standard', 'Open', ['Waltz'], {
      scoringSystem: 'ajs',
    });
    expect((await eventOf(plain)).ajsTolerance).toBe(1.5);
    const grandSlam = await addEvent(admin, 'Tolerance Grand Slam Standard', 'Standard', 'Open', ['Waltz'], {
      scoringSystem: 'ajs',
      ajsTolerance: 1.2,
    });
    expect((await eventOf(grandSlam)).ajsTolerance).toBe(1.2);
    const patched = await admin.patch(`${API}/events/${grandSlam}`, { ajsTolerance: 1.35 });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await eventOf(grandSlam)).ajsTolerance).toBe(1.35);
    // A Skating event has one too, used only if it is switched to AJS.
    const skating = await addEvent(admin, 'Tolerance Skating Standard', 'Standard', 'Gold', ['Waltz']);
    expect((await eventOf(skating)).ajsTolerance).toBe(1.5);
  });

  it('refuses a value out of 0.5–3, off the 0.05 steps, not a number or null: 400 naming ajsTolerance, nothing written', async () => {
    const key = await addEvent(admin, 'Tolerance Refusals Standard', 'Standard', 'Open', ['Waltz'], {
      scoringSystem: 'ajs',
    });
    const cases: [unknown, RegExp][] = [
      [0.4, /from 0.5 to 3/],
      [3.05, /from 0.5 to 3/],
      [1.23, /steps of 0.05/],
      ['1.5', /must be a number/],
      [null, /must be a number/],
      [1e308 * 10, /must be a number/],
    ];
    for (const [value, message] of cases) {
      for (const call of [
        () => admin.patch(`${API}/events/${key}`, { ajsTolerance: value }),
        () =>
          admin.post(`${API}/events`, {
            name: 'Tolerance Never Made',
            style: 'Standard',
            level: 'Open',
            dances: ['Waltz'],
            ajsTolerance: value,
          }),
      ]) {
        const res = await refused(call, 400, 'invalid');
        expect(JSON.stringify(res.body.error), String(value)).toMatch(/ajsTolerance/);
        expect(res.body.error.message, String(value)).toMatch(message);
      }
    }
    expect((await eventOf(key)).ajsTolerance).toBe(1.5);
  });

  it('is the organizer’s: a judge or the scrutineer gets 403, the public 401, a stale version 409', async () => {
    const key = await addEvent(admin, 'Tolerance Access Standard', 'Standard', 'Open', ['Waltz'], {
      scoringSystem: 'ajs',
    });
    const path = `${API}/events/${key}`;
    await refused(() => judges[0]!.client.patch(path, { ajsTolerance: 1.2 }), 403);
    await refused(() => scrutineer.patch(path, { ajsTolerance: 1.2 }), 403);
    await refused(() => anon().patch(path, { ajsTolerance: 1.2 }), 401);
    const { version } = await eventOf(key);
    expect((await admin.patch(path, { ajsTolerance: 1.25, version })).status).toBe(200);
    await refused(() => admin.patch(path, { ajsTolerance: 1.2, version }), 409, 'stale');
    expect((await eventOf(key)).ajsTolerance).toBe(1.25);
  });
});

describe('an AJS final scored with its event’s tolerance', () => {
  // Couple 601: two TQ judges give 8 and one 9.25, 1.25 from the median: counted at 1.5 (TQ 8.4167,
  // total 32.42), dropped at 1.2 (TQ 8, total 32). Couple 602: 8 everywhere but CP 8.25 (32.25).
  let key: string;
  let final: string;
  let split: Record<string, AjsComponent[]>;

  beforeAll(async () => {
    key = await addEvent(admin, 'Tolerance Final Standard', 'Standard', 'Open', ['Waltz'], {
      scoringSystem: 'ajs',
      ajsTolerance: 1.2,
    });
    for (const c of ['601', '602'])
      expect(
        (
          await admin.post(`${API}/events/${key}/entries`, {
            leadName: `Lead ${c}`,
            followName: `Follow ${c}`,
            leadNumber: Number(c),
          })
        ).status,
      ).toBe(201);
    expect((await admin.post(`${API}/events/${key}/rounds/generate`, {})).status).toBe(200);
    final = roundPath(key, 1);
    const started = await admin.post(`${final}/start`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    split = started.body.round.ajsComponents;
    let tqJudges = 0;
    for (const j of judges) {
      const comps = split[String(j.id)]!;
      const scores = (couple: string) =>
        Object.fromEntries(
          comps.map((c) => {
            if (couple === '601' && c === 'TQ') return [c, tqJudges === 2 ? 9.25 : 8];
            return [c, couple === '602' && c === 'CP' ? 8.25 : 8];
          }),
        );
      const res = await j.client.put(`${final}/marks/${j.id}`, {
        Waltz: { '601': scores('601'), '602': scores('602') },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (comps.includes('TQ')) tqJudges++;
    }
    expect(tqJudges).toBeGreaterThanOrEqual(3);
  });

  it('drops the 9.25 at the event’s 1.2: couple 602 wins, and the result names tolerance 1.2', async () => {
    const computed = await scrutineer.post(`${final}/results`, {});
    expect(computed.status, JSON.stringify(computed.body)).toBe(200);
    expect(computed.body.placements).toEqual({ '601': 2, '602': 1 });
    expect(computed.body.ajs.tolerance).toBe(1.2);
    expect(computed.body.ajs.dances.Waltz['601'].components.TQ.dropped).toHaveLength(1);
    expect(computed.body.ajs.totals).toEqual({ '601': 32, '602': 32.25 });
  });

  it('counts it once the organizer sets 1.5 and the scrutineer computes again: couple 601 wins, totals unrounded', async () => {
    expect((await admin.patch(`${API}/events/${key}`, { ajsTolerance: 1.5 })).status).toBe(200);
    const computed = await scrutineer.post(`${final}/results`, {});
    expect(computed.status, JSON.stringify(computed.body)).toBe(200);
    expect(computed.body.placements).toEqual({ '601': 1, '602': 2 });
    expect(computed.body.ajs.tolerance).toBe(1.5);
    expect(computed.body.ajs.totals['601']).toBeCloseTo(32 + 1.25 / 3, 12);
  });

  it('posts it: the public result names the tolerance; the CSV has two-decimal totals and the tolerance', async () => {
    const posted = await admin.post(`${final}/post`, {});
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const pub = await anon().get(`${API}/results/${key}`);
    expect(pub.body.rounds[0].ajs.tolerance).toBe(1.5);
    const csv = parseCsv((await anon().get<string>(`${API}/events/${key}/results.csv`)).body);
    expect(csv[0]!.slice(-2)).toEqual(['Total', 'AJS tolerance']);
    const rows = csv.slice(1).map((r) => [r[4], r[8], r[11], r[12], r[13]]);
    expect(rows).toEqual([
      ['601', '1', 'Waltz 32.42', '32.42', '1.5'],
      ['602', '2', 'Waltz 32.25', '32.25', '1.5'],
    ]);
  });

  it('refuses to change the tolerance once the AJS final is posted (409 posted), nothing written', async () => {
    const res = await refused(
      () => admin.patch(`${API}/events/${key}`, { ajsTolerance: 1.2 }),
      409,
      'posted',
    );
    expect(res.body.error.message).toMatch(/posted with tolerance 1.5/);
    // The same value is no change.
    expect((await admin.patch(`${API}/events/${key}`, { ajsTolerance: 1.5 })).status).toBe(200);
  });

  it('export and import carry it; an export from before it gives AJS events 1.2 and the others 1.5', async () => {
    const file = (await admin.get(`${API}/export`)).body;
    const row = file.tables.events.find((e: any) => e.key === key);
    expect(row.ajs_tolerance).toBe(1.5);
    const copy = await admin.post('/api/v1/competitions/import?key=tolerance-copy', file);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect((await eventOf(key, 'tolerance-copy')).ajsTolerance).toBe(1.5);
    const pub = await anon().get(`/api/v1/competitions/tolerance-copy/results/${key}`);
    expect(pub.body.rounds[0].ajs.tolerance).toBe(1.5);

    for (const e of file.tables.events) delete e.ajs_tolerance;
    const old = await admin.post('/api/v1/competitions/import?key=tolerance-old', file);
    expect(old.status, JSON.stringify(old.body)).toBe(201);
    const events = (await admin.get('/api/v1/competitions/tolerance-old/events')).body as any[];
    expect(events.find((e) => e.key === key).ajsTolerance).toBe(1.2);
    expect(events.find((e) => e.scoringSystem === 'skating').ajsTolerance).toBe(1.5);

    file.tables.events.find((e: any) => e.key === key).ajs_tolerance = 7;
    const bad = await admin.post('/api/v1/competitions/import?key=tolerance-bad', file);
    expectErrorShape(bad, 400, 'invalid');
    expect(JSON.stringify(bad.body.error.details)).toMatch(/ajs_tolerance.*from 0.5 to 3/);
  });
});
