/**
 * "Suggest a schedule" on the real server: POST …/schedule/suggest proposes a floor and
 * order that takes a dancer out of two places at once and changes nothing; PUT …/schedule with the
 * suggestion's order, floors and version applies it, once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectErrorShape, useTestServer } from '../../test/harness.ts';
import { scheduleKit } from '../../test/kits/schedule.ts';
import { signInCrew, type Judge } from '../../test/kits/testFlow.ts';

const { admin, anon, s } = useTestServer({ admin: true });
const API = '/api/v1/competitions/demo';
let judges: Judge[];

const { patchCompetition, eventWith, startDayAt } = scheduleKit(admin, API);

const overlapsOf = async (name: string) =>
  ((await admin.get(`${API}/schedule/conflicts`)).body.conflicts as any[]).filter(
    (c) => c.personName === name && c.kind === 'overlap',
  );

let first: string;
let second: string;

beforeAll(async () => {
  ({ judges } = await signInCrew(s));
  await startDayAt('2036-11-28T09:00:00Z');
  expect((await patchCompetition({ floors: ['Main floor', 'Side'] })).status).toBe(200);
  first = await eventWith('Suggest Rumba One', 'Cy Suggest', 901);
  second = await eventWith('Suggest Rumba Two', 'Cy Suggest', 911);
  // Cy's two events at 9:00, one on each floor: the first put at the head of the day on the main
  // floor, the second alone on the side floor.
  expect((await admin.patch(`${API}/events/${second}/rounds/1`, { floor: 'Side' })).status).toBe(200);
  const { version, items } = (await admin.get(`${API}/schedule`)).body;
  const order = [
    `${first}-R1`,
    ...items.map((i: any) => i.roundId).filter((id: string) => id !== `${first}-R1`),
  ];
  expect((await admin.put(`${API}/schedule`, { order, version })).status).toBe(200);
});

describe('POST …/schedule/suggest', () => {
  it('proposes a schedule without the overlap, changing nothing', async () => {
    expect(await overlapsOf('Cy Suggest')).toHaveLength(1);
    const before = (await admin.get(`${API}/schedule`)).body;
    const conflicts = (await admin.get(`${API}/schedule/conflicts`)).body.conflicts;

    const res = await admin.post(`${API}/schedule/suggest`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const suggestion = res.body;
    expect(suggestion.version).toBe(before.version);
    // The search stops at its own time budget; a search that ran on would take minutes. The figure on
    // a large competition is `npm run bench -- suggest`.
    expect(suggestion.elapsedMs).toBeLessThan(20_000);
    // Counted as GET …/schedule/conflicts counts them.
    expect(suggestion.conflictsBefore).toBe(conflicts.length);
    expect(suggestion.conflictsAfter).toBeLessThan(suggestion.conflictsBefore);
    expect(suggestion.overlapsAfter).toBe(0);
    expect(suggestion.rounds).toHaveLength(before.items.length);
    const a = suggestion.rounds.find((r: any) => r.roundId === `${first}-R1`);
    const b = suggestion.rounds.find((r: any) => r.roundId === `${second}-R1`);
    expect(a.before).toMatchObject({ floor: 'Main floor', scheduleIndex: 1 });
    expect(b.before).toMatchObject({ floor: 'Side' });
    // Not at once any more.
    expect(
      Date.parse(a.estimatedEnd) <= Date.parse(b.estimatedStart) ||
        Date.parse(b.estimatedEnd) <= Date.parse(a.estimatedStart),
    ).toBe(true);

    // Nothing changed.
    const after = (await admin.get(`${API}/schedule`)).body;
    expect(after.version).toBe(before.version);
    expect(after.items).toEqual(before.items);
  });

  it('is applied with PUT …/schedule (order, floors, version) once; a stale version is refused', async () => {
    const suggestion = (await admin.post(`${API}/schedule/suggest`, { budgetMs: 800 })).body;
    const order = [...suggestion.rounds]
      .sort((x: any, y: any) => x.scheduleIndex - y.scheduleIndex)
      .map((r: any) => r.roundId);
    const floors = Object.fromEntries(
      suggestion.rounds.filter((r: any) => r.floor !== r.before.floor).map((r: any) => [r.roundId, r.floor]),
    );
    const put = await admin.put(`${API}/schedule`, { order, floors, version: suggestion.version });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await overlapsOf('Cy Suggest')).toEqual([]);
    const now = (await admin.get(`${API}/schedule/conflicts`)).body.conflicts;
    expect(now).toHaveLength(suggestion.conflictsAfter);
    const items = (await admin.get(`${API}/schedule`)).body.items as any[];
    for (const r of suggestion.rounds)
      expect(items.find((i) => i.roundId === r.roundId)?.floor).toBe(r.floor);

    // The same suggestion again: the schedule moved on since.
    const again = await admin.put(`${API}/schedule`, { order, floors, version: suggestion.version });
    expectErrorShape(again, 409);
  });

  it('refuses an unknown floor or round in `floors`, changing nothing', async () => {
    const { version, items } = (await admin.get(`${API}/schedule`)).body;
    const order = items.map((i: any) => i.roundId);
    for (const floors of [{ [`${first}-R1`]: 'Ballroom 9' }, { 'no-such-R1': 'Side' }]) {
      expectErrorShape(await admin.put(`${API}/schedule`, { order, floors, version }), 400);
    }
    expect((await admin.get(`${API}/schedule`)).body.version).toBe(version);
  });

  it('sets waiting time before rounds with PUT …/schedule `waits`: the times move, bad ones are refused', async () => {
    const { version, items } = (await admin.get(`${API}/schedule`)).body;
    const order = items.map((i: any) => i.roundId);
    const target = items.find((i: any) => i.kind === 'round' && i.roundState === 0 && i.scheduleIndex > 1);
    expect(target.waitMinutes).toBe(0);
    for (const waits of [
      { [target.roundId]: -1 },
      { [target.roundId]: 241 },
      { [target.roundId]: 2.5 },
      { [target.roundId]: 'four' },
      { 'no-such-R1': 4 },
    ])
      expectErrorShape(await admin.put(`${API}/schedule`, { order, waits, version }), 400);
    expect((await admin.get(`${API}/schedule`)).body.version).toBe(version);

    const put = await admin.put(`${API}/schedule`, { order, waits: { [target.roundId]: 4 }, version });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = put.body.items.find((i: any) => i.roundId === target.roundId);
    expect(after.waitMinutes).toBe(4);
    expect(Date.parse(after.estimatedStart) - Date.parse(target.estimatedStart)).toBe(4 * 60_000);
    // Suggest starts from it, and says what each round's wait is and was.
    const suggestion = (await admin.post(`${API}/schedule/suggest`, { budgetMs: 50 })).body;
    const suggested = suggestion.rounds.find((r: any) => r.roundId === target.roundId);
    expect(suggested.before.waitMinutes).toBe(4);
    expect(typeof suggested.waitMinutes).toBe('number');

    const back = await admin.put(`${API}/schedule`, {
      order,
      waits: { [target.roundId]: 0 },
      version: put.body.version,
    });
    expect(back.status).toBe(200);
    expect(back.body.items.find((i: any) => i.roundId === target.roundId).waitMinutes).toBe(0);
  });

  it('lets other requests through while it searches', async () => {
    const done: string[] = [];
    const suggesting = admin
      .post(`${API}/schedule/suggest`, { budgetMs: 1500 })
      .then(() => done.push('suggest'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await anon()
      .get(`${API}/schedule`)
      .then(() => done.push('schedule'));
    await suggesting;
    expect(done).toEqual(['schedule', 'suggest']);
  });

  it('is for the organizer: not a judge, not the public', async () => {
    expectErrorShape(await judges[0]!.client.post(`${API}/schedule/suggest`, {}), 403);
    expectErrorShape(await anon().post(`${API}/schedule/suggest`, {}), 401);
    expectErrorShape(await admin.post(`${API}/schedule/suggest`, { budgetMs: 60_000 }), 400);
  });
});
