import { createHash } from 'node:crypto';
import type { Db } from '../../http/db.ts';
import { roundId, RoundState } from '../../../domain/rounds/index.ts';
import {
  conflictTiming,
  estimateAsIso,
  estimateScheduleTimes,
  expectedCouples,
  learnedPace,
  resolveFloor,
  nowAndNext,
  type ScheduledRound,
} from '../../../domain/schedule.ts';
import type { RunningOrderRound } from '../../../domain/scheduleFixedPoints.ts';
import { isScheduleItem, type Schedule, type ScheduleItem } from '../../../domain/schemas/events.ts';
import { fromJson } from '../../http/json.ts';
import { readEventSettings } from '../settings/queries.ts';
import { entriesWithEvent, roundEntriesWithRound, roundsWithEvent } from '../joins.ts';

/**
 * The whole running order with estimated times (public: the live view shows it). `forConflicts`: timed
 * as conflicts are counted (`conflictTiming`: from now when there is no first start time).
 */
export async function readSchedule(
  db: Db,
  competitionId: number,
  now = new Date(),
  opts: { forConflicts?: boolean } = {},
): Promise<Schedule> {
  return (await readScheduleDay(db, competitionId, now, opts)).schedule;
}

/**
 * The running order as `readSchedule` answers it, and its rounds as domain data (times in epoch
 * milliseconds) for the code that computes with them.
 */
