import { describe, expect, it } from 'vitest';
import {
  auditTrail,
  Client,
  countRows,
  expectErrorShape,
  expectSignedOut,
  insertMark,
  useTestServer,
} from '../../test/harness.ts';

const { s, admin } = useTestServer({ admin: true });
const base = '/api/v1/competitions/demo';

describe('officials', () => {
  it('adds a judge with the next letter and a code shown once; a new code replaces the old one', async () => {
    const res = await admin.post(`${base}/officials`, { name: 'Nadia Petrova', role: 'Judge', bio: 'WDSF' });
    expect(res.status).toBe(201);
    expect(res.body.letter).toMatch(/^[A-Z]$/);
    const oldCode = res.body.accessCode as string;
    const list = await admin.get(`${base}/officials`);
    expect(JSON.stringify(list.body)).not.toContain(oldCode);

    const again = await admin.post(`${base}/officials/${res.body.id}/code`, {});
    expect(again.status).toBe(200);
    expect(again.body.accessCode).toMatch(/^.{7}$/);
    const judge = new Client(s.url);
    expectErrorShape(await judge.post(`${base}/officials/${res.body.id}/session`, { code: oldCode }), 401);
    expect(
      (await judge.post(`${base}/officials/${res.body.id}/session`, { code: again.body.accessCode })).status,
    ).toBe(200);
  });

  it('gives every official a new code at once: each new code signs in, every old code and session ends', async () => {
    const made = await admin.post(`${base}/officials`, { name: 'Card Judge', role: 'Judge' });
    const signedIn = new Client(s.url);
    const sign = (c: Client, id: number, code: string) => c.post(`${base}/officials/${id}/session`, { code });
    expect((await sign(signedIn, made.body.id, made.body.accessCode)).status).toBe(200);

    // Only an administrator of the competition.
    expectErrorShape(await new Client(s.url).post(`${base}/officials/codes`, {}), 401);
    expectErrorShape(await signedIn.post(`${base}/officials/codes`, {}), 403);

    const regenerated = async () =>
      Number(
        (
          await s.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('action', '=', 'official.code-regenerate')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const auditedBefore = await regenerated();
    const res = await admin.post(`${base}/officials/codes`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = (await admin.get(`${base}/officials`)).body as { id: number; version: number }[];
    const issued = res.body.officials as { id: number; name: string; accessCode: string; version: number }[];
    expect(issued.map((o) => o.id)).toEqual(list.map((o) => o.id));
    expect(issued.map((o) => o.version)).toEqual(list.map((o) => o.version));
    expect(res.body.message).toBe(
      `New access codes for all ${list.length} officials: the old codes no longer work.`,
    );
    expect(new Set(issued.map((o) => o.accessCode)).size).toBe(issued.length);

    const mine = issued.find((o) => o.id === made.body.id)!;
    // The old session ended: /auth/me answers that nobody is signed in (an expected state, not a 401).
    expect((await signedIn.get('/api/v1/auth/me')).body).toEqual({});
    expectErrorShape(await sign(new Client(s.url), mine.id, made.body.accessCode), 401);
    expect((await sign(new Client(s.url), mine.id, mine.accessCode)).status).toBe(200);
    expect((await regenerated()) - auditedBefore).toBe(issued.length);
  });

  it('edits an official with a version; a stale edit is refused with the fresh details', async () => {
    const made = await admin.post(`${base}/officials`, { name: 'Tom Reyes', role: 'MC' });
    const list = (await admin.get(`${base}/officials`)).body as { id: number; version: number }[];
    const v = list.find((o) => o.id === made.body.id)?.version as number;
    const ok = await admin.patch(`${base}/officials/${made.body.id}`, {
      bio: 'Voice of the ballroom',
      photoURL: 'https://example.com/tom.jpg',
      version: v,
    });
    expect(ok.body).toMatchObject({ bio: 'Voice of the ballroom', letter: '' });
    const stale = await admin.patch(`${base}/officials/${made.body.id}`, { name: 'T. Reyes', version: v });
    expectErrorShape(stale, 409, 'stale');
    expect(stale.body.error.details.current.bio).toBe('Voice of the ballroom');
    const judge = await admin.patch(`${base}/officials/${made.body.id}`, { role: 'Judge' });
    expect(judge.body.letter).toMatch(/^[A-Z]$/);
  });

  it('a new judge takes a free letter: a judge who left the panel frees theirs, and no letter is held twice', async () => {
    const judges = async () =>
      ((await admin.get(`${base}/officials`)).body as { id: number; role: string; letter: string }[]).filter(
        (o) => o.role === 'Judge',
      );
    const first = await admin.post(`${base}/officials`, { name: 'Letter One', role: 'Judge' });
    const second = await admin.post(`${base}/officials`, { name: 'Letter Two', role: 'Judge' });
    expect(second.body.letter).not.toBe(first.body.letter);
    const moved = await admin.patch(`${base}/officials/${first.body.id}`, { role: 'Scrutineer' });
    expect(moved.body.letter).toBe('');
    // One judge fewer: counting judges would give the newcomer the second judge's letter.
    const third = await admin.post(`${base}/officials`, { name: 'Letter Three', role: 'Judge' });
    expect(third.body.letter).toBe(first.body.letter);
    const letters = (await judges()).map((j) => j.letter);
    expect(new Set(letters).size).toBe(letters.length);
  });

  it('every event is judged by all judges by default; a panel can be narrowed and reset', async () => {
    const panels = (await admin.get(`${base}/panels`)).body as {
      eventKey: string;
      isDefault: boolean;
      officialIds: number[];
      letters: string[];
      version: number;
    }[];
    const first = panels[0]!;
    expect(first.isDefault).toBe(true);
    expect(first.letters.slice(0, 3)).toEqual(['A', 'B', 'C']);
    const chosen = first.officialIds.slice(0, 3);
    const res = await admin.put(`${base}/events/${first.eventKey}/panel`, {
      officialIds: chosen,
      version: first.version,
    });
    expect(res.body).toMatchObject({ isDefault: false, officialIds: chosen, letters: ['A', 'B', 'C'] });
    expectErrorShape(
      await admin.put(`${base}/events/${first.eventKey}/panel`, {
        officialIds: chosen,
        version: first.version,
      }),
      409,
      'stale',
    );
    const reset = await admin.put(`${base}/events/${first.eventKey}/panel`, { officialIds: [] });
    expect(reset.body.isDefault).toBe(true);
  });

  it('the public panels list holds letters and ids only: no names, codes or hashes', async () => {
    const res = await new Client(s.url).get(`${base}/panels`);
    expect(res.status).toBe(200);
    const panels = res.body as Record<string, unknown>[];
    expect(panels.length).toBeGreaterThan(0);
    for (const p of panels) {
      expect(Object.keys(p).sort()).toEqual(
        ['eventKey', 'eventName', 'isDefault', 'letters', 'officialIds', 'version'].sort(),
      );
    }
    expect(JSON.stringify(panels)).not.toMatch(/hash|access|code|session/i);
  });

  it('deletes an official without marks: off every panel, sessions ended, audited', async () => {
    const made = await admin.post(`${base}/officials`, { name: 'Delete Me Judge', role: 'Judge' });
    const id = made.body.id as number;
    const panels = (await admin.get(`${base}/panels`)).body as { eventKey: string; officialIds: number[] }[];
    const ev = panels[1]!;
    const others = ev.officialIds.filter((x) => x !== id).slice(0, 2);
    await admin.put(`${base}/events/${ev.eventKey}/panel`, { officialIds: [...others, id] });
    const judge = new Client(s.url);
    expect((await judge.post(`${base}/officials/${id}/session`, { code: made.body.accessCode })).status).toBe(
      200,
    );
    expect((await judge.get('/api/v1/auth/me')).body.official.name).toBe('Delete Me Judge');

    // Anonymous 401, a judge 403, an unknown official 404.
    expectErrorShape(await new Client(s.url).del(`${base}/officials/${id}`), 401);
    expectErrorShape(await judge.del(`${base}/officials/${id}`), 403);
    expectErrorShape(await admin.del(`${base}/officials/999999`), 404);

    const res = await admin.del(`${base}/officials/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Deleted Delete Me Judge \(Judge [A-Z]\); removed from the panel of /);
    // The events it touched, for the web to word in its reader's language.
    expect(res.body.panels.length).toBeGreaterThan(0);
    expect(Array.isArray(res.body.emptied)).toBe(true);
    const list = (await admin.get(`${base}/officials`)).body as { id: number }[];
    expect(list.some((o) => o.id === id)).toBe(false);
    const after = (
      (await admin.get(`${base}/panels`)).body as { eventKey: string; officialIds: number[] }[]
    ).find((p) => p.eventKey === ev.eventKey);
    expect(after?.officialIds).toEqual(others);
    // The judge's open session ended with them.
    await expectSignedOut(judge);
    const [audited] = await auditTrail(s.db, 'official.delete', id);
    expect(audited?.before).toContain('Delete Me Judge');
    expectErrorShape(await admin.del(`${base}/officials/${id}`), 404);
  });

  it('refuses to delete an official whose marks are on record, and writes nothing', async () => {
    const made = await admin.post(`${base}/officials`, { name: 'Marked Judge', role: 'Judge' });
    const id = made.body.id as number;
    const round = await s.db.selectFrom('rounds').select(['id', 'competition_id']).executeTakeFirstOrThrow();
    await insertMark(s.db, round, id, 'Waltz', '[]');
    const auditsBefore = await countRows(s.db, 'audit_log');
    const res = await admin.del(`${base}/officials/${id}`);
    expectErrorShape(res, 409, 'has_marks');
    expect(res.body.error.message).toBe(
      'Marked Judge cannot be deleted: their marks are on record and the results rest on them.',
    );
    const list = (await admin.get(`${base}/officials`)).body as { id: number; name: string }[];
    expect(list.find((o) => o.id === id)?.name).toBe('Marked Judge');
    const auditsAfter = await countRows(s.db, 'audit_log');
    expect(auditsAfter).toBe(auditsBefore);
    await s.db.deleteFrom('marks').where('official_id', '=', id).execute();
  });
});
