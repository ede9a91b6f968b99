/**
 * Rounds on floors, on the real server. Each floor runs its own time line, so a dancer in two
 * events put on two floors at the same time is an overlap conflict; a round's floor is one of the
 * competition's floors, and a floor removed in Setup hands its rounds back to the first floor.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, useTestServer, type Client } from '../../test/harness.ts';
import { refusedUnchanged } from '../../test/kits/catalogue.ts';
import { scheduleKit } from '../../test/kits/schedule.ts';
import { signInCrew } from '../../test/kits/testFlow.ts';

const { admin, s } = useTestServer({ admin: true });
const API = '/api/v1/competitions/demo';
let deck: Client;

const { patchCompetition, eventWith, startDayAt } = scheduleKit(admin, API);

const onFloor = (eventKey: string, floor: string) =>
  admin.patch(`${API}/events/${eventKey}/rounds/1`, { floor });
const item = async (roundId: string) =>
  ((await admin.get(`${API}/schedule`)).body.items as any[]).find((i) => i.roundId === roundId);

let first: string;
let second: string;

beforeAll(async () => {
  ({ deck } = await signInCrew(s));
  await startDayAt('2036-11-28T09:00:00Z');
  expect((await patchCompetition({ floors: ['Ballroom', 'Studio B', 'Studio C'] })).status).toBe(200);
  first = await eventWith('Floors Rumba One', 'Bea Floors', 801);
  second = await eventWith('Floors Rumba Two', 'Bea Floors', 811);
});

describe('rounds on floors', () => {
  it('puts a round on a floor, where it runs on its own time line; the schedule lists the floors', async () => {
    const before = await item(`${first}-R1`);
    // Every round starts on the first floor, after the demo's rounds.
    expect(before.floor).toBe('Ballroom');
    expect(Date.parse(before.estimatedStart)).toBeGreaterThan(Date.parse('2036-11-28T09:00:00Z'));

    const moved = await onFloor(first, 'Studio B');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message).toMatch(/floor "Studio B"/);
    const after = await item(`${first}-R1`);
    // Alone on Studio B: it starts at the first start time, 2 minutes of Rumba.
    expect(after).toMatchObject({
      floor: 'Studio B',
      estimatedStart: '2036-11-28T09:00:00.000Z',
      estimatedEnd: '2036-11-28T09:02:00.000Z',
    });
    const schedule = (await admin.get(`${API}/schedule`)).body;
    expect(schedule.floors.map((f: any) => f.name)).toEqual(['Ballroom', 'Studio B', 'Studio C']);
    expect(schedule.floors[1]).toEqual({ name: 'Studio B', pace: 1, minutesLate: expect.any(Number) });
  });

  it('lists a dancer on two floors at once as an overlap, by how long both run', async () => {
    expect((await onFloor(first, 'Studio B')).status).toBe(200);
    expect((await onFloor(second, 'Studio C')).status).toBe(200);
    const { conflicts } = (await deck.get(`${API}/schedule/conflicts`)).body;
    expect(conflicts.filter((c: any) => c.personName === 'Bea Floors')).toEqual([
      { personName: 'Bea Floors', kind: 'overlap', rounds: [`${first}-R1`, `${second}-R1`], minutes: 2 },
    ]);
    // Back on one floor they follow each other: no overlap any more.
    expect((await onFloor(second, 'Studio B')).status).toBe(200);
    const later = (await deck.get(`${API}/schedule/conflicts`)).body.conflicts;
    expect(later.filter((c: any) => c.personName === 'Bea Floors' && c.kind === 'overlap')).toEqual([]);
  });

  it('refuses a floor the competition does not have, a blank or a number, and writes nothing', async () => {
    const url = `${API}/events/${first}/rounds/1`;
    const res = await refusedUnchanged(s.db, () => admin.patch(url, { floor: 'Studio Z' }), 400);
    expect(res.body.error.message).toMatch(/no floor "Studio Z".*"Ballroom", "Studio B", "Studio C"/);
    await refusedUnchanged(s.db, () => admin.patch(url, { floor: ' ' }), 400);
    await refusedUnchanged(s.db, () => admin.patch(url, { floor: 2 }), 400);
    await refusedUnchanged(s.db, () => admin.patch(url, { floor: 'x'.repeat(5_000) }), 400);
    expectErrorShape(await deck.patch(url, { floor: 'Ballroom' }), 403);
  });

  it('hands the rounds of a floor removed in Setup back to the first floor', async () => {
    expect((await onFloor(second, 'Studio C')).status).toBe(200);
    expect((await patchCompetition({ floors: ['Ballroom', 'Studio B'] })).status).toBe(200);
    expect((await item(`${second}-R1`)).floor).toBe('Ballroom');
    // Put back, the floor keeps its rounds: nothing was rewritten.
    expect((await patchCompetition({ floors: ['Ballroom', 'Studio B', 'Studio C'] })).status).toBe(200);
    expect((await item(`${second}-R1`)).floor).toBe('Studio C');
  });
});

describe('who a conflict names', () => {
  it("names a dancer linked to a competitor by the competitor's own name, whatever the entries say", async () => {
    const comp = (await admin.get(`${API}/competitors/3`)).body;
    const keys: string[] = [];
    for (const [i, floor] of (['Studio B', 'Studio C'] as const).entries()) {
      const made = await admin.post(`${API}/events`, {
        name: `Linked Samba ${i}`,
        style: 'Latin',
        level: 'Silver',
        dances: ['Samba'],
      });
      const key = made.body.key as string;
      keys.push(key);
      // Typed differently on each entry: the competitor is one person all the same.
      const e = await admin.post(`${API}/events/${key}/entries`, {
        leadName: i ? 'H. Okafor' : 'Henry O.',
        followName: `Linked Follow ${i}`,
        leadId: 3,
      });
      expect(e.status, JSON.stringify(e.body)).toBe(201);
      expect((await admin.post(`${API}/events/${key}/rounds/generate`, {})).status).toBe(200);
      expect((await onFloor(key, floor)).status).toBe(200);
    }
    // Both alone at the top of their floors: at the first start time, at once.
    expect((await admin.patch(`${API}/events/${keys[0]}/rounds/1`, { scheduleIndex: 0.001 })).status).toBe(
      200,
    );
    expect((await admin.patch(`${API}/events/${keys[1]}/rounds/1`, { scheduleIndex: 0.002 })).status).toBe(
      200,
    );
    const { conflicts } = (await deck.get(`${API}/schedule/conflicts`)).body;
    const linked = conflicts.filter((c: any) => c.rounds.includes(`${keys[0]}-R1`) && c.kind === 'overlap');
    expect(linked.map((c: any) => c.personName)).toContain(comp.name);
    expect(linked.map((c: any) => c.personName)).not.toContain('Henry O.');
  });
});
