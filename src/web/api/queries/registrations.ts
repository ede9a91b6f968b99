import type { AdminRegistrations, PublicCompetitor } from '../../../domain/schemas/registration.ts';
import { COMPETITORS_MAX_PAGE } from '../../../domain/registration.ts';
import { api } from '../client.ts';
import { paths } from '../paths.ts';
import { competitionRead, retryUnlessAnswered } from './keys.ts';
import { useSiteRead } from './competition.ts';

/**
 * Registrations and competitors change when entries do, so their keys live under the `events`
 * topic: the live feed's `events` message refreshes them.
 */
export const registrationsQuery = (key: string | undefined) =>
  competitionRead<AdminRegistrations>(key, { topic: 'events', rest: ['registrations'] }, paths.registrations);

/**
 * Every competitor, read a page at a time (the server pages the list): each request stays
 * small, and other visitors' requests are answered between the pages.
 */
export const competitorsQuery = (key: string | undefined) => ({
  ...competitionRead<PublicCompetitor[]>(key, { topic: 'events', rest: ['competitors'] }, paths.competitors),
  queryFn: () => allPages<PublicCompetitor>(paths.competitors(key!)),
});

async function allPages<T>(path: string): Promise<T[]> {
  const out: T[] = [];
  for (;;) {
    const page = await api.get<T[]>(`${path}?limit=${COMPETITORS_MAX_PAGE}&offset=${out.length}`);
    out.push(...page);
    if (page.length < COMPETITORS_MAX_PAGE) return out;
  }
}

export const competitorQuery = (key: string | undefined, id: string | undefined) => ({
  ...competitionRead<PublicCompetitor>(key, { topic: 'events', rest: ['competitors', id] }, (k) =>
    paths.competitor(k, id!),
  ),
  enabled: key !== undefined && id !== undefined,
  retry: retryUnlessAnswered,
});

/** Thin hooks for the site competition's public competitor pages. */
export const useCompetitors = () => useSiteRead('competitors', competitorsQuery);

export const useCompetitor = (id: string | undefined) =>
  useSiteRead('competitor', (key) => competitorQuery(key, id));
