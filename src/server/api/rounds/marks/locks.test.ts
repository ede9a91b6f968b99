/**
 * A judge's submitted dance is locked; the chairman unlocks it with a reason; the
 * scrutineer's change from the paper sheet is recorded as a correction; every accepted submission
 * answers a receipt, kept with each version in the mark history.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, type Client, type Res, lastAudit, useTestServer } from '../../../test/harness.ts';
import { refusedUnchanged } from '../../../test/kits/catalogue.ts';
import { signIn, startedSemiFinal, useCrew, type EventInfo } from '../../../test/kits/testFlow.ts';

const { s, admin } = useTestServer({ admin: true });
const { judges, scrutineer, chairman, deck } = useCrew(s);
let mc: Client;
let ev: EventInfo;
let couples: string[];
let semi: string;

/** Refused with `status` (and `code`), and nothing written (the whole database compared). */
const refused = (call: () => Promise<Res<any>>, status: number, code?: string) =>
  refusedUnchanged(s.db, call, status, code);

beforeAll(async () => {
  mc = (await signIn(s, 'MC'))[0]!.client;
  ({ ev, semi, couples } = await startedSemiFinal(admin));
});

const first = () => couples.slice(0, 7);
const second = () => couples.slice(1, 8);
const history = async (officialId: number, dance: string) =>
  ((await scrutineer.get(`${semi}/marks/history`)).body.entries as any[]).filter(
    (e) => e.officialId === officialId && e.dance === dance,
  );

describe('a submitted dance is locked', () => {
  it('answers a receipt; the same marks again are accepted with the same receipt; a change is refused 409 locked, nothing written', async () => {
    const j = judges[0]!;
    const d = ev.dances[0]!;
    const put = (body: object, key: string) =>
      j.client.call('PUT', `${semi}/marks/${j.id}`, body, { 'idempotency-key': key });
    const ok = await put({ [d]: first() }, 'lock-a-1');
    expect(ok.status).toBe(200);
    expect(ok.body.receipt).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(ok.body.marks[d][String(j.id)]).toMatchObject({ locked: true, receipt: ok.body.receipt });
    // The tablet's outbox resends (same key: the stored answer; a new key with the same marks: no change).
    const replay = await put({ [d]: first() }, 'lock-a-1');
    expect([replay.status, replay.body.receipt]).toEqual([200, ok.body.receipt]);
    const same = await put({ [d]: [...first()].reverse() }, 'lock-a-2');
    expect([same.status, same.body.receipt]).toEqual([200, ok.body.receipt]);
    expect(same.body.marks[d][String(j.id)].version).toBe(1);

    const res = await refused(() => put({ [d]: second() }, 'lock-a-3'), 409, 'locked');
    expect(res.body.error.message).toMatch(/locked.*ask the chairman/i);
    expect(res.body.error.details.dances).toEqual([d]);
    // A submission of several dances with one locked change is refused whole.
    await refused(() => put({ [d]: second(), [ev.dances[1]!]: first() }, 'lock-a-4'), 409, 'locked');
  });
});

describe("the chairman's unlock", () => {
  it('is refused to a judge, the MC and the deck captain (403), and for a dance not submitted (409)', async () => {
    const j = judges[0]!;
    const body = { dances: [ev.dances[0]!], reason: 'judge asked' };
    for (const who of [j.client, mc, deck, scrutineer])
      await refused(() => who.post(`${semi}/marks/${j.id}/unlock`, body), 403, 'forbidden');
    await refused(
      () => chairman.post(`${semi}/marks/${j.id}/unlock`, { dances: [ev.dances[1]!], reason: 'asked' }),
      409,
      'not_submitted',
    );
    await refused(() => chairman.post(`${semi}/marks/${j.id}/unlock`, { dances: [ev.dances[0]!] }), 400);
  });

  it('lets the judge change the dance once; the receipts differ and both are in the history', async () => {
    const j = judges[0]!;
    const d = ev.dances[0]!;
    const before = (await scrutineer.get(`${semi}/marks`)).body.marks[d][String(j.id)];
    const unlocked = await chairman.post(`${semi}/marks/${j.id}/unlock`, {
      dances: [d],
      reason: 'Judge A tapped the wrong couple',
    });
    expect(unlocked.status).toBe(200);
    const trail = await lastAudit(s.db, 'marks.unlock');
    expect(trail.actor).toContain('Chairman');
    expect(trail.after).toMatchObject({
      dances: [d],
      reason: 'Judge A tapped the wrong couple',
    });
    expect((await scrutineer.get(`${semi}/marks`)).body.marks[d][String(j.id)].locked).toBe(false);

    const changed = await j.client.put(`${semi}/marks/${j.id}`, { [d]: second() });
    expect(changed.status).toBe(200);
    expect(changed.body.receipt).not.toBe(before.receipt);
    expect(changed.body.marks[d][String(j.id)]).toMatchObject({ version: 2, locked: true });
    const versions = await history(j.id, d);
    expect(versions.map((v) => [v.version, v.receipt, v.correction])).toEqual([
      [1, before.receipt, false],
      [2, changed.body.receipt, false],
    ]);
    // Locked again.
    await refused(() => j.client.put(`${semi}/marks/${j.id}`, { [d]: first() }), 409, 'locked');
  });
});

