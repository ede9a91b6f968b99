import { HttpError, stale } from '../../errors.ts';
import type { CommandContext } from '../../http/command.ts';
import { assertVersion } from '../../http/command.ts';
import { roundId } from '../../../domain/rounds/index.ts';
import type { ScheduleReorder } from '../../../domain/schemas/events.ts';
import { placeRound } from '../rounds/placement.ts';
import { readSchedule } from './queries.ts';
import { roundsWithEvent } from '../joins.ts';

/**
 * The whole running order in its new order, rewritten as 1, 2, 3 …, rounds moved between floors, and
 * waiting time before rounds set.
 */
export async function reorderSchedule(ctx: CommandContext, body: ScheduleReorder): Promise<void> {
  const { trx, competition: c } = ctx;
  const current = await readSchedule(trx, c.id);
  await assertVersion(body.version, current.version, 'the schedule', () => current);
  const known = new Map(current.items.map((i) => [i.roundId, i]));
  const seen = new Set<string>();
  for (const id of body.order) {
    if (!known.has(id)) throw new HttpError(400, 'invalid', `There is no round ${id} in the schedule.`);
    if (seen.has(id)) throw new HttpError(400, 'invalid', `Round ${id} is listed twice.`);
    seen.add(id);
  }
  // A round added since the client loaded the order: the order it sent is not the whole day.
  if (current.items.some((i) => !seen.has(i.roundId))) throw stale('the schedule', current);
  const floorNames = current.floors.map((f) => f.name);
  for (const [id, floor] of Object.entries(body.floors ?? {})) {
    if (!known.has(id)) throw new HttpError(400, 'invalid', `There is no round ${id} in the schedule.`);
    if (!floorNames.includes(floor))
      throw new HttpError(
        400,
        'invalid',
        `There is no floor "${floor}": the floors are ${floorNames.map((f) => `"${f}"`).join(', ')}.`,
      );
  }
  for (const id of Object.keys(body.waits ?? {}))
    if (!known.has(id)) throw new HttpError(400, 'invalid', `There is no round ${id} in the schedule.`);
  const rows = await roundsWithEvent(trx)
    .select([
      'rounds.id',
      'rounds.round_number',
      'rounds.schedule_index',
      'rounds.wait_minutes',
      'events.key',
    ])
    .where('rounds.competition_id', '=', c.id)
    .execute();
  const idOf = new Map(rows.map((r) => [roundId(r.key, r.round_number), r]));
  const moves: { roundId: string; from: number; to: number }[] = [];
  const floorMoves: { roundId: string; from: string; to: string }[] = [];
  const waits: { roundId: string; from: number; to: number }[] = [];
  for (const [i, rid] of body.order.entries()) {
    const row = idOf.get(rid);
    if (!row) continue;
    const fromFloor = known.get(rid)!.floor;
    const toFloor = body.floors?.[rid] ?? fromFloor;
    const toWait = body.waits?.[rid] ?? row.wait_minutes;
    if (row.schedule_index === i + 1 && toFloor === fromFloor && toWait === row.wait_minutes) continue;
    if (row.schedule_index !== i + 1) moves.push({ roundId: rid, from: row.schedule_index, to: i + 1 });
    if (toFloor !== fromFloor) floorMoves.push({ roundId: rid, from: fromFloor, to: toFloor });
    if (toWait !== row.wait_minutes) waits.push({ roundId: rid, from: row.wait_minutes, to: toWait });
    await placeRound(trx, row.id, {
      schedule_index: i + 1,
      ...(toFloor !== fromFloor ? { floor: toFloor } : {}),
      ...(toWait !== row.wait_minutes ? { wait_minutes: toWait } : {}),
    });
  }
  await ctx.audit({
    action: 'schedule.reorder',
    entity: 'schedule',
    before: current.items.map((i) => `${i.scheduleIndex} ${i.roundId} ${i.floor}`),
    after: { order: body.order, moves, floorMoves, waits },
  });
}
