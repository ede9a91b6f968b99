/**
 * The running order as officials and spectators read it: the couples each round expects
 * before it starts, and times that follow the running order once the day is under way.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, type Client } from '../../test/harness.ts';
import { roundPath, signInCrew, type EventInfo } from '../../test/kits/testFlow.ts';
import type { ScheduleItem } from '../../../domain/schemas/events.ts';

const { s, admin, anon } = useTestServer({ admin: true });
const API = '/api/v1/competitions/demo';
let scrutineer: Client;

beforeAll(async () => {
  ({ scrutineer } = await signInCrew(s));
});

const schedule = async () => (await anon().get(`${API}/schedule`)).body.items as ScheduleItem[];
const eventsWithRounds = async (n: number) =>
  ((await admin.get(`${API}/events`)).body as EventInfo[]).filter(
    (e) => e.rounds.length === n && e.entries.some((x) => !x.scratched),
  );

describe('GET schedule', () => {
  it('shows the couples a round expects before it starts: the entries, then the recall before it', async () => {
    const [event] = await eventsWithRounds(3);
    expect(event, 'the demo has an event with a quarter-final').toBeDefined();
    const entered = event!.entries.filter((e) => !e.scratched).length;
    const [qf, sf] = [...event!.rounds].sort((a, b) => a.roundNumber - b.roundNumber);
    const mine = (await schedule())
      .filter((i) => i.eventKey === event!.key)
      .sort((a, b) => a.roundNumber - b.roundNumber);
    expect(mine.map((i) => [i.couples, i.expectedCouples, i.expectedFrom])).toEqual([
      [0, entered, 'entries'],
      [0, Math.min(qf!.recallSize, entered), 'recall'],
      [0, Math.min(sf!.recallSize, qf!.recallSize, entered), 'recall'],
    ]);
    // No round of an event with couples reads "0" any more.
    for (const i of (await schedule()).filter((x) => x.kind === 'round')) {
      expect(i.expectedCouples, i.roundId).toBeGreaterThan(0);
    }
  });

  it('once a round has started, every round still to come has a time, in running order, not in the past', async () => {
    const before = await schedule();
    // The demo sets no first start time: nothing can be estimated yet.
    expect(before.every((i) => i.estimatedStart === null)).toBe(true);
    // A round in the middle of the day starts (the deck captain picked it out of turn).
    const firsts = before.filter((i) => i.kind === 'round' && i.roundNumber === 1);
    const middle = firsts[Math.floor(firsts.length / 2)]!;
    expect(
      (await scrutineer.post(`${roundPath(middle.eventKey, middle.roundNumber)}/start`, {})).status,
    ).toBe(200);
    const now = Date.now();
    const after = await schedule();
    const started = after.find((i) => i.roundId === middle.roundId)!;
    expect(started.startedAt).not.toBeNull();
    const toCome = after.filter((i) => i.startedAt === null && i.roundState !== 3);
    expect(toCome.length).toBeGreaterThan(10);
    const starts = toCome.map((i) => Date.parse(i.estimatedStart ?? 'TBA'));
    for (const [k, t] of starts.entries()) {
      expect(t, `${toCome[k]!.roundId} has a time`).not.toBeNaN();
      // Not before now (a second of slack for the clock between the read and here).
      expect(t, `${toCome[k]!.roundId} is not in the past`).toBeGreaterThanOrEqual(now - 1000);
    }
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // Rounds listed before the started one come after it ends: the floor is busy until then.
    expect(Date.parse(toCome[0]!.estimatedStart!)).toBeGreaterThan(Date.parse(started.estimatedEnd!));
  });
});
