/** Reads of an event's rounds and its couples, shared by the event and round commands and the round reads. */
import type { RoundRow } from '../../db/schema.ts';
import type { Db } from '../../http/db.ts';
import type { ResultCouple } from '../../../domain/schemas/results.ts';
import { RoundState, type RoundPlan, type WithdrawalKind } from '../../../domain/rounds/index.ts';
import { marksWithRound } from '../joins.ts';

/** The event's rounds in order (round 1 first). */
export async function eventRounds(db: Db, eventId: number): Promise<RoundRow[]> {
  return db
    .selectFrom('rounds')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('round_number')
    .execute();
}

/**
 * The numbers of the event's regular rounds that are danced, in the order given: not skipped ones, nor
 * redances. These are the rounds `roundsUnderAjs` counts from the end.
 */
export function regularRoundsDanced(
  rounds: readonly Pick<RoundRow, 'round_number' | 'round_state' | 'round_type'>[],
) {
  return rounds
    .filter((r) => r.round_state !== RoundState.Skipped && r.round_type !== 'redance')
    .map((r) => r.round_number);
}

/** A round as the domain rules see it, keeping the row id so marks and results follow the row. */
export type PlannedRound = RoundPlan & { id: number | null };

export function toPlan(r: RoundRow): PlannedRound {
  return {
    id: r.id,
    roundNumber: r.round_number,
    roundName: r.round_name,
    recallSize: r.recall_size,
    roundState: r.round_state as RoundState,
    scheduleIndex: r.schedule_index,
    ...(r.round_type === 'redance' ? { type: 'redance' as const } : {}),
  };
}

/** The ones among these entries already drawn into a round's heats (they can be scratched, not deleted). */
export async function entriesInRounds(db: Db, entryIds: readonly number[]): Promise<Set<number>> {
  if (!entryIds.length) return new Set();
  const rows = await db
    .selectFrom('round_entries')
    .select('entry_id')
    .where('entry_id', 'in', [...entryIds])
    .execute();
  return new Set(rows.map((r) => r.entry_id));
}

/** Numbers of the event's rounds that hold marks. */
export async function roundsWithMarks(db: Db, eventId: number): Promise<number[]> {
  const rows = await marksWithRound(db)
    .select('rounds.round_number')
    .distinct()
    .where('rounds.event_id', '=', eventId)
    .orderBy('rounds.round_number')
    .execute();
  return rows.map((r) => r.round_number);
}

/**
 * Marks and saved results of rounds, for archiving in the audit trail before they are deleted; in key
 * order, as the record is hashed into the chain and must read the same on every database.
 */
export async function archiveOfRounds(db: Db, roundIds: number[]) {
  if (roundIds.length === 0) return { marks: [], results: [], couples: [] };
  const [marks, results, couples] = await Promise.all([
    db.selectFrom('marks').selectAll().where('round_id', 'in', roundIds).orderBy('id').execute(),
    db
      .selectFrom('round_results')
      .selectAll()
      .where('round_id', 'in', roundIds)
      .orderBy('round_id')
      .execute(),
    db
      .selectFrom('round_entries')
      .selectAll()
      .where('round_id', 'in', roundIds)
      .orderBy('round_id')
      .orderBy('entry_id')
      .execute(),
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

/** The couples of one event by couple number, with the names a result shows. */
export type CoupleNames = Map<string, ResultCouple>;

/**
 * The couples' names per event (one event's, or every event's of the competition), for results,
 * announcements and the saved final placings.
 */
export async function coupleNames(
  db: Db,
  competitionId: number,
  eventId?: number,
): Promise<Map<number, CoupleNames>> {
  const rows = await db
    .selectFrom('entries')
    .select(['event_id', 'lead_number', 'lead_name', 'follow_name', 'affiliation', 'withdrawal'])
    .where('competition_id', '=', competitionId)
    .$if(eventId !== undefined, (q) => q.where('event_id', '=', eventId!))
    // Should two entries of an event wear one number, the later entry names it, on every database.
    .orderBy('id')
    .execute();
  const out = new Map<number, CoupleNames>();
  for (const r of rows) {
    let m = out.get(r.event_id);
    if (!m) out.set(r.event_id, (m = new Map()));
    const n = String(r.lead_number);
    m.set(n, {
      coupleNumber: n,
      leadName: r.lead_name,
      followName: r.follow_name,
      affiliation: r.affiliation,
      ...(r.withdrawal ? { status: r.withdrawal as WithdrawalKind } : {}),
    });
  }
  return out;
}

/** A couple by number; blank names for a number no longer entered. */
export const coupleOf = (names: CoupleNames | undefined, n: string): ResultCouple =>
  names?.get(n) ?? { coupleNumber: n, leadName: '', followName: '', affiliation: '' };
