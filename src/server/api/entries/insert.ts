/**
 * The one way an entry (a couple in an event) is written: from a registration, a registration's changed
 * events, the organizer's event entries, or an ad-hoc entry. Each caller decides the couple's number;
 * the row itself and the duplicate-pair rule are the same everywhere.
 */
import type { Q } from '../events/repo.ts';
import { HttpError } from '../../errors.ts';
import { findDuplicateEntry } from '../../../domain/entries.ts';

export interface NewEntry {
  competitionId: number;
  eventId: number;
  registrationId?: number | null;
  leadId?: number | null;
  followId?: number | null;
  leadName: string;
  followName: string;
  affiliation: string;
  leadNumber: number;
  registeredTime?: string;
}

/** Inserts the entry (not checked in, not scratched, version 1); returns its id and registration time. */
export async function insertEntry(trx: Q, e: NewEntry): Promise<{ id: number; registeredTime: string }> {
  const registeredTime = e.registeredTime ?? new Date().toISOString();
  const row = await trx
    .insertInto('entries')
    .values({
      competition_id: e.competitionId,
      event_id: e.eventId,
      registration_id: e.registrationId ?? null,
      lead_id: e.leadId ?? null,
      follow_id: e.followId ?? null,
      lead_name: e.leadName,
      follow_name: e.followName,
      affiliation: e.affiliation,
      lead_number: e.leadNumber,
      registered_time: registeredTime,
      checked_in: 0,
      scratched: 0,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, registeredTime };
}

/** 409 when the same two people (in either role) are already entered in the event. */
export async function refuseDuplicatePair(
  trx: Q,
  event: { id: number; name: string },
  pair: { leadName: string; followName: string },
): Promise<void> {
  const inEvent = await trx
    .selectFrom('entries')
    .select(['lead_name as leadName', 'follow_name as followName'])
    .where('event_id', '=', event.id)
    .execute();
  if (findDuplicateEntry(inEvent, pair)) {
    throw new HttpError(
      409,
      'duplicate_entry',
      `${pair.leadName} and ${pair.followName} are already entered in ${event.name}.`,
    );
  }
}
