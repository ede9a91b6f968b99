/**
 * Shared reads and writes of events and their rounds. The round rules themselves are in
 * `src/domain/rounds/`; `api/rounds/plans.ts` applies the plans they return to the database.
 */
import type { RoundRow } from '../../db/schema.ts';
import type { Db } from '../../http/db.ts';
import { roundId } from '../../../domain/rounds/index.ts';
import { SCHEDULE_ITEMS } from '../../../domain/schemas/events.ts';

/** @deprecated The DB handle type is `Db` in src/server/http/db.ts. */
export type Q = Db;

/** @deprecated Event reads live in ./queries.ts and the version check in ./commands.ts; kept for existing imports. */
export { findEvent, eventView } from './queries.ts';
export { checkEventVersion } from './commands.ts';

export const isScheduleItem = (dances: readonly string[]): boolean =>
  dances.length > 0 && dances.every((d) => (SCHEDULE_ITEMS as readonly string[]).includes(d));

export async function eventRounds(db: Q, eventId: number): Promise<RoundRow[]> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('round_number')
    .execute();
}

export async function roundsWithMarks(db: Q, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('marks')
    .innerJoin('rounds', 'rounds.id', 'marks.round_id')
    .select('rounds.round_number')
    .distinct()
    .where('rounds.event_id', '=', eventId)
    .execute();
  return rows.map((r) => r.round_number);
}

/** Marks and saved results of rounds, for archiving in the audit trail before they are deleted. */
export async function archiveOfRounds(db: Q, roundIds: number[]) {
  if (roundIds.length === 0) return { marks: [], results: [], couples: [] };
  const [marks, results, couples] = await Promise.all([
    db.selectFrom('marks').selectAll().where('round_id', 'in', roundIds).execute(),
    db.selectFrom('round_results').selectAll().where('round_id', 'in', roundIds).execute(),
    db.selectFrom('round_entries').selectAll().where('round_id', 'in', roundIds).execute(),
  ]);
  return { marks, results, couples };
}

export async function bumpEvent(trx: Q, eventId: number): Promise<void> {
  await trx
    .updateTable('events')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', eventId)
    .execute();
}

/** The last schedule index in use (0 when none), for appending new rounds at the end of the day. */
export async function lastScheduleIndex(db: Q, competitionId: number, exceptEventId?: number) {
  let q = db
    .selectFrom('rounds')
    .select((eb) => eb.fn.max('schedule_index').as('max'))
    .where('competition_id', '=', competitionId);
  if (exceptEventId !== undefined) q = q.where('event_id', '!=', exceptEventId);
  const row = await q.executeTakeFirst();
  return Number(row?.max ?? 0);
}

export { roundId };
