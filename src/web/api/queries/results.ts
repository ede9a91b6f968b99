import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { call } from '../client.ts';
import { competitionRead, retryUnlessAnswered } from './keys.ts';
import { useSiteRead } from './competition.ts';

/** Keys live under the `results` topic: posting or un-posting a round publishes `results`. */
export const resultsSummaryQuery = (key: string | undefined) => ({
  ...competitionRead(key, { topic: 'results', rest: ['summary'] }, (k) =>
    call(endpoints.getResults, { key: k }),
  ),
  retry: retryUnlessAnswered,
});

export const eventResultsQuery = (key: string | undefined, eventKey: string | undefined) => ({
  ...competitionRead(key, { topic: 'results', rest: ['event', eventKey] }, (k) =>
    call(endpoints.getResultsOne, { key: k, eventKey: eventKey! }),
  ),
  enabled: key !== undefined && eventKey !== undefined,
  retry: retryUnlessAnswered,
});

export const competitorResultsQuery = (key: string | undefined, id: string | undefined) => ({
  ...competitionRead(key, { topic: 'results', rest: ['competitor', id] }, (k) =>
    call(endpoints.getCompetitorsResults, { key: k, id: id! }),
  ),
  enabled: key !== undefined && id !== undefined,
  retry: retryUnlessAnswered,
});

/** Posted rounds in posting order, for the MC. */
export const announcementsQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'results', rest: ['announcements'] }, (k) =>
    call(endpoints.getAnnouncements, { key: k }),
  );

/** Thin hooks for the site competition's public results pages. */
export const useResultsSummary = () => useSiteRead('summary', resultsSummaryQuery);

export const useEventResults = (eventKey: string | undefined) =>
  useSiteRead('results', (key) => eventResultsQuery(key, eventKey));

export const useCompetitorResults = (id: string | undefined) =>
  useSiteRead('results', (key) => competitorResultsQuery(key, id));

/**
 * The chairman's report on the judging (staff only), of one event or all; under `results`, which
 * posting or un-posting a round publishes.
 */
export const judgingReportQuery = (key: string | undefined, event: string | undefined) =>
  competitionRead(key, { topic: 'results', rest: ['judging-report', event ?? 'all'] }, (k) =>
    call(endpoints.getJudgingReport, { key: k, event }),
  );
