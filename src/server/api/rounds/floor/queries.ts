/** The deck captain's reads: a round's couples by number with heats and check-in. */
import type { RoundRow } from '../../../db/schema.ts';
import type { Db } from '../../../http/db.ts';
import {
  drawHeats,
  firstRoundCouples,
  heatCount,
  pendingFeedIns,
  RoundState,
  type WithdrawalKind,
} from '../../../../domain/rounds/index.ts';
import type { FloorView, RoundCouples } from '../../../../domain/schemas/floor.ts';
import { findEvent } from '../../events/queries.ts';
import { isScheduleItem } from '../../../../domain/schemas/events.ts';
import { eventRounds, toPlan } from '../queries.ts';
import { HttpError } from '../../../errors.ts';
import type { RoundAddress } from '../context.ts';
import { fromJson } from '../../../http/json.ts';
import { nowAndNext, resolveFloor } from '../../../../domain/schedule.ts';
import { roundEntriesWithEntry, roundsWithEvent } from '../../joins.ts';

/** The competition's floors, first first. */
export async function competitionFloors(db: Db, competitionId: number): Promise<string[]> {
  const row = await db
    .selectFrom('competitions')
    .select('floors')
    .where('id', '=', competitionId)
    .executeTakeFirst();
  return fromJson<string[]>(row?.floors, ['Main floor']);
}

/** The seed of a round's heat draw: the same couples always fall into the same heats. */
export const drawKey = (round: Pick<RoundRow, 'id'>) => `round-${round.id}`;

interface EventLike {
  id: number;
  key: string;
  name: string;
}

/** One round whose couples are wanted, with its event and whether it is the event's first danced round. */
interface RoundOfEvent {
  event: EventLike;
  round: RoundRow;
  isFirstRound: boolean;
  /** Rounds to be posted before this one can start: the round before it and its redance (formats.ts). */
  waitingFor: string[];
}

/** How a round of `rounds` (its event's) is read: first round or not, and what it still waits for. */
function roundOfEvent(event: EventLike, rounds: readonly RoundRow[], round: RoundRow): RoundOfEvent {
  const waitingFor =
    round.round_state <= RoundState.Empty ? pendingFeedIns(rounds.map(toPlan), round.round_number) : [];
  return { event, round, isFirstRound: isFirst(rounds, round), waitingFor };
}

interface CoupleRow {
  id: number;
  lead_number: number;
  lead_name: string;
  follow_name: string;
  affiliation: string;
  checked_in: number;
  scratched: number;
  heat: number;
  joins_round: number | null;
  withdrawal: string | null;
  withdrawal_round: number | null;
}

/**
 * The couples of rounds as the deck captain and the heat lists show them, in two reads whatever the
 * number of rounds (the floor shows every round still to come). A first round not yet started shows
 * the event's entries (not scratched) with the heats they would be drawn into.
 */
async function couplesOfRounds(db: Db, wanted: readonly RoundOfEvent[]): Promise<RoundCouples[]> {
  if (wanted.length === 0) return [];
  const floors = await competitionFloors(db, wanted[0]!.round.competition_id);
  const assigned = await roundEntriesWithEntry(db)
    .select([
      'round_entries.round_id',
      'entries.id',
      'entries.lead_number',
      'entries.lead_name',
      'entries.follow_name',
      'entries.affiliation',
      'entries.checked_in',
      'entries.scratched',
      'round_entries.heat',
      'entries.joins_round',
      'entries.withdrawal',
      'entries.withdrawal_round',
    ])
    .where(
      'round_entries.round_id',
      'in',
      wanted.map((w) => w.round.id),
    )
    .orderBy('entries.lead_number')
    .orderBy('entries.id')
    .execute();
  const byRound = new Map<number, CoupleRow[]>();
  for (const { round_id, ...c } of assigned) byRound.set(round_id, [...(byRound.get(round_id) ?? []), c]);

  // A first round not yet started dances the event's entries as they stand (its start seats them):
  // not the list seated when the rounds were generated, which misses couples entered since.
  const waiting = (w: RoundOfEvent) => w.isFirstRound && w.round.round_state <= RoundState.Empty;
  const waitingEvents = [...new Set(wanted.filter(waiting).map((w) => w.event.id))];
  const entries = waitingEvents.length
    ? await db
        .selectFrom('entries')
        .select([
          'event_id',
          'id',
          'lead_number',
          'lead_name',
          'follow_name',
          'affiliation',
          'checked_in',
          'scratched',
          'joins_round',
          'withdrawal',
          'withdrawal_round',
        ])
        .where('event_id', 'in', waitingEvents)
        .orderBy('lead_number')
        .orderBy('id')
        .execute()
    : [];

  return wanted.map((w) => {
    const { event, round } = w;
    let couples = byRound.get(round.id) ?? [];
    if (waiting(w)) {
      // Star couples joining later and couples out of the event are not in it (formats.ts).
      const first = new Set(
        firstRoundCouples(
          entries
            .filter((e) => e.event_id === event.id)
            .map((e) => ({
              couple: String(e.lead_number),
              joinsRound: e.joins_round,
              outFrom: e.withdrawal ? (e.withdrawal_round ?? 1) : null,
            })),
          round.round_number,
        ),
      );
      const own = entries.filter((e) => e.event_id === event.id && first.has(String(e.lead_number)));
      const heats = drawHeats(
        own.filter((e) => e.scratched === 0).map((e) => String(e.lead_number)),
        round.heat_size,
        drawKey(round),
      );
      couples = own.map((e) => ({ ...e, heat: heats.get(String(e.lead_number)) ?? 1 }));
    }
    return roundCouplesView(event, round, couples, w.waitingFor, resolveFloor(round.floor, floors));
  });
}

