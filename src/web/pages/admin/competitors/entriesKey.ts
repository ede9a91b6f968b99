import { competitionQueryKey } from '../../../api/queries/keys.ts';

/** What a write to registrations or entries changes: the table and every public view of entries. */
export const entriesKey = (competitionKey: string) => competitionQueryKey(competitionKey, 'events');
