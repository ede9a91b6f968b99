import { paths } from '../paths.ts';
import type { EventView, Panel, PrintPanel } from '../types.ts';
import { competitionRead } from './keys.ts';
import { useSiteRead } from './competition.ts';

/** Every event with its entries and rounds (the same answer for the public and the organizer). */
export const eventsQuery = (key: string | undefined) =>
  competitionRead<EventView[]>(key, { topic: 'events' }, paths.events);

/** Judging panels; under `events`, as every panel change publishes it. */
export const panelsQuery = (key: string | undefined) =>
  competitionRead<Panel[]>(key, { topic: 'events', rest: ['panels'] }, paths.panels);

export const printPanelsQuery = (key: string | undefined) =>
  competitionRead<PrintPanel[]>(key, { topic: 'events', rest: ['print-panels'] }, paths.printPanels);

/** The events of the site competition. */
export const useEvents = (competitionKey?: string) => useSiteRead('events', eventsQuery, competitionKey);