function roundCouplesView(
  event: EventLike,
  round: RoundRow,
  couples: readonly CoupleRow[],
  waitingFor: string[],
  floor: string,
): RoundCouples {
  const dancing = couples.filter((c) => c.scratched === 0).length;
  return {
    eventKey: event.key,
    eventName: event.name,
    roundNumber: round.round_number,
    roundName: round.round_name,
    roundState: round.round_state,
    scheduleIndex: round.schedule_index,
    roundStartTime: round.round_start_time,
    floor,
    startedAt: round.started_at,
    recallSize: round.recall_size,
    heatSize: round.heat_size,
    heats: heatCount(dancing, round.heat_size),
    couplesKnown: couples.length > 0,
    waitingFor,
    couples: couples.map((c) => ({
      entryId: c.id,
      coupleNumber: String(c.lead_number),
      leadName: c.lead_name,
      followName: c.follow_name,
      affiliation: c.affiliation,
      heat: c.heat,
      checkedIn: c.checked_in === 1,
      scratched: c.scratched === 1,
      star: c.joins_round === round.round_number,
      ...(c.withdrawal && (c.withdrawal_round ?? 1) <= round.round_number
        ? { status: c.withdrawal as WithdrawalKind }
        : {}),
    })),
    version: round.version,
  };
}

/** The couples of one round (see couplesOfRounds). */
export async function roundCouples(
  db: Db,
  event: EventLike,
  round: RoundRow,
  rounds: readonly RoundRow[],
): Promise<RoundCouples> {
  const [view] = await couplesOfRounds(db, [roundOfEvent(event, rounds, round)]);
  return view!;
}

/** True when no round before this one is danced (a first round shows the entries before it starts). */
export const isFirst = (rounds: readonly RoundRow[], round: RoundRow) =>
  !rounds.some((r) => r.round_number < round.round_number && r.round_state !== RoundState.Skipped);

/**
 * Rounds on the floor now and the rounds still to start, by the rule every screen uses (nowAndNext):
 * all of them, or the first `upcoming`. Awards and Breaks have no couples and are left out.
 */
export async function floorView(db: Db, competitionId: number, upcoming?: number): Promise<FloorView> {
  const rows = await roundsWithEvent(db)
    .selectAll('rounds')
    .select(['events.key as event_key', 'events.name as event_name', 'events.dances as event_dances'])
    .where('rounds.competition_id', '=', competitionId)
    .orderBy('rounds.schedule_index')
    .orderBy('rounds.id')
    .execute();
  const byEvent = new Map<number, RoundRow[]>();
  for (const r of rows) byEvent.set(r.event_id, [...(byEvent.get(r.event_id) ?? []), r]);
  const on = nowAndNext(
    rows
      .filter((r) => !isScheduleItem(fromJson<string[]>(r.event_dances, [])))
      .map((r) => ({
        row: r,
        scheduleIndex: r.schedule_index,
        roundState: r.round_state,
      })),
  );
  const wanted = ({ row: r }: (typeof on.next)[number]) =>
    roundOfEvent({ id: r.event_id, key: r.event_key, name: r.event_name }, byEvent.get(r.event_id) ?? [], r);
  const onFloor = on.now.map(wanted);
  const next = on.next.slice(0, upcoming).map(wanted);
  const couples = await couplesOfRounds(db, [...onFloor, ...next]);
  return { onFloor: couples.slice(0, onFloor.length), next: couples.slice(onFloor.length) };
}

/** GET …/rounds/{n}/couples. */
export async function roundCouplesAt(db: Db, competitionId: number, where: RoundAddress) {
  const event = await findEvent(db, competitionId, where.eventKey);
  const rounds = await eventRounds(db, event.id);
  const round = rounds.find((r) => r.round_number === where.n);
  if (!round) throw new HttpError(404, 'not_found', `${event.name} has no round ${where.n}.`);
  return roundCouples(db, event, round, rounds);
}
