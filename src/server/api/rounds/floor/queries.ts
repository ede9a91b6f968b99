/**
 * Who dances a round, in which heat: the one place couples are put into a round (first round at
 * generation or start, later rounds when the round before is posted) and heats are drawn.
 */
import type { RoundRow } from '../../../db/schema.ts';
import type { Q } from '../../events/repo.ts';
import { drawHeats, heatCount, RoundState } from '../../../../domain/rounds/index.ts';
import type { RoundCouples } from '../../../../domain/schemas/floor.ts';

type RoundLike = Pick<RoundRow, 'id' | 'heat_size'>;

const drawKey = (round: RoundLike) => `round-${round.id}`;

/** Replaces the round's couples with these entries, drawn into heats by the round's heat size. */
export async function placeCouplesInRound(
  trx: Q,
  round: RoundLike,
  entryIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('round_entries').where('round_id', '=', round.id).execute();
  if (entryIds.length === 0) return;
  const numbers = await trx
    .selectFrom('entries')
    .select(['id', 'lead_number'])
    .where('id', 'in', [...entryIds])
    .execute();
  const heats = drawHeats(
    numbers.map((e) => String(e.lead_number)),
    round.heat_size,
    drawKey(round),
  );
  await trx
    .insertInto('round_entries')
    .values(
      numbers.map((e) => ({
        round_id: round.id,
        entry_id: e.id,
        heat: heats.get(String(e.lead_number)) ?? 1,
      })),
    )
    .execute();
}

/** Redraws the heats of the couples already in the round (after its heat size changed). */
export async function redrawHeats(trx: Q, round: RoundLike): Promise<void> {
  const rows = await trx
    .selectFrom('round_entries')
    .select('entry_id')
    .where('round_id', '=', round.id)
    .execute();
  await placeCouplesInRound(
    trx,
    round,
    rows.map((r) => r.entry_id),
  );
}

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
  db: Q,
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
