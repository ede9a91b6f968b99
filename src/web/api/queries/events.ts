import { useQuery } from '@tanstack/react-query';
import { paths } from '../paths.ts';
import type { EventView, Panel, PrintPanel } from '../types.ts';
import { competitionRead } from './keys.ts';
import { useSiteKey } from './competition.ts';

/** Every event with its entries and rounds (the same answer for the public and the organizer). */
export const eventsQuery = (key: string | undefined) =>
  competitionRead<EventView[]>(key, { topic: 'events' }, paths.events);

/** Judging panels; under `events`, as every panel change publishes it. */
export const panelsQuery = (key: string | undefined) =>
  competitionRead<Panel[]>(key, { topic: 'events', rest: ['panels'] }, paths.panels);

export const printPanelsQuery = (key: string | undefined) =>
  competitionRead<PrintPanel[]>(key, { topic: 'events', rest: ['print-panels'] }, paths.printPanels);

/** The events of the site competition. */
export function useEvents(competitionKey?: string) {
  const site = useSiteKey();
  const key = competitionKey ?? site.key;
  const query = useQuery(eventsQuery(key));
  return { ...query, events: query.data, key };
}
