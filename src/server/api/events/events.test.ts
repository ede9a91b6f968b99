import { describe, expect, it } from 'vitest';
import { auditTrail, expectErrorShape, insertMark, readEvents, useTestServer } from '../../test/harness.ts';

const { s, admin, anon } = useTestServer({ admin: true });
const base = '/api/v1/competitions/demo';

describe('events', () => {
  it('creates an event with its dances in the standard order and a key from its name', async () => {
    const res = await admin.post(`${base}/events`, {
      name: 'Gold Standard (W/T/F/Q)',
      style: 'Standard',
      level: 'Gold',
      dances: ['Quickstep', 'Waltz', 'Foxtrot', 'Tango'],
    });
    expect(res.status).toBe(201);
    expect(res.body.key).toBe('gold-standard-w-t-f-q');
    expect(res.body.dances).toEqual(['Waltz', 'Tango', 'Foxtrot', 'Quickstep']);
    const list = await anon().get(`${base}/events`);
    expect(list.body.map((e: { key: string }) => e.key)).toContain('gold-standard-w-t-f-q');
  });

  it('refuses a duplicate name, a dance of another style, and anonymous callers', async () => {
    const body = { name: 'Gold Standard (W/T/F/Q)', style: 'Standard', level: 'Gold', dances: ['Waltz'] };
    expectErrorShape(await admin.post(`${base}/events`, body), 409, 'duplicate');
    const wrong = await admin.post(`${base}/events`, { ...body, name: 'Odd', dances: ['Rumba'] });
    expectErrorShape(wrong, 400, 'invalid');
    expect(wrong.body.error.message).toContain('Rumba is not a Standard dance');
    expectErrorShape(await anon().post(`${base}/events`, { ...body, name: 'X' }), 401);
  });

  it('gives a dance of another style its reason as data, the schema’s check and the server’s own alike', async () => {
    const params = { reason: 'danceNotOfStyle', dance: 'Rumba', style: 'Standard' };
    const body = { name: 'Odd Standard', style: 'Standard', level: 'Gold', dances: ['Waltz', 'Rumba'] };
    const created = await admin.post(`${base}/events`, body);
    expectErrorShape(created, 400, 'invalid');
    expect(created.body.error.details).toEqual([
      // The route's validator writes the index as text.
      { path: ['dances', '1'], message: 'Rumba is not a Standard dance', code: 'custom', params },
    ]);
    // Only the dances sent: the server checks them against the stored style itself.
    const key = (await admin.post(`${base}/events`, { ...body, dances: ['Waltz'] })).body.key as string;
    const patched = await admin.patch(`${base}/events/${key}`, { dances: ['Waltz', 'Rumba'] });
    expectErrorShape(patched, 400, 'invalid');
    expect(patched.body.error.details[0]).toMatchObject({ code: 'custom', params });
    expect(patched.body.error.details[0].path.map(String)).toEqual(['dances', '1']);
  });

  it('an Awards item is a schedule slot of its own at the end of the day', async () => {
    const res = await admin.post(`${base}/events`, {
      name: 'Awards Ceremony',
      style: 'Standard',
      level: 'Open',
      dances: ['Awards'],
    });
    expect(res.status).toBe(201);
    expect(res.body.rounds.map((r: { roundName: string }) => r.roundName)).toEqual(['Awards']);
    const sched = await admin.get(`${base}/schedule`);
    expect(sched.body.items.at(-1)).toMatchObject({ roundId: 'awards-ceremony-R1', kind: 'Awards' });
  });

  it('creates many events from a style × level grid with standard dance sets, skipping existing names', async () => {
    const res = await admin.post(`${base}/events/grid`, {
      cells: [
        { style: 'Latin', level: 'Bronze' },
        { style: 'Smooth', level: 'Silver' },
        { style: 'Standard', level: 'Novice' },
      ],
      suffix: 'Day 2',
    });
    expect(res.status).toBe(201);
    expect(res.body.created.map((e: { name: string; dances: string[] }) => [e.name, e.dances])).toEqual([
      ['Bronze Latin (C/R) Day 2', ['ChaCha', 'Rumba']],
      ['Silver Smooth (W/T/F) Day 2', ['Waltz', 'Tango', 'Foxtrot']],
      ['Novice Standard Day 2', ['Waltz', 'Tango', 'Viennese Waltz', 'Foxtrot', 'Quickstep']],
    ]);
    const again = await admin.post(`${base}/events/grid`, {
      cells: [{ style: 'Latin', level: 'Bronze' }],
      suffix: 'Day 2',
    });
    expect(again.body).toMatchObject({ created: [], skipped: ['Bronze Latin (C/R) Day 2'] });
  });

  it('edits an event with a version; the key follows the name; a stale edit gets the fresh event', async () => {
    const made = await admin.post(`${base}/events`, {
      name: 'Rename Me',
      style: 'Rhythm',
      level: 'Bronze',
      dances: ['ChaCha', 'Rumba'],
    });
    const v = made.body.version as number;
    const res = await admin.patch(`${base}/events/rename-me`, { name: 'Bronze Rhythm (C/R)', version: v });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'bronze-rhythm-c-r', name: 'Bronze Rhythm (C/R)' });
    const old = await admin.patch(`${base}/events/bronze-rhythm-c-r`, { level: 'Silver', version: v });
    expectErrorShape(old, 409, 'stale');
    expect(old.body.error.details.current.name).toBe('Bronze Rhythm (C/R)');
  });

  it('refuses to delete an event with marks unless confirmed, then archives it in the audit trail', async () => {
    const events = (await admin.get(`${base}/events`)).body as {
      key: string;
      rounds: { roundNumber: number }[];
    }[];
    const target = events.find((e) => e.rounds.length > 0) as { key: string };
    const round = await s.db
      .selectFrom('rounds')
      .innerJoin('events', 'events.id', 'rounds.event_id')
      .select(['rounds.id', 'rounds.competition_id'])
      .where('events.key', '=', target.key)
      .executeTakeFirstOrThrow();
    const judge = await s.db
      .selectFrom('officials')
      .select('id')
      .where('role', '=', 'Judge')
      .executeTakeFirstOrThrow();
    await insertMark(s.db, round, judge.id, 'Waltz', '[101]');
    const refused = await admin.del(`${base}/events/${target.key}`);
    expectErrorShape(refused, 409, 'has_marks');
    expect(refused.body.error.message).toContain('Confirm');

    const stream = readEvents(`${s.url}${base}/stream`, {
      until: (ev) => ev.some((e) => e.data.includes('"events"')),
    });
    await new Promise((r) => setTimeout(r, 200));
    const ok = await admin.del(`${base}/events/${target.key}?confirm=true`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ deleted: target.key, archived: true });
    expect((await stream).some((e) => e.data.includes('"events"'))).toBe(true);
    const [trail] = await auditTrail(s.db, 'event.delete', target.key);
    const archived = JSON.parse(trail!.before ?? '{}') as { marks: { value: string }[]; entries: unknown[] };
    expect(archived.marks.map((m) => m.value)).toEqual(['[101]']);
    expect(archived.entries.length).toBeGreaterThan(0);
    expect((await admin.get(`${base}/events`)).body.map((e: { key: string }) => e.key)).not.toContain(
      target.key,
    );
  });
});

