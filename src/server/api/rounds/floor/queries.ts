/** The deck captain's reads: a round's couples by number with heats and check-in. */
import type { RoundRow } from '../../../db/schema.ts';
import type { Db } from '../../../http/db.ts';
import { drawHeats, heatCount, RoundState } from '../../../../domain/rounds/index.ts';
import type { FloorView, RoundCouples } from '../../../../domain/schemas/floor.ts';
import { findEvent } from '../../events/queries.ts';
import { isScheduleItem } from '../../../../domain/schemas/events.ts';
import { eventRounds } from '../queries.ts';
import { HttpError } from '../../../errors.ts';
import type { RoundAddress } from '../context.ts';
import { fromJson } from '../../../http/json.ts';

/** The seed of a round's heat draw: the same couples always fall into the same heats. */
export const drawKey = (round: Pick<RoundRow, 'id'>) => `round-${round.id}`;

interface EventLike {
  id: number;
  key: string;
  name: string;
}

/**
 * The couples of a round as the deck captain and the heat lists show them. A first round not yet
 * started shows the event's entries (not scratched) with the heats they would be drawn into.
 */
export async function roundCouples(
  db: Db,
  event: EventLike,
  round: RoundRow,
  isFirstRound: boolean,
): Promise<RoundCouples> {
  const assigned = await db
    .selectFrom('round_entries')
    .innerJoin('entries', 'entries.id', 'round_entries.entry_id')
    .select([
      'entries.id',
      'entries.lead_number',
      'entries.lead_name',
      'entries.follow_name',
      'entries.affiliation',
      'entries.checked_in',
      'entries.scratched',
      'round_entries.heat',
    ])
    .where('round_entries.round_id', '=', round.id)
    .orderBy('entries.lead_number')
    .execute();
  let couples = assigned;
  const waiting = assigned.length === 0 && isFirstRound && round.round_state <= RoundState.Empty;
  if (waiting) {
    const entries = await db
      .selectFrom('entries')
      .select(['id', 'lead_number', 'lead_name', 'follow_name', 'affiliation', 'checked_in', 'scratched'])
      .where('event_id', '=', event.id)
      .orderBy('lead_number')
      .execute();
    const dancing = entries.filter((e) => e.scratched === 0);
    const heats = drawHeats(
      dancing.map((e) => String(e.lead_number)),
      round.heat_size,
      drawKey(round),
    );
    couples = entries.map((e) => ({ ...e, heat: heats.get(String(e.lead_number)) ?? 1 }));
  }
  const dancing = couples.filter((c) => c.scratched === 0).length;
  return {
    eventKey: event.key,
    eventName: event.name,
    roundNumber: round.round_number,
    roundName: round.round_name,
    roundState: round.round_state,
    scheduleIndex: round.schedule_index,
    roundStartTime: round.round_start_time,
    startedAt: round.started_at,
    recallSize: round.recall_size,
    heatSize: round.heat_size,
    heats: heatCount(dancing, round.heat_size),
    couplesKnown: couples.length > 0,
    couples: couples.map((c) => ({
      entryId: c.id,
      coupleNumber: String(c.lead_number),
      leadName: c.lead_name,
      followName: c.follow_name,
      affiliation: c.affiliation,
      heat: c.heat,
      checkedIn: c.checked_in === 1,
      scratched: c.scratched === 1,
    })),
    version: round.version,
  };
}

/** True when no round before this one is danced (a first round shows the entries before it starts). */
export const isFirst = (rounds: RoundRow[], round: RoundRow) =>
  !rounds.some((r) => r.round_number < round.round_number && r.round_state !== RoundState.Skipped);

/** Rounds on the floor now (Running) and the next `upcoming` ones, in schedule order. */
export async function floorView(db: Db, competitionId: number, upcoming: number): Promise<FloorView> {
  const rows = await db
    .selectFrom('rounds')
    .innerJoin('events', 'events.id', 'rounds.event_id')
    .selectAll('rounds')
    .select(['events.key as event_key', 'events.name as event_name', 'events.dances as event_dances'])
    .where('rounds.competition_id', '=', competitionId)
    .orderBy('rounds.schedule_index')
    .orderBy('rounds.id')
    .execute();
  const byEvent = new Map<number, RoundRow[]>();
  for (const r of rows) byEvent.set(r.event_id, [...(byEvent.get(r.event_id) ?? []), r]);
  const onFloor: RoundCouples[] = [];
  const next: RoundCouples[] = [];
  for (const r of rows) {
    if (isScheduleItem(fromJson<string[]>(r.event_dances, []))) continue;
    const event = { id: r.event_id, key: r.event_key, name: r.event_name };
    const siblings = (byEvent.get(r.event_id) ?? []).sort((a, b) => a.round_number - b.round_number);
    if (r.round_state === RoundState.Running) {
      onFloor.push(await roundCouples(db, event, r, isFirst(siblings, r)));
    } else if (
      (r.round_state === RoundState.Initialized || r.round_state === RoundState.Empty) &&
      next.length < upcoming
    ) {
      next.push(await roundCouples(db, event, r, isFirst(siblings, r)));
    }
  }
  return { onFloor, next };
}

/** GET …/rounds/{n}/couples. */
export async function roundCouplesAt(db: Db, competitionId: number, where: RoundAddress) {
  const event = await findEvent(db, competitionId, where.eventKey);
  const rounds = await eventRounds(db, event.id);
  const round = rounds.find((r) => r.round_number === where.n);
  if (!round) throw new HttpError(404, 'not_found', `${event.name} has no round ${where.n}.`);
  return roundCouples(db, event, round, isFirst(rounds, round));
}
