import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, expectErrorShape, failWrites, useTestServer } from '../../test/harness.ts';
import { roundNames } from '../../../domain/rounds/index.ts';

const { s, admin, anon } = useTestServer({ admin: true });
const base = '/api/v1/competitions/demo';
let judgeId: number;
let competitionId: number;

interface RoundOut {
  roundNumber: number;
  roundName: string;
  roundState: number;
  scheduleIndex: number;
  recallSize: number;
  version: number;
  entries: { entryId: number; leadNumber: number }[];
}
interface EventOut {
  key: string;
  name: string;
  roundNaming: string;
  version: number;
  rounds: RoundOut[];
}

async function makeEvent(name: string, couples: number, roundNaming?: string): Promise<EventOut> {
  const res = await admin.post(`${base}/events`, {
    name,
    style: 'Latin',
    level: 'Gold',
    dances: ['Rumba', 'ChaCha'],
    ...(roundNaming ? { roundNaming } : {}),
  });
  expect(res.status).toBe(201);
  const ev = res.body as EventOut;
  await enterCouples(ev, 0, couples);
  return ev;
}

/** The id of the demo's event `key`. */
async function eventIdOf(key: string): Promise<number> {
  const { id } = await s.db
    .selectFrom('events')
    .select('id')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return id;
}

/** Couples `from` … `from + count - 1` of the event (numbers 800 + i). */
async function enterCouples(ev: EventOut, from: number, count: number) {
  const eventId = await eventIdOf(ev.key);
  for (let i = from; i < from + count; i++) {
    await s.db
      .insertInto('entries')
      .values({
        competition_id: competitionId,
        event_id: eventId,
        registration_id: null,
        lead_id: null,
        follow_id: null,
        lead_name: `${ev.name} Lead ${i}`,
        follow_name: `${ev.name} Follow ${i}`,
        affiliation: 'Other',
        lead_number: 800 + i,
        registered_time: new Date().toISOString(),
        checked_in: 0,
        scratched: 0,
        version: 1,
      })
      .execute();
  }
}

async function roundRow(eventKey: string, n: number) {
  return s.db
    .selectFrom('rounds')
    .innerJoin('events', 'events.id', 'rounds.event_id')
    .select(['rounds.id', 'rounds.round_name'])
    .where('events.key', '=', eventKey)
    .where('rounds.round_number', '=', n)
    .executeTakeFirstOrThrow();
}

