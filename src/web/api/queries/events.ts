import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { call } from '../client.ts';
import { competitionRead } from './keys.ts';
import { useSiteRead } from './competition.ts';

/** Every event with its entries and rounds (the same answer for the public and the organizer). */
export const eventsQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'events' }, (k) => call(endpoints.getEvents, { key: k }));

/** Judging panels; under `events`, as every panel change publishes it. */
export const panelsQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'events', rest: ['panels'] }, (k) => call(endpoints.getPanels, { key: k }));

export const printPanelsQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'events', rest: ['print-panels'] }, (k) =>
    call(endpoints.getPrintPanels, { key: k }),
  );

/** The events of the site competition. */
export const useEvents = (competitionKey?: string) => useSiteRead('events', eventsQuery, competitionKey);
