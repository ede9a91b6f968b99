/**
 * POST …/schedule/suggest: a better floor and order for the rounds still to come, from the
 * running order as it is now (its estimates, with each floor's learned pace) and the dancers each
 * round could hold. Changes nothing; the organizer accepts it with PUT …/schedule. The method is
 * src/domain/scheduleSuggest.ts, what it may not move src/domain/scheduleFixedPoints.ts.
 */
import type { Db } from '../../http/db.ts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { suggestRoundOf } from '../../../domain/scheduleFixedPoints.ts';
import { suggestScheduleSteps } from '../../../domain/scheduleSuggest.ts';
import type { ScheduleSuggestRequest, ScheduleSuggestion } from '../../../domain/schemas/events.ts';
import { readRoundPeople } from './conflicts.ts';
import { readScheduleDay } from './queries.ts';

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export async function suggestFor(
  db: Db,
  competitionId: number,
  body: ScheduleSuggestRequest = {},
  now = new Date(),
): Promise<ScheduleSuggestion> {
  const [{ schedule, rounds: day }, competition] = await Promise.all([
    readScheduleDay(db, competitionId, now, { forConflicts: true }),
    db
      .selectFrom('competitions')
      .select('min_rest_minutes')
      .where('id', '=', competitionId)
      .executeTakeFirstOrThrow(),
  ]);
  const people = await readRoundPeople(
    db,
    competitionId,
    schedule.items.filter((i) => i.kind === 'round'),
  );
  const rounds = day.map((r) => suggestRoundOf(r, schedule.timing));
  // The search takes up to its budget (1.2 s by default): in slices, letting other requests through.
  const steps = suggestScheduleSteps({
    rounds,
    floors: schedule.floors.map((f) => f.name),
    people,
    minRestMinutes: competition.min_rest_minutes,
    timing: schedule.timing,
    now: now.getTime(),
    keepOrder: body.keepOrder,
    budgetMs: body.budgetMs,
  });
  let step = steps.next();
  while (!step.done) {
    await nextTurn();
    step = steps.next();
  }
  const result = step.value;
  return {
    version: schedule.version,
    rounds: result.rounds.map((r) => ({
      roundId: r.roundId,
      floor: r.floor,
      scheduleIndex: r.scheduleIndex,
      estimatedStart: iso(r.estimatedStart),
      estimatedEnd: iso(r.estimatedEnd),
      waitMinutes: r.waitMinutes,
      before: {
        floor: r.before.floor,
        scheduleIndex: r.before.scheduleIndex,
        estimatedStart: iso(r.before.estimatedStart),
        estimatedEnd: iso(r.before.estimatedEnd),
        waitMinutes: r.before.waitMinutes,
      },
    })),
    conflictsBefore: result.before.conflicts,
    conflictsAfter: result.after.conflicts,
    overlapsBefore: result.before.overlaps,
    overlapsAfter: result.after.overlaps,
    lengthBefore: result.before.lengthMinutes,
    lengthAfter: result.after.lengthMinutes,
    changed: result.changed,
    elapsedMs: Math.round(result.elapsedMs),
  };
}
