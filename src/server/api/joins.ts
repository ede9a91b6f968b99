/**
 * The joins many reads share, each a row with what it belongs to. A read starts from one of these and
 * adds its own columns, filters and order, so every place joins the same tables on the same keys.
 */
import type { Db } from '../http/db.ts';

/** Entries, each with the event it is in. */
export function entriesWithEvent(db: Db) {
  return db.selectFrom('entries').innerJoin('events', 'events.id', 'entries.event_id');
}

/**
 * Entries, each with its event and its dancers' competitor rows: `lead` and `follow`, null for a dancer
 * no competitor is linked to.
 */
export function entriesWithDancers(db: Db) {
  return entriesWithEvent(db)
    .leftJoin('competitors as lead', 'lead.id', 'entries.lead_id')
    .leftJoin('competitors as follow', 'follow.id', 'entries.follow_id');
}

/** Registrations with their couple joined: `l` the lead, `f` the follow. */
export function registrationWithCouple(db: Db) {
  return db
    .selectFrom('registrations')
    .innerJoin('competitors as l', 'l.id', 'registrations.lead_id')
    .innerJoin('competitors as f', 'f.id', 'registrations.follow_id');
}

/** Rounds, each with its event. */
export function roundsWithEvent(db: Db) {
  return db.selectFrom('rounds').innerJoin('events', 'events.id', 'rounds.event_id');
}

/** The couples drawn into rounds (round_entries), each with its round. */
export function roundEntriesWithRound(db: Db) {
  return db.selectFrom('round_entries').innerJoin('rounds', 'rounds.id', 'round_entries.round_id');
}

/** The couples drawn into rounds (round_entries), each with its entry. */
export function roundEntriesWithEntry(db: Db) {
  return db.selectFrom('round_entries').innerJoin('entries', 'entries.id', 'round_entries.entry_id');
}

/** Judges' marks, each with the round it is given in. */
export function marksWithRound(db: Db) {
  return db.selectFrom('marks').innerJoin('rounds', 'rounds.id', 'marks.round_id');
}

/** The judges named on events' panels (event_panels), each with the event. */
export function panelsWithEvent(db: Db) {
  return db.selectFrom('event_panels').innerJoin('events', 'events.id', 'event_panels.event_id');
}
