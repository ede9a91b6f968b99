/** Reads of events: the events view (GET …/events, the most read answer of the day) and one event. */
import type { EventRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { Db } from '../../http/db.ts';
import { fromJson } from '../../http/json.ts';
import {
  roundId,
  type RoundNaming,
  type RoundType,
  type WithdrawalKind,
} from '../../../domain/rounds/index.ts';
import type { EventView, ScoringSystem } from '../../../domain/schemas/events.ts';
import type { AjsComponent } from '../../../domain/scoring/ajs.ts';
import { roundEntriesWithRound } from '../joins.ts';

export async function findEvent(db: Db, competitionId: number, eventKey: string): Promise<EventRow> {
  const e = await db
    .selectFrom('events')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .where('key', '=', eventKey)
    .executeTakeFirst();
  if (!e) throw notFound(`The event "${eventKey}"`);
  return e;
}

/** A competition's events in their running order (the organizer's sort order, then creation). */
export async function competitionEvents(db: Db, competitionId: number): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Rows of entries read at a time when the read may pause between them. */
const ENTRIES_AT_A_TIME = 500;

/**
 * The competition's entries by number. With `work`, read a few hundred at a time with a pause between
 * (inside the caller's snapshot transaction): 6,000 entries in one call held the event loop ~45 ms.
 */
async function entriesByNumber(db: Db, competitionId: number, work?: Work) {
  const all = db.selectFrom('entries').selectAll().where('competition_id', '=', competitionId);
  if (!work) return all.orderBy('lead_number').orderBy('id').execute();
  const rows: Awaited<ReturnType<typeof all.execute>> = [];
  for (let after = 0; ;) {
    const page = await all.where('id', '>', after).orderBy('id').limit(ENTRIES_AT_A_TIME).execute();
    rows.push(...page);
    if (page.length < ENTRIES_AT_A_TIME) break;
    after = page.at(-1)!.id;
    await work.pause();
  }
  // As the ORDER BY above sorts: by number, ties in entry order.
  return rows.sort((a, b) => (a.lead_number ?? -Infinity) - (b.lead_number ?? -Infinity) || a.id - b.id);
}

/** Pauses between steps of a long read (eventLoop.ts `slices`). */
interface Work {
  pause: () => Promise<void>;
}

/**
 * Every event of a competition with its entries and rounds, in four queries whatever the size; with
 * `work`, the entries a few hundred at a time with pauses (GET …/events reads in a snapshot).
 */
export async function eventsView(db: Db, competitionId: number, work?: Work): Promise<EventView[]> {
  const [events, entries, rounds, roundEntries] = await Promise.all([
    competitionEvents(db, competitionId),
    entriesByNumber(db, competitionId, work),
    db
      .selectFrom('rounds')
      .selectAll()
      .where('competition_id', '=', competitionId)
      .orderBy('round_number')
      .execute(),
    roundEntriesWithRound(db)
      .innerJoin('entries', 'entries.id', 'round_entries.entry_id')
      .select([
        'round_entries.round_id',
        'round_entries.entry_id',
        'round_entries.heat',
        'entries.lead_number',
      ])
      .where('rounds.competition_id', '=', competitionId)
      .orderBy('entries.lead_number')
      .orderBy('round_entries.entry_id')
      .execute(),
  ]);
  const entriesByEvent = groupBy(entries, (e) => e.event_id);
  const roundsByEvent = groupBy(rounds, (r) => r.event_id);
  const couplesByRound = groupBy(roundEntries, (r) => r.round_id);
  return events.map((e) => ({
    key: e.key,
    name: e.name,
    style: e.style,
    level: e.level,
    dances: fromJson<string[]>(e.dances, []),
    roundNaming: e.round_naming as RoundNaming,
    scoringSystem: e.scoring_system as ScoringSystem,
    ajsComponents: fromJson<{ [officialId: string]: AjsComponent[] } | null>(e.ajs_components, null),
    ajsRounds: e.ajs_rounds,
    ajsTolerance: e.ajs_tolerance,
    fee: e.fee === null ? null : Number(e.fee),
    version: e.version,
    entries: (entriesByEvent.get(e.id) ?? []).map((x) => ({
      id: x.id,
      entryId: x.id,
      leadId: x.lead_id,
      followId: x.follow_id,
      leadName: x.lead_name,
      followName: x.follow_name,
      affiliation: x.affiliation,
      leadNumber: x.lead_number,
      registeredTime: x.registered_time,
      checkedIn: x.checked_in === 1,
      scratched: x.scratched === 1,
      joinsRound: x.joins_round,
      withdrawal: x.withdrawal as WithdrawalKind | null,
      version: x.version,
    })),
    rounds: (roundsByEvent.get(e.id) ?? []).map((r) => ({
      roundNumber: r.round_number,
      roundName: r.round_name,
      roundId: roundId(e.key, r.round_number),
      eventName: e.name,
      scheduleIndex: r.schedule_index,
      roundStartTime: r.round_start_time,
      recallSize: r.recall_size,
      roundState: r.round_state,
      type: r.round_type as RoundType,
      version: r.version,
      entries: (couplesByRound.get(r.id) ?? []).map((c) => ({
        entryId: c.entry_id,
        leadNumber: c.lead_number,
        heat: c.heat,
      })),
    })),
  }));
}

/** One event as GET events shows it. */
export async function eventView(db: Db, competitionId: number, eventKey: string): Promise<EventView> {
  const found = (await eventsView(db, competitionId)).find((e) => e.key === eventKey);
  if (!found) throw notFound(`The event "${eventKey}"`);
  return found;
}

function groupBy<T, K>(items: T[], key: (t: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = m.get(k);
    if (list) list.push(it);
    else m.set(k, [it]);
  }
  return m;
}