describe('schedule', () => {
  it('reorders the whole running order in one command with a version, and estimates start times', async () => {
    // A day ahead of us: a first start time already past would put the estimates at "now".
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const firstStart = `${day}T09:00:00.000Z`;
    await admin.put(`${base}/settings/events`, {
      scheduleFirstStartTime: firstStart,
      schedulePerDanceSeconds: 120,
      scheduleTransitionSeconds: 60,
    });
    const first = (await admin.get(`${base}/schedule`)).body as {
      version: string;
      items: { roundId: string; scheduleIndex: number; estimatedStart: string | null; dances: string[] }[];
    };
    expect(first.items[0]?.estimatedStart).toBe(firstStart);
    const order = first.items.map((i) => i.roundId);
    const moved = [order[1], order[0], ...order.slice(2)] as string[];
    const res = await admin.put(`${base}/schedule`, { order: moved, version: first.version });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { roundId: string }) => i.roundId)).toEqual(moved);
    expect(res.body.items.map((i: { scheduleIndex: number }) => i.scheduleIndex)).toEqual(
      moved.map((_, i) => i + 1),
    );
    // The second item now starts after the first one's dances and the transition.
    const dances = (res.body.items[0] as { dances: string[] }).dances.length;
    expect(Date.parse(res.body.items[1].estimatedStart)).toBeGreaterThanOrEqual(
      Date.parse(firstStart) + (dances * 120 + 60) * 1000,
    );
    const stale = await admin.put(`${base}/schedule`, { order, version: first.version });
    expectErrorShape(stale, 409, 'stale');
    expect(stale.body.error.details.current.items.map((i: { roundId: string }) => i.roundId)).toEqual(moved);
    expectErrorShape(await anon().put(`${base}/schedule`, { order }), 401);
  });

  it('when a round really starts, the estimates after it move to follow the real start', async () => {
    const first = (await admin.get(`${base}/schedule`)).body as {
      items: {
        eventKey: string;
        roundNumber: number;
        kind: string;
        dances: string[];
        estimatedStart: string;
      }[];
    };
    const opener = first.items[0]!;
    const before = first.items[1]!.estimatedStart;
    const started = Date.now();
    const res = await admin.patch(`${base}/events/${opener.eventKey}/rounds/${opener.roundNumber}`, {
      roundState: 2,
    });
    expect(res.status).toBe(200);
    const after = (await admin.get(`${base}/schedule`)).body as typeof first;
    const realStart = Date.parse(after.items[0]!.estimatedStart);
    expect(Math.abs(realStart - started)).toBeLessThan(10_000);
    // The next round now follows the real start: its dances × 2 min + 1 min later.
    const expected = realStart + (opener.dances.length * 120 + 60) * 1000;
    expect(Date.parse(after.items[1]!.estimatedStart)).toBeGreaterThanOrEqual(expected);
    expect(after.items[1]!.estimatedStart).not.toBe(before);
  });
});
