import { paths } from '../paths.ts';
import type { Announcements, CompetitorResult, EventResults, ResultsSummary } from '../types.ts';
import { competitionRead, retryUnlessAnswered } from './keys.ts';
import { useSiteRead } from './competition.ts';

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
export const useResultsSummary = () => useSiteRead('summary', resultsSummaryQuery);

export const useEventResults = (eventKey: string | undefined) =>
  useSiteRead('results', (key) => eventResultsQuery(key, eventKey));

export const useCompetitorResults = (id: string | undefined) =>
  useSiteRead('results', (key) => competitorResultsQuery(key, id));