export async function readScheduleDay(
  db: Db,
  competitionId: number,
  now = new Date(),
  opts: { forConflicts?: boolean } = {},
): Promise<{ schedule: Schedule; rounds: RunningOrderRound[] }> {
  const [settings, competition, rows, couples, entered, starRows] = await Promise.all([
    readEventSettings(db, competitionId),
    db.selectFrom('competitions').select('floors').where('id', '=', competitionId).executeTakeFirst(),
    roundsWithEvent(db)
      .select([
        'rounds.id',
        'rounds.round_number',
        'rounds.round_name',
        'rounds.round_type',
        'rounds.schedule_index',
        'rounds.round_start_time',
        'rounds.round_state',
        'rounds.recall_size',
        'rounds.heat_size',
        'rounds.started_at',
        'rounds.ended_at',
        'rounds.version',
        'rounds.floor',
        'rounds.wait_minutes',
        'events.key as event_key',
        'events.name as event_name',
        'events.style',
        'events.level',
        'events.dances',
      ])
      .where('rounds.competition_id', '=', competitionId)
      .orderBy('rounds.schedule_index')
      .orderBy('events.sort_order')
      .orderBy('events.id')
      .orderBy('rounds.round_number')
      .execute(),
    roundEntriesWithRound(db)
      .select([
        'round_entries.round_id',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.max('round_entries.heat').as('heats'),
      ])
      .where('rounds.competition_id', '=', competitionId)
      .groupBy('round_entries.round_id')
      .execute(),
    entriesWithEvent(db)
      .select(['events.key as event_key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('events.competition_id', '=', competitionId)
      .where('entries.scratched', '=', 0)
      // Star couples join later and couples out do not dance: not in a first round.
      .where('entries.joins_round', 'is', null)
      .where('entries.withdrawal', 'is', null)
      .groupBy('events.key')
      .execute(),
    entriesWithEvent(db)
      .select(['events.key as event_key', 'entries.joins_round', (eb) => eb.fn.countAll<number>().as('n')])
      .where('events.competition_id', '=', competitionId)
      .where('entries.scratched', '=', 0)
      .where('entries.joins_round', 'is not', null)
      .where('entries.withdrawal', 'is', null)
      .groupBy(['events.key', 'entries.joins_round'])
      .execute(),
  ]);
  const starsAt = new Map(starRows.map((s) => [`${s.event_key}/${s.joins_round}`, Number(s.n)]));
  const countBy = new Map(couples.map((c) => [c.round_id, { n: Number(c.n), heats: Number(c.heats ?? 1) }]));
  const expected = expectedCouples(
    rows.map((r) => ({
      id: r.id,
      eventKey: r.event_key,
      roundNumber: r.round_number,
      roundState: r.round_state,
      recallSize: r.recall_size,
      couples: countBy.get(r.id)?.n ?? 0,
      item: isScheduleItem(fromJson<string[]>(r.dances, [])),
      type: r.round_type === 'redance' ? ('redance' as const) : ('regular' as const),
      stars: starsAt.get(`${r.event_key}/${r.round_number}`) ?? 0,
    })),
    new Map(entered.map((e) => [e.event_key, Number(e.n)])),
  );
  const planned = {
    firstStartTime: settings.scheduleFirstStartTime ?? null,
    perDanceSeconds: settings.schedulePerDanceSeconds ?? 120,
    transitionSeconds: settings.scheduleTransitionSeconds ?? 60,
  };
  const timing = opts.forConflicts ? conflictTiming(planned, now) : planned;
  const heatsOf = (r: (typeof rows)[number], couples: number, drawn: number) =>
    r.heat_size ? Math.max(1, Math.ceil(couples / r.heat_size)) : Math.max(1, drawn);
  const base = rows.map((r) => {
    const dances = fromJson<string[]>(r.dances, []);
    const counted = countBy.get(r.id);
    const n = counted?.n ?? 0;
    const heats = heatsOf(r, n, counted?.heats ?? 1);
    return { r, dances, n, heats, expected: expected.get(r.id) ?? { count: 0, from: 'couples' as const } };
  });
  const floorNames = fromJson<string[]>(competition?.floors ?? null, ['Main floor']);
  const scheduled = base.map(({ r, dances, heats, expected: x }): ScheduledRound => ({
    key: String(r.id),
    floor: resolveFloor(r.floor, floorNames),
    scheduleIndex: r.schedule_index,
    dances: dances.length,
    // A round not filled yet lasts as many heats as its expected couples make.
    heats: x.from === 'couples' ? heats : heatsOf(r, x.count, 1),
    roundStartTime: r.round_start_time,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    skipped: r.round_state === RoundState.Skipped,
    item: isScheduleItem(dances),
    waitMinutes: r.wait_minutes,
  }));
  const byKey = new Map(estimateScheduleTimes(scheduled, timing, now).map((e) => [e.key, e]));
  const timesOf = (id: number) =>
    byKey.get(String(id)) ?? { key: String(id), start: null, end: null, minutesLate: null };
  const items = base.map(({ r, dances, n, heats, expected: x }): ScheduleItem => {
    const e = estimateAsIso(timesOf(r.id));
    return {
      roundId: roundId(r.event_key, r.round_number),
      eventKey: r.event_key,
      eventName: r.event_name,
      style: r.style,
      level: r.level,
      dances,
      kind: isScheduleItem(dances) ? dances.join(' & ') : 'round',
      roundNumber: r.round_number,
      roundName: r.round_name,
      scheduleIndex: r.schedule_index,
      roundStartTime: r.round_start_time,
      floor: resolveFloor(r.floor, floorNames),
      waitMinutes: r.wait_minutes,
      roundState: r.round_state,
      recallSize: r.recall_size,
      couples: n,
      expectedCouples: x.count,
      expectedFrom: x.from,
      heats,
      startedAt: r.started_at,
      endedAt: r.ended_at,
      estimatedStart: e.estimatedStart,
      estimatedEnd: e.estimatedEnd,
      minutesLate: e.minutesLate,
      version: r.version,
      ...(r.round_type === 'redance' ? { type: 'redance' as const } : {}),
    };
  });
  const version = createHash('sha256')
    .update(
      rows.map((r) => `${r.id}:${r.version}:${r.schedule_index}:${r.round_number}:${r.floor}`).join(','),
    )
    .digest('hex')
    .slice(0, 16);
  const floors = floorNames.map((name) => {
    const on = items.filter((i) => i.floor === name);
    // How late the floor runs: its round on now, or else the next one to come.
    const { now, next } = nowAndNext(on);
    const current = now[0] ?? next[0];
    return {
      name,
      pace:
        Math.round(
          learnedPace(
            scheduled.filter((s) => s.floor === name),
            timing,
          ) * 100,
        ) / 100,
      minutesLate: current?.minutesLate ?? null,
    };
  });
  const rounds = base.map(({ r, dances, heats }): RunningOrderRound => ({
    roundId: roundId(r.event_key, r.round_number),
    eventKey: r.event_key,
    roundNumber: r.round_number,
    style: r.style,
    level: r.level,
    dances,
    heats,
    floor: resolveFloor(r.floor, floorNames),
    scheduleIndex: r.schedule_index,
    roundState: r.round_state,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    roundStartTime: r.round_start_time,
    waitMinutes: r.wait_minutes,
    times: timesOf(r.id),
  }));
  return { schedule: { version, timing, floors, items }, rounds };
}
