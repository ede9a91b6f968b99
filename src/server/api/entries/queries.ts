/** Reads of entries: one event's couples, and every entry as a CSV for spreadsheets and the desk. */
import type { Db } from '../../http/db.ts';
import { toCsv } from '../../../domain/csv.ts';
import type { EventEntryView } from '../../../domain/schemas/events.ts';
import { eventsView, findEvent } from '../events/queries.ts';
import { entriesWithEvent } from '../joins.ts';

/** One event's entries as GET …/events shows them. */
export async function eventEntries(
  db: Db,
  competitionId: number,
  eventKey: string,
): Promise<EventEntryView[]> {
  const event = await findEvent(db, competitionId, eventKey);
  const view = (await eventsView(db, competitionId)).find((e) => e.key === event.key);
  return view?.entries ?? [];
}

/** Every entry, one row per couple per event. */
export async function entriesCsv(db: Db, competitionId: number): Promise<string> {
  const rows = await entriesWithEvent(db)
    .select([
      'events.key',
      'events.name',
      'events.style',
      'events.level',
      'entries.lead_number',
      'entries.lead_name',
      'entries.follow_name',
      'entries.affiliation',
      'entries.scratched',
      'entries.checked_in',
      'entries.registration_id',
      'entries.registered_time',
    ])
    .where('entries.competition_id', '=', competitionId)
    .orderBy('events.sort_order')
    .orderBy('events.id')
    .orderBy('entries.lead_number')
    .orderBy('entries.id')
    .execute();
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  return toCsv([
    [
      'event_key',
      'event',
      'style',
      'level',
      'lead_number',
      'lead_name',
      'follow_name',
      'affiliation',
      'scratched',
      'checked_in',
      'ad_hoc',
      'registered_time',
    ],
    ...rows.map((r) => [
      r.key,
      r.name,
      r.style,
      r.level,
      r.lead_number,
      r.lead_name,
      r.follow_name,
      r.affiliation,
      yes(!!r.scratched),
      yes(!!r.checked_in),
      yes(r.registration_id === null),
      r.registered_time,
    ]),
  ]);
}
