import { competitionQueryKey } from '../../../api/queries/keys.ts';

/** What a write to registrations or entries changes: the table and every public view of entries. */
export const entriesKey = (competitionKey: string) => competitionQueryKey(competitionKey, 'events');

/** The events as a searchable Select/MultiSelect offers them: by name, chosen by key. */
export const eventChoices = (events: readonly { key: string; name: string }[] | undefined) => ({
  data: (events ?? []).map((e) => ({ value: e.key, label: e.name })),
  searchable: true,
});
