import type { DB } from '../../db/index.ts';
import { roundId } from '../../../domain/rounds/index.ts';

export interface EntryView {
  id: number;
  entryId: number;
  leadId: number | null;
  followId: number | null;
  leadName: string;
  followName: string;
  affiliation: string;
  leadNumber: number;
  registeredTime: string;
  checkedIn: boolean;
  scratched: boolean;
}

export interface RoundView {
  roundNumber: number;
  roundName: string;
  roundId: string;
  eventName: string;
  scheduleIndex: number;
  roundStartTime: string | null;
  recallSize: number;
  roundState: number;
  entries: { entryId: number; leadNumber: number; heat: number }[];
  version: number;
}

export interface EventView {
  key: string;
  name: string;
  style: string;
  level: string;
  dances: string[];
  entries: EntryView[];
  rounds: RoundView[];
  version: number;
}

/** Every event of a competition with its entries and rounds, in four queries whatever the size. */
export async function eventsView(db: DB, competitionId: number): Promise<EventView[]> {
  const [events, entries, rounds, roundEntries] = await Promise.all([
    db
      .selectFrom('events')
      .selectAll()
      .where('competition_id', '=', competitionId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('entries')
      .selectAll()
      .where('competition_id', '=', competitionId)
      .orderBy('lead_number')
      .execute(),
    db
      .selectFrom('rounds')
      .selectAll()
      .where('competition_id', '=', competitionId)
      .orderBy('round_number')
      .execute(),
    db
      .selectFrom('round_entries')
      .innerJoin('rounds', 'rounds.id', 'round_entries.round_id')
      .innerJoin('entries', 'entries.id', 'round_entries.entry_id')
      .select([
        'round_entries.round_id',
        'round_entries.entry_id',
        'round_entries.heat',
        'entries.lead_number',
      ])
      .where('rounds.competition_id', '=', competitionId)
      .orderBy('entries.lead_number')
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
    dances: JSON.parse(e.dances) as string[],
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
      version: r.version,
      entries: (couplesByRound.get(r.id) ?? []).map((c) => ({
        entryId: c.entry_id,
        leadNumber: c.lead_number,
        heat: c.heat,
      })),
    })),
  }));
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