/** A judge's mark and a saved result on round n, as the scoring screens will store them. */
async function markAndResult(eventKey: string, n: number, value: string) {
  const r = await roundRow(eventKey, n);
  const now = new Date().toISOString();
  // The columns a mark and its history row share.
  const submitted = {
    competition_id: competitionId,
    round_id: r.id,
    official_id: judgeId,
    dance: 'Rumba',
    value,
    version: 1,
    source: 'judge',
    submitted_by: 'test',
    submitted_at: now,
  } as const;
  const mark = await s.db
    .insertInto('marks')
    .values({ ...submitted, count_override: 0, idempotency_key: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await s.db
    .insertInto('mark_history')
    .values({ mark_id: mark.id, ...submitted })
    .execute();
  await s.db
    .insertInto('round_results')
    .values({
      round_id: r.id,
      competition_id: competitionId,
      kind: 'recall',
      placements: value,
      sum_recalls: null,
      final_table: null,
      recalled: null,
      tie_decision: null,
      computed_at: now,
      computed_by: 'test',
      posted_at: null,
      version: 1,
    })
    .execute();
}

/** Every round of the event (all its columns) with its marks, history and saved results, by round number. */
async function snapshot(eventKey: string) {
  const eventId = await eventIdOf(eventKey);
  const rows = await s.db
    .selectFrom('rounds')
    .leftJoin('marks', 'marks.round_id', 'rounds.id')
    .leftJoin('round_results', 'round_results.round_id', 'rounds.id')
    .selectAll('rounds')
    .select(['marks.value as mark', 'round_results.placements as result'])
    .where('rounds.event_id', '=', eventId)
    .orderBy('rounds.round_number')
    .orderBy('marks.id')
    .execute();
  const history = await s.db
    .selectFrom('mark_history')
    .innerJoin('rounds', 'rounds.id', 'mark_history.round_id')
    .select(['rounds.round_number', 'mark_history.value'])
    .where('rounds.event_id', '=', eventId)
    .orderBy('rounds.round_number')
    .orderBy('mark_history.id')
    .execute();
  const couples = await s.db
    .selectFrom('round_entries')
    .innerJoin('rounds', 'rounds.id', 'round_entries.round_id')
    .select(['rounds.round_number', (eb) => eb.fn.countAll<number>().as('n')])
    .where('rounds.event_id', '=', eventId)
    .groupBy('rounds.round_number')
    .orderBy('rounds.round_number')
    .execute();
  return { rows, history, couples };
}

beforeAll(async () => {
  const c = await s.db
    .selectFrom('competitions')
    .select('id')
    .where('key', '=', 'demo')
    .executeTakeFirstOrThrow();
  competitionId = c.id;
  const j = await s.db
    .selectFrom('officials')
    .select('id')
    .where('competition_id', '=', competitionId)
    .where('role', '=', 'Judge')
    .executeTakeFirstOrThrow();
  judgeId = j.id;
});

describe('rounds', () => {
  it('generates rounds from the entry count; the first round holds every couple', async () => {
    const ev = await makeEvent('Gen Test Latin', 20);
    const res = await admin.post(`${base}/events/${ev.key}/rounds/generate`, {});
    expect(res.status).toBe(200);
    const rounds = (res.body.event as EventOut).rounds;
    expect(rounds.map((r) => [r.roundName, r.recallSize])).toEqual([
      ['Quarter-Final', 14],
      ['Semi-Final', 7],
      ['Final', 0],
    ]);
    expect(rounds[0]?.entries).toHaveLength(20);
    // The new event's rounds go to the end of the day.
    const sched = await admin.get(`${base}/schedule`);
    const last = sched.body.items.slice(-3).map((i: { roundId: string }) => i.roundId);
    expect(last).toEqual([`${ev.key}-R1`, `${ev.key}-R2`, `${ev.key}-R3`]);
  });

  it('refuses to generate or clear rounds once a round has marks, and refuses anonymous users', async () => {
    const ev = await makeEvent('Marked Gen Latin', 10);
    await admin.post(`${base}/events/${ev.key}/rounds/generate`, {});
    await markAndResult(ev.key, 1, '[800]');
    expectErrorShape(await admin.post(`${base}/events/${ev.key}/rounds/generate`, {}), 409, 'has_marks');
    expectErrorShape(await admin.del(`${base}/events/${ev.key}/rounds`), 409, 'has_marks');
    expectErrorShape(await anon().post(`${base}/events/${ev.key}/rounds/generate`, {}), 401);
  });

  it('adds a round in the middle: later rounds renumber and rename, marks and results move with them', async () => {
    const ev = await makeEvent('Add Test Latin', 20);
    await admin.post(`${base}/events/${ev.key}/rounds/generate`, {});
    await markAndResult(ev.key, 1, '"QF"');
    await markAndResult(ev.key, 2, '"SF"');
    const before = await snapshot(ev.key);
    const qfIndex = before.rows[0]?.schedule_index as number;

    const res = await admin.post(`${base}/events/${ev.key}/rounds`, { after: 1 });
    expect(res.status).toBe(201);
    const after = await snapshot(ev.key);
    expect(after.rows.map((r) => [r.round_number, r.round_name, r.mark, r.result])).toEqual([
      [1, '1/8 Final', '"QF"', '"QF"'],
      [2, 'Quarter-Final', null, null],
      [3, 'Semi-Final', '"SF"', '"SF"'],
      [4, 'Final', null, null],
    ]);
    expect(after.rows[1]?.schedule_index).toBe(qfIndex + 0.5);
    expect(after.history.map((h) => [h.round_number, h.value])).toEqual([
      [1, '"QF"'],
      [3, '"SF"'],
    ]);
    expect(after.couples).toEqual([{ round_number: 1, n: 20 }]);
    expect(res.body.event.rounds.map((r: RoundOut) => r.roundName)).toEqual([
      '1/8 Final',
      'Quarter-Final',
      'Semi-Final',
      'Final',
    ]);
  });

  it('deletes a round: its couples go back, later marks and results move down, nothing else is lost', async () => {
    const ev = await makeEvent('Delete Test Latin', 20);
    await admin.post(`${base}/events/${ev.key}/rounds/generate`, {});
    await admin.post(`${base}/events/${ev.key}/rounds`, { after: 1 }); // 1/8, QF, SF, F
    await markAndResult(ev.key, 3, '"SF"');
    const res = await admin.del(`${base}/events/${ev.key}/rounds/2`);
    expect(res.status).toBe(200);
    const after = await snapshot(ev.key);
    expect(after.rows.map((r) => [r.round_number, r.round_name, r.mark, r.result])).toEqual([
      [1, 'Quarter-Final', null, null],
      [2, 'Semi-Final', '"SF"', '"SF"'],
      [3, 'Final', null, null],
    ]);
    expect(after.history.map((h) => [h.round_number, h.value])).toEqual([[2, '"SF"']]);
    expect(after.couples).toEqual([{ round_number: 1, n: 20 }]);
  });

  it('skips a round: it becomes Skipped and its couples move back to the previous round', async () => {
    const ev = await makeEvent('Skip Test Latin', 10);
    await admin.post(`${base}/events/${ev.key}/rounds/generate`, {}); // SF (10), F
    await admin.post(`${base}/events/${ev.key}/rounds`, { after: 0 }); // QF (new), SF (10), F
    await markAndResult(ev.key, 1, '"QF"');
    const res = await admin.post(`${base}/events/${ev.key}/rounds/2/skip`, {});
    expect(res.status).toBe(200);
    const rounds = res.body.event.rounds as RoundOut[];
    expect(rounds.map((r) => [r.roundName, r.roundState, r.entries.length])).toEqual([
      ['Quarter-Final', 0, 10],
      ['Semi-Final', 3, 0],
      ['Final', 0, 0],
    ]);
    const after = await snapshot(ev.key);
    expect(after.rows[0]?.mark).toBe('"QF"');
    expectErrorShape(await admin.post(`${base}/events/${ev.key}/rounds/3/skip`, {}), 409, 'invalid_position');
  });

  it('adding a round moves default recall sizes along and keeps one the organizer edited', async () => {
    const ev = await makeEvent('Recall Add Latin', 20);
    await admin.post(`${base}/events/${ev.key}/rounds/generate`, {}); // QF 14, SF 7, F
    const res = await admin.post(`${base}/events/${ev.key}/rounds`, { after: 1 });
    expect(res.status).toBe(201);
    // The 1/8 Final feeds the new Quarter-Final (cap 28), but only 20 couples are entered: it recalls
    // them all, and the Quarter-Final 14 to the Semi-Final.
    expect((res.body.event as EventOut).rounds.map((r) => [r.roundName, r.recallSize])).toEqual([
      ['1/8 Final', 20],
      ['Quarter-Final', 14],
      ['Semi-Final', 7],
      ['Final', 0],
    ]);
    expect(res.body.message).toMatch(/recall sizes round 1 14→20/);

    const edited = await makeEvent('Recall Edited Latin', 20);
    await admin.post(`${base}/events/${edited.key}/rounds/generate`, {});
    await admin.patch(`${base}/events/${edited.key}/rounds/1`, { recallSize: 12 });
    const kept = await admin.post(`${base}/events/${edited.key}/rounds`, { after: 1 });
    // The new round dances the 12 recalled, so it recalls no more than 12.
    expect((kept.body.event as EventOut).rounds.map((r) => r.recallSize)).toEqual([12, 12, 7, 0]);

    // Skipping the new Quarter-Final: the 1/8 Final feeds the Semi-Final (cap 14); restoring undoes it.
    const skip = await admin.post(`${base}/events/${ev.key}/rounds/2/skip`, {});
    expect((skip.body.event as EventOut).rounds.map((r) => r.recallSize)).toEqual([14, 14, 7, 0]);
    const restore = await admin.patch(`${base}/events/${ev.key}/rounds/2`, { roundState: 0 });
    expect(restore.status).toBe(200);
    expect(restore.body.message).toMatch(/1\/8 Final recall size 14→20/);
    expect((restore.body.event as EventOut).rounds.map((r) => [r.roundState, r.recallSize])).toEqual([
      [0, 20],
      [0, 14],
      [0, 7],
      [0, 0],
    ]);

    // Deleting the round again brings the default back.
    const del = await admin.del(`${base}/events/${ev.key}/rounds/2`);
    expect((del.body.event as EventOut).rounds.map((r) => [r.roundName, r.recallSize])).toEqual([
      ['Quarter-Final', 14],
      ['Semi-Final', 7],
      ['Final', 0],
    ]);
  });

  it('skipping the first round sends its couples forward into the next round; nobody is eliminated', async () => {
    const ev = await makeEvent('Skip First Latin', 20);
    await admin.post(`${base}/events/${ev.key}/rounds/generate`, {}); // QF (20), SF, F
    const res = await admin.post(`${base}/events/${ev.key}/rounds/1/skip`, {});
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(
      /nobody is eliminated: its couples go forward to round 2 \(Semi-Final\)/,
    );
    const rounds = res.body.event.rounds as RoundOut[];
    expect(rounds.map((r) => [r.roundName, r.roundState, r.entries.length])).toEqual([
      ['Quarter-Final', 3, 0],
      ['Semi-Final', 0, 20],
      ['Final', 0, 0],
    ]);
    const [audited] = await auditTrail(s.db, 'round.skip', ev.key);
    expect(audited?.after).toMatch(/go forward to round 2/);
  });

  it('a failure half-way through adding a round leaves the event exactly as it was', async () => {
    const ev = await makeEvent('Rollback Add Latin', 20);
    await admin.post(`${base}/events/${ev.key}/rounds/generate`, {});
    await markAndResult(ev.key, 2, '"SF"');
    const before = await snapshot(ev.key);
    // The new round is inserted after the others were renumbered: make that second step fail.
    const restore = await failWrites(
      s.db,
      'fail_add',
      'rounds',
      'BEFORE INSERT',
      "NEW.round_name = 'Boom'",
      'disk full',
    );
    try {
      const res = await admin.post(`${base}/events/${ev.key}/rounds`, { after: 1, name: 'Boom' });
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await snapshot(ev.key)).toEqual(before);
  });

  it('a failure half-way through deleting or skipping a round leaves the event as it was', async () => {
    const ev = await makeEvent('Rollback Del Latin', 20);
    await admin.post(`${base}/events/${ev.key}/rounds/generate`, {});
    await admin.post(`${base}/events/${ev.key}/rounds`, { after: 0 }); // new R1, QF(20) R2, SF R3, F R4
    await markAndResult(ev.key, 3, '"SF"');
    const before = await snapshot(ev.key);
    // Deleting moves couples and deletes the round, then renumbers: fail on the renumbering.
    const restoreRenumber = await failWrites(
      s.db,
      'fail_renumber',
      'rounds',
      'BEFORE UPDATE OF round_number',
      'NEW.round_number > 0',
      'power cut',
    );
    // Skipping moves couples into the previous round, then deletes them from the skipped one: fail there.
    const restoreMove = await failWrites(
      s.db,
      'fail_move',
      'round_entries',
      'BEFORE DELETE',
      null,
      'power cut',
    );
    try {
      expect((await admin.del(`${base}/events/${ev.key}/rounds/2`)).status).toBe(500);
      expect((await admin.post(`${base}/events/${ev.key}/rounds/2/skip`, {})).status).toBe(500);
    } finally {
      await restoreRenumber();
      await restoreMove();
    }
    expect(await snapshot(ev.key)).toEqual(before);
  });

  it('patches a round with versions: recall 0 → 1, state moves by the rules, stale writes refused', async () => {
    const ev = await makeEvent('Patch Test Latin', 10);
    const gen = await admin.post(`${base}/events/${ev.key}/rounds/generate`, {});
    const sf = (gen.body.event as EventOut).rounds[0] as RoundOut;
    const ok = await admin.patch(`${base}/events/${ev.key}/rounds/1`, {
      recallSize: 0,
      roundStartTime: '2026-11-21T14:30:00+01:00',
      version: sf.version,
    });
    expect(ok.status).toBe(200);
    const r1 = (ok.body.event as EventOut).rounds[0] as RoundOut & { roundStartTime: string };
    expect(r1.recallSize).toBe(1);
    expect(r1.roundStartTime).toBe('2026-11-21T13:30:00.000Z');
    const old = await admin.patch(`${base}/events/${ev.key}/rounds/1`, {
      recallSize: 5,
      version: sf.version,
    });
    expectErrorShape(old, 409, 'stale');
    expect(old.body.error.details.current.recallSize).toBe(1);
    expectErrorShape(await admin.patch(`${base}/events/${ev.key}/rounds/1`, { roundState: 5 }), 409);
    expect((await admin.patch(`${base}/events/${ev.key}/rounds/1`, { roundState: 2 })).status).toBe(200);
    const started = await s.db
      .selectFrom('rounds')
      .select('started_at')
      .where('id', '=', (await roundRow(ev.key, 1)).id)
      .executeTakeFirstOrThrow();
    expect(started.started_at).not.toBeNull();
    expectErrorShape(await admin.patch(`${base}/events/${ev.key}/rounds/2`, { recallSize: 3 }), 400);
  });
});

/** The running order as the schedule shows it: event, round name and index, first danced first. */
async function runningOrder(): Promise<string[]> {
  const res = await admin.get(`${base}/schedule`);
  expect(res.status).toBe(200);
  return (res.body as { items: { eventKey: string; roundName: string; scheduleIndex: number }[] }).items.map(
    (i) => `${i.eventKey} ${i.roundName} @${i.scheduleIndex}`,
  );
}

describe("generating again keeps the organizer's running order", () => {
  it('the final stays where the organizer put it; a new early round goes just before the semi-final', async () => {
    const ev = await makeEvent('Keep Order Latin', 10);
    const other = await makeEvent('Keep Order Other', 5);
    await admin.post(`${base}/events/${ev.key}/rounds/generate`, {}); // SF, F at the end of the day
    await admin.post(`${base}/events/${other.key}/rounds/generate`, {}); // F after them
    // The organizer dances the other event's final between this semi-final and final.
    const indexes = (await runningOrder()).map((o) => Number(o.split('@')[1]));
    const moved = await admin.patch(`${base}/events/${ev.key}/rounds/2`, {
      scheduleIndex: Math.max(...indexes) + 1,
    });
    expect(moved.status).toBe(200);
    const before = await runningOrder();
    expect(before.slice(-3).map((o) => o.split(' @')[0])).toEqual([
      `${ev.key} Semi-Final`,
      `${other.key} Final`,
      `${ev.key} Final`,
    ]);

    // Generating again with the same couples changes nothing in the running order.
    expect((await admin.post(`${base}/events/${ev.key}/rounds/generate`, {})).status).toBe(200);
    expect(await runningOrder()).toEqual(before);

    // Ten more couples: a quarter-final joins just before the semi-final; nothing else moves.
    await enterCouples(ev, 10, 10);
    const gen = await admin.post(`${base}/events/${ev.key}/rounds/generate`, {});
    expect((gen.body.event as EventOut).rounds.map((r) => r.roundName)).toEqual([
      'Quarter-Final',
      'Semi-Final',
      'Final',
    ]);
    const after = await runningOrder();
    const qf = after.findIndex((o) => o.startsWith(`${ev.key} Quarter-Final`));
    expect(after[qf + 1]).toBe(before.find((o) => o.startsWith(`${ev.key} Semi-Final`)));
    expect(after.filter((_, i) => i !== qf)).toEqual(before);
  });
});

describe('round names (1/8 Final … by default, 1st Round … when an event chooses it)', () => {
  it('a new event names its early rounds 1/16 Final, 1/8 Final; choosing 1st Round … renames them', async () => {
    const ev = await makeEvent('Names Latin', 45);
    expect(ev.roundNaming).toBe('fraction');
    const gen = await admin.post(`${base}/events/${ev.key}/rounds/generate`, {});
    expect((gen.body.event as EventOut).rounds.map((r) => r.roundName)).toEqual([
      '1/16 Final',
      '1/8 Final',
      'Quarter-Final',
      'Semi-Final',
      'Final',
    ]);
    // A name the organizer typed is theirs and stays.
    await admin.patch(`${base}/events/${ev.key}/rounds/2`, { roundName: 'Second chance' });

    const chosen = await admin.patch(`${base}/events/${ev.key}`, { roundNaming: 'ordinal' });
    expect(chosen.status).toBe(200);
    expect((chosen.body as EventOut).roundNaming).toBe('ordinal');
    expect((chosen.body as EventOut).rounds.map((r) => r.roundName)).toEqual([
      '1st Round',
      'Second chance',
      'Quarter-Final',
      'Semi-Final',
      'Final',
    ]);
    // Rounds added later follow the event's naming.
    const added = await admin.post(`${base}/events/${ev.key}/rounds`, { after: 1 });
    expect((added.body.event as EventOut).rounds.map((r) => r.roundName)).toEqual([
      '1st Round',
      '2nd Round',
      'Second chance',
      'Quarter-Final',
      'Semi-Final',
      'Final',
    ]);

    // An event made with 1st Round … generates its rounds so (names as the domain's unit tests list).
    const ordinal = await makeEvent('Ordinal Latin', 70, 'ordinal');
    expect(ordinal.roundNaming).toBe('ordinal');
    const gen2 = await admin.post(`${base}/events/${ordinal.key}/rounds/generate`, {});
    expect((gen2.body.event as EventOut).rounds.map((r) => r.roundName)).toEqual(roundNames(6, 'ordinal'));
    expectErrorShape(await admin.patch(`${base}/events/${ev.key}`, { roundNaming: 'roman' }), 400);
  });
});

describe('running order settings', () => {
  it('with reorderAfterAddRemoveRound, adding or deleting a round renumbers the whole schedule 1, 2, 3 …', async () => {
    const ev = await makeEvent('Reorder Test Latin', 20);
    await admin.post(`${base}/events/${ev.key}/rounds/generate`, {});
    const settings = await admin.get(`${base}/settings/events`);
    await admin.put(`${base}/settings/events`, {
      reorderAfterAddRemoveRound: true,
      version: settings.body.version,
    });
    try {
      expect((await admin.post(`${base}/events/${ev.key}/rounds`, { after: 1 })).status).toBe(201);
      const sched = (await admin.get(`${base}/schedule`)).body as {
        items: { roundId: string; scheduleIndex: number }[];
      };
      expect(sched.items.map((i) => i.scheduleIndex)).toEqual(sched.items.map((_, i) => i + 1));
      const mine = sched.items.filter((i) => i.roundId.startsWith(`${ev.key}-`)).map((i) => i.roundId);
      expect(mine).toEqual([1, 2, 3, 4].map((n) => `${ev.key}-R${n}`));
      expect((await admin.del(`${base}/events/${ev.key}/rounds/2`)).status).toBe(200);
      const after = (await admin.get(`${base}/schedule`)).body as { items: { scheduleIndex: number }[] };
      expect(after.items.map((i) => i.scheduleIndex)).toEqual(after.items.map((_, i) => i + 1));
      // Generating again with more couples: the new round takes a slot, then the day is renumbered.
      await enterCouples(ev, 20, 10);
      expect((await admin.post(`${base}/events/${ev.key}/rounds/generate`, {})).status).toBe(200);
      const regenerated = (await runningOrder()).map((o) => Number(o.split('@')[1]));
      expect(regenerated).toEqual(regenerated.map((_, i) => i + 1));
    } finally {
      const now = await admin.get(`${base}/settings/events`);
      await admin.put(`${base}/settings/events`, {
        reorderAfterAddRemoveRound: false,
        version: now.body.version,
      });
    }
  });
});
