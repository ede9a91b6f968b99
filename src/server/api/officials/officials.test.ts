import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, expectErrorShape, startServer, type TestServer } from '../../test/harness.ts';

let s: TestServer;
let admin: Client;
const base = '/api/v1/competitions/demo';

beforeAll(async () => {
  s = await startServer();
  admin = new Client(s.url);
  await admin.login();
});
afterAll(() => s.stop());

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
});
