/** Reads of an event's rounds, shared by the event and round commands and the round reads. */
import type { RoundRow } from '../../db/schema.ts';
import type { Db } from '../../http/db.ts';

/** The event's rounds in order (round 1 first). */
export async function eventRounds(db: Db, eventId: number): Promise<RoundRow[]> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('round_number')
    .execute();
}

/** Numbers of the event's rounds that hold marks. */
export async function roundsWithMarks(db: Db, eventId: number): Promise<number[]> {
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
export async function archiveOfRounds(db: Db, roundIds: number[]) {
  if (roundIds.length === 0) return { marks: [], results: [], couples: [] };
  const [marks, results, couples] = await Promise.all([
    db.selectFrom('marks').selectAll().where('round_id', 'in', roundIds).execute(),
    db.selectFrom('round_results').selectAll().where('round_id', 'in', roundIds).execute(),
    db.selectFrom('round_entries').selectAll().where('round_id', 'in', roundIds).execute(),
  ]);
  return { marks, results, couples };
}

/** The last schedule index in use (0 when none), for appending new rounds at the end of the day. */
export async function lastScheduleIndex(db: Db, competitionId: number, exceptEventId?: number) {
  let q = db
    .selectFrom('rounds')
    .select((eb) => eb.fn.max('schedule_index').as('max'))
    .where('competition_id', '=', competitionId);
  if (exceptEventId !== undefined) q = q.where('event_id', '!=', exceptEventId);
  const row = await q.executeTakeFirst();
  return Number(row?.max ?? 0);
}
