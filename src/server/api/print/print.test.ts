import { describe, expect, it } from 'vitest';
import { Client, expectErrorShape, useTestServer } from '../../test/harness.ts';
import { addEvent } from '../../test/kits/testEvent.ts';

const { s, admin } = useTestServer({ admin: true });
const base = '/api/v1/competitions/demo';
interface Panel {
  eventKey: string;
  judges: { id: number; name: string; letter: string; label: string }[];
}

describe('print panels', () => {
  it('gives anyone each event’s judges with letters and names, in the marks API’s panel order', async () => {
    const key = await addEvent(admin, 'Print Panel Test', 'Latin', 'Gold', ['Samba', 'Jive']);
    expect((await admin.put(`${base}/events/${key}/panel`, { officialIds: [3, 1, 5] })).status).toBe(200);

    const visitor = new Client(s.url);
    const res = await visitor.get(`${base}/print/panels`);
    expect(res.status).toBe(200);
    const panels = res.body as Panel[];
    const mine = panels.find((p) => p.eventKey === key)!;
    expect(mine.judges.map((j) => j.id)).toEqual([1, 3, 5]);
    expect(mine.judges.every((j) => j.name.length > 0 && j.label === (j.letter || j.name))).toBe(true);
    // The same order and labels as the scrutineer's marks view of that event.
    const entry = await admin.post(`${base}/events/${key}/entries`, {
      leadName: 'Ana P',
      followName: 'Ben P',
    });
    expect(entry.status).toBe(201);
    expect((await admin.post(`${base}/events/${key}/rounds/generate`, {})).status).toBeLessThan(300);
    const marks = await admin.get(`${base}/events/${key}/rounds/1/marks`);
    expect(marks.status).toBe(200);
    const staffJudges = (marks.body as { judges: Panel['judges'] }).judges;
    expect(mine.judges).toEqual(
      staffJudges.map(({ id, name, letter, label }) => ({ id, name, letter, label })),
    );

    // An event with no panel of its own is judged by every judge; nothing secret is in the answer.
    const other = panels.find((p) => p.eventKey !== key)!;
    expect(other.judges.length).toBe(5);
    expect(JSON.stringify(res.body)).not.toMatch(/code|hash/i);
    expect((await admin.del(`${base}/events/${key}?confirm=true`)).status).toBeLessThan(300);
  });

  it('answers 404 for an unknown competition', async () => {
    expectErrorShape(await new Client(s.url).get('/api/v1/competitions/nope-nope/print/panels'), 404);
  });
});