describe("the scrutineer's correction from the paper sheet", () => {
  it('changes a locked dance and is recorded as a correction in the history and the audit trail', async () => {
    const j = judges[1]!;
    const d = ev.dances[1]!;
    const mine = await j.client.put(`${semi}/marks/${j.id}`, { [d]: first() });
    expect(mine.status).toBe(200);
    const fixed = await scrutineer.put(`${semi}/marks/${j.id}?source=paper`, { [d]: second() });
    expect(fixed.status).toBe(200);
    expect(fixed.body.paperCorrections).toEqual([d]);
    expect(fixed.body.receipt).not.toBe(mine.body.receipt);
    const versions = await history(j.id, d);
    expect(versions.map((v) => [v.version, v.source, v.correction, v.receipt])).toEqual([
      [1, 'judge', false, mine.body.receipt],
      [2, 'paper', true, fixed.body.receipt],
    ]);
    const trail = await lastAudit(s.db, 'marks.submit');
    expect(trail.after.response.paperCorrections).toEqual([d]);
    // The correction locks the dance for the judge too.
    await refused(() => j.client.put(`${semi}/marks/${j.id}`, { [d]: first() }), 409, 'locked');
  });

  it("waits for the chairman's unlock too where only the chairman opens locked marks (WDSF certification 1.1)", async () => {
    const competition = '/api/v1/competitions/demo';
    const set = async (on: boolean) => {
      const { version } = (await admin.get(competition)).body;
      expect((await admin.patch(competition, { correctionsNeedUnlock: on, version })).status).toBe(200);
    };
    await set(true);
    try {
      expect((await admin.get(competition)).body.correctionsNeedUnlock).toBe(true);
      const j = judges[2]!;
      const d = ev.dances[0]!;
      expect((await j.client.put(`${semi}/marks/${j.id}`, { [d]: first() })).status).toBe(200);
      const res = await refused(
        () => scrutineer.put(`${semi}/marks/${j.id}?source=paper`, { [d]: second() }),
        409,
        'locked',
      );
      expect(res.body.error.message).toMatch(/only the chairman can open them/);
      // Unlocked by the chairman, the paper entry is taken (no longer a correction over a locked dance).
      expect(
        (await chairman.post(`${semi}/marks/${j.id}/unlock`, { dances: [d], reason: 'Paper sheet differs' }))
          .status,
      ).toBe(200);
      const fixed = await scrutineer.put(`${semi}/marks/${j.id}?source=paper`, { [d]: second() });
      expect([fixed.status, fixed.body.paperCorrections]).toEqual([200, []]);
    } finally {
      await set(false);
    }
  });

  it('refuses a setting that is not true or false', async () => {
    const competition = '/api/v1/competitions/demo';
    const { version } = (await admin.get(competition)).body;
    await refused(() => admin.patch(competition, { correctionsNeedUnlock: 'yes', version }), 400);
  });

  it("the history is the scrutineer's, the chairman's and an admin's only", async () => {
    for (const who of [chairman, admin]) expect((await who.get(`${semi}/marks/history`)).status).toBe(200);
    for (const who of [judges[0]!.client, mc, deck])
      expectErrorShape(await who.get(`${semi}/marks/history`), 403);
  });
});
