import type { PublicCompetitor } from '../../../domain/schemas/registration.ts';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { COMPETITORS_MAX_PAGE } from '../../../domain/registration.ts';
import { call } from '../client.ts';
import { competitionRead, retryUnlessAnswered } from './keys.ts';
import { useSiteRead } from './competition.ts';

/**
 * Registrations and competitors change when entries do, so their keys live under the `events`
 * topic: the live feed's `events` message refreshes them.
 */
export const registrationsQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'events', rest: ['registrations'] }, (k) =>
    call(endpoints.getRegistrations, { key: k }),
  );

/**
 * Every competitor, read a page at a time (the server pages the list): each request stays
 * small, and other visitors' requests are answered between the pages.
 */
export const competitorsQuery = (key: string | undefined) => ({
  ...competitionRead(key, { topic: 'events', rest: ['competitors'] }, (k) =>
    call(endpoints.getCompetitors, { key: k }),
  ),
  queryFn: () => allCompetitors(key!),
});

async function allCompetitors(key: string): Promise<PublicCompetitor[]> {
  const out: PublicCompetitor[] = [];
  for (;;) {
    const page = await call(endpoints.getCompetitors, {
      key,
      limit: COMPETITORS_MAX_PAGE,
      offset: out.length,
    });
    out.push(...page);
    if (page.length < COMPETITORS_MAX_PAGE) return out;
  }
}

export const competitorQuery = (key: string | undefined, id: string | undefined) => ({
  ...competitionRead(key, { topic: 'events', rest: ['competitors', id] }, (k) =>
    call(endpoints.getCompetitorsOne, { key: k, id: id! }),
  ),
  enabled: key !== undefined && id !== undefined,
  retry: retryUnlessAnswered,
});

/** Thin hooks for the site competition's public competitor pages. */
export const useCompetitors = () => useSiteRead('competitors', competitorsQuery);

export const useCompetitor = (id: string | undefined) =>
  useSiteRead('competitor', (key) => competitorQuery(key, id));
