/**
 * GET …/schedule/conflicts on the real server: a dancer entered in two events whose rounds
 * follow each other with less rest than the competition's minimum is listed, with who, which rounds
 * and by how much; the competition's minimum rest and floors are checked on the way in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, useTestServer, type Client } from '../../test/harness.ts';
import { scheduleKit } from '../../test/kits/schedule.ts';
import { signInCrew, type Judge } from '../../test/kits/testFlow.ts';

const { admin, anon, s } = useTestServer({ admin: true });
const API = '/api/v1/competitions/demo';
let deck: Client;
let judges: Judge[];

const { patchCompetition, eventWith, startDayAt } = scheduleKit(admin, API, 2);

beforeAll(async () => {
  ({ deck, judges } = await signInCrew(s));
});

describe('GET …/schedule/conflicts', () => {
  it('lists a dancer with too little rest between two events, by how much; none with a minimum of 0', async () => {
    await startDayAt('2036-11-28T09:00:00Z');
    const first = await eventWith('Conflict Rumba One', 'Ana Conflict', 701);
    const second = await eventWith('Conflict Rumba Two', 'Ana Conflict', 711);
    expect((await patchCompetition({ minRestMinutes: 30 })).status).toBe(200);

    const res = await deck.get(`${API}/schedule/conflicts`);
    expect(res.status).toBe(200);
    expect(res.body.minRestMinutes).toBe(30);
    const ana = res.body.conflicts.filter((c: any) => c.personName === 'Ana Conflict');
    // The two finals follow each other with the minute's transition between them: 29 minutes short.
    expect(ana).toEqual([
      { personName: 'Ana Conflict', kind: 'rest', rounds: [`${first}-R1`, `${second}-R1`], minutes: 29 },
    ]);

    expect((await patchCompetition({ minRestMinutes: 0 })).status).toBe(200);
    const none = (await deck.get(`${API}/schedule/conflicts`)).body.conflicts;
    expect(none.filter((c: any) => c.personName === 'Ana Conflict')).toEqual([]);
  });

  it('counts the same conflicts as Suggest when the day has no first start time', async () => {
    await startDayAt(null);
    const first = await eventWith('Untimed Rumba One', 'Ben Untimed', 801);
    const second = await eventWith('Untimed Rumba Two', 'Ben Untimed', 811);
    expect((await patchCompetition({ minRestMinutes: 30 })).status).toBe(200);

    // Rest between rounds does not depend on the clock: both time the day from now.
    const listed = (await admin.get(`${API}/schedule/conflicts`)).body.conflicts;
    expect(listed.filter((c: any) => c.personName === 'Ben Untimed')).toEqual([
      { personName: 'Ben Untimed', kind: 'rest', rounds: [`${first}-R1`, `${second}-R1`], minutes: 29 },
    ]);
    const suggestion = await admin.post(`${API}/schedule/suggest`, { budgetMs: 50 });
    expect(suggestion.status).toBe(200);
    expect(suggestion.body.conflictsBefore).toBe(listed.length);
  });

  it("is for the floor's staff: not the public, not a judge", async () => {
    expectErrorShape(await anon().get(`${API}/schedule/conflicts`), 401);
    expectErrorShape(await judges[0]!.client.get(`${API}/schedule/conflicts`), 403);
  });
});

describe('minimum rest and floors', () => {
  it('are read back with the competition (one floor by default) and refused when wrong', async () => {
    expect((await admin.get(API)).body).toMatchObject({ floors: ['Main floor'] });
    for (const bad of [
      { minRestMinutes: -1 },
      { minRestMinutes: 'thirty' },
      { minRestMinutes: 12.5 },
      { minRestMinutes: 241 },
      { floors: [] },
      { floors: ['Ballroom', 'ballroom'] },
      { floors: [' '] },
      { floors: ['x'.repeat(41)] },
      { floors: Array.from({ length: 9 }, (_, i) => `Floor ${i}`) },
    ]) {
      const res = await patchCompetition(bad);
      expectErrorShape(res, 400);
    }
    expect((await patchCompetition({ floors: ['Ballroom', 'Studio B'] })).status).toBe(200);
    expect((await admin.get(API)).body.floors).toEqual(['Ballroom', 'Studio B']);
  });
});
