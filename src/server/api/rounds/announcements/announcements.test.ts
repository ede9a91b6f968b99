import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { roundPath, useCrew, useTwoRoundEvents, type EventInfo } from '../../../test/kits/testFlow.ts';
import type { Announcements } from '../../../../domain/schemas/announcements.ts';

const { s, admin, anon } = useTestServer({ admin: true });
const { judges, scrutineer } = useCrew(s);
const events = useTwoRoundEvents(admin);
const announcements = async () =>
  (await anon().get('/api/v1/competitions/demo/announcements')).body as Announcements;

/** Every judge marks the first couples in every dance (recall) or places them in order (final); computed. */
async function markAndCompute(ev: EventInfo, roundNumber: number, kind: 'recall' | 'final') {
  const path = roundPath(ev.key, roundNumber);
  const marks = (await scrutineer.get(`${path}/marks`)).body as {
    round: { couples: string[]; marksPerDance: number | null };
  };
  const couples = marks.round.couples;
  for (const j of judges) {
    const value =
      kind === 'recall'
        ? couples.slice(0, marks.round.marksPerDance ?? 0)
        : Object.fromEntries(couples.map((c, i) => [c, i + 1]));
    const body = Object.fromEntries(ev.dances.map((d) => [d, value]));
    const res = await j.client.put(`${path}/marks/${j.id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  expect((await scrutineer.post(`${path}/results`, {})).status).toBe(200);
  return { path, couples };
}

describe('announcements (the MC)', () => {
  it('lists posted rounds only, in posting order, with names; recalls say where the couples go', async () => {
    expect((await anon().get('/api/v1/competitions/nope/announcements')).status).toBe(404);
    const ev = events[0]!;
    const before = (await announcements()).items.length;

    await scrutineer.post(`${roundPath(ev.key, 1)}/start`, {});
    const semi = await markAndCompute(ev, 1, 'recall');
    // Computed but not posted: nothing for the public to hear yet.
    expect((await announcements()).items).toHaveLength(before);
    expect((await scrutineer.post(`${semi.path}/post`, {})).status).toBe(200);

    let items = (await announcements()).items;
    expect(items).toHaveLength(before + 1);
    const recall = items.at(-1)!;
    expect(recall).toMatchObject({
      eventKey: ev.key,
      roundNumber: 1,
      kind: 'recall',
      nextRoundName: 'Final',
    });
    expect(recall.couples.length).toBeGreaterThan(0);
    expect(recall.couples[0]!.leadName).not.toBe('');
    expect(recall.couples.every((c) => c.place === null)).toBe(true);

    expect((await scrutineer.post(`${roundPath(ev.key, 2)}/start`, {})).status).toBe(200);
    const final = await markAndCompute(ev, 2, 'final');
    expect((await scrutineer.post(`${final.path}/post`, {})).status).toBe(200);
    items = (await announcements()).items;
    const placed = items.at(-1)!;
    // Posting order: the semi before the final.
    expect(items.at(-2)!.id).toBe(recall.id);
    expect(placed).toMatchObject({ kind: 'final', roundName: 'Final', nextRoundName: null });
    // Everyone placed the couples in the same order: the first couple wins.
    const winner = placed.couples.find((c) => c.place === 1)!;
    expect(winner.coupleNumber).toBe(final.couples[0]);
    expect(placed.couples).toHaveLength(final.couples.length);

    // Un-posting withdraws the announcement.
    const un = await scrutineer.post(`${final.path}/unpost`, { reason: 'Judge B swapped two couples' });
    expect(un.status).toBe(200);
    expect((await announcements()).items.map((i) => i.id)).not.toContain(placed.id);
  });
});
