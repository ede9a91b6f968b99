import { useQuery } from '@tanstack/react-query';
import { paths } from '../paths.ts';
import type { Announcements, CompetitorResult, EventResults, ResultsSummary } from '../types.ts';
import { competitionRead, retryUnlessAnswered } from './keys.ts';
import { useSiteKey } from './competition.ts';

/** Keys live under the `results` topic: posting or un-posting a round publishes `results`. */
export const resultsSummaryQuery = (key: string | undefined) => ({
  ...competitionRead<ResultsSummary>(key, { topic: 'results', rest: ['summary'] }, paths.results),
  retry: retryUnlessAnswered,
});

export const eventResultsQuery = (key: string | undefined, eventKey: string | undefined) => ({
  ...competitionRead<EventResults>(key, { topic: 'results', rest: ['event', eventKey] }, (k) =>
    paths.eventResults(k, eventKey!),
  ),
  enabled: key !== undefined && eventKey !== undefined,
  retry: retryUnlessAnswered,
});

export const competitorResultsQuery = (key: string | undefined, id: string | undefined) => ({
  ...competitionRead<CompetitorResult[]>(key, { topic: 'results', rest: ['competitor', id] }, (k) =>
    paths.competitorResults(k, id!),
  ),
  enabled: key !== undefined && id !== undefined,
  retry: retryUnlessAnswered,
});

/** Posted rounds in posting order, for the MC. */
export const announcementsQuery = (key: string | undefined) =>
  competitionRead<Announcements>(key, { topic: 'results', rest: ['announcements'] }, paths.announcements);

/** Thin hooks for the site competition's public results pages. */
export function useResultsSummary() {
  const { key } = useSiteKey();
  const query = useQuery(resultsSummaryQuery(key));
  return { ...query, summary: query.data, key };
}

export function useEventResults(eventKey: string | undefined) {
  const { key } = useSiteKey();
  const query = useQuery(eventResultsQuery(key, eventKey));
  return { ...query, results: query.data, key };
}

export function useCompetitorResults(id: string | undefined) {
  const { key } = useSiteKey();
  const query = useQuery(competitorResultsQuery(key, id));
  return { ...query, results: query.data, key };
}
