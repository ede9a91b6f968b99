import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../api/client.ts';
import { competitionQueryKey } from '../../api/queries/keys.ts';
import { useSiteKey } from '../../api/queries/competition.ts';
import type {
  CompetitorResult,
  EventResults,
  ResultsSummary,
} from '../../../server/api/publicResults/types.ts';

export type { CompetitorResult, EventResults, ResultsSummary };

/** A 404 is an answer (no such event), not a hiccup: do not retry it. */
const retry = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500 && error.status > 0) && count < 2;

/**
 * Keys live under the `results` topic, so posting or un-posting a round (which publishes `results`)
 * refreshes every open results page; `events` also names them because entries and names change there.
 */
export function useResultsSummary() {
  const { key } = useSiteKey();
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'results', 'summary'),
    queryFn: () => api.get<ResultsSummary>(`/competitions/${encodeURIComponent(key!)}/results`),
    enabled: key !== undefined,
    retry,
  });
  return { ...query, summary: query.data, key };
}

export function useEventResults(eventKey: string | undefined) {
  const { key } = useSiteKey();
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'results', 'event', eventKey),
    queryFn: () =>
      api.get<EventResults>(
        `/competitions/${encodeURIComponent(key!)}/results/${encodeURIComponent(eventKey!)}`,
      ),
    enabled: key !== undefined && eventKey !== undefined,
    retry,
  });
  return { ...query, results: query.data, key };
}

export function useCompetitorResults(id: string | undefined) {
  const { key } = useSiteKey();
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'results', 'competitor', id),
    queryFn: () =>
      api.get<CompetitorResult[]>(
        `/competitions/${encodeURIComponent(key!)}/competitors/${encodeURIComponent(id!)}/results`,
      ),
    enabled: key !== undefined && id !== undefined,
    retry,
  });
  return { ...query, results: query.data, key };
}

/** The download links (served by the API with a filename). */
export const competitionCsvUrl = (key: string) =>
  `/api/v1/competitions/${encodeURIComponent(key)}/results.csv`;
export const eventCsvUrl = (key: string, eventKey: string) =>
  `/api/v1/competitions/${encodeURIComponent(key)}/events/${encodeURIComponent(eventKey)}/results.csv`;
