import { useQuery } from '@tanstack/react-query';
import type { Schedule } from '../../../domain/schemas/events.ts';
import type { FinalResultsView, RecallResultsView } from '../../../domain/schemas/marks.ts';
import { api } from '../../api/client.ts';
import { competitionQueryKey } from '../../api/queries/keys.ts';
import { useSiteKey } from '../../api/queries/competition.ts';

/**
 * The live view's reads. Keys follow `[competition, topic, …]` so the change feed refreshes them:
 * the running order on `schedule`, a round's result on `results` (posting publishes both).
 */
export function useSchedule() {
  const { key } = useSiteKey();
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'schedule'),
    queryFn: () => api.get<Schedule>(`/competitions/${encodeURIComponent(key!)}/schedule`),
    enabled: key !== undefined,
  });
  return { ...query, schedule: query.data, key };
}

export type RoundResult = RecallResultsView | FinalResultsView;

/** A posted round's result; ask only once the round is Posted (the public gets 404 before). */
export function useRoundResult(eventKey: string, roundNumber: number, posted: boolean) {
  const { key } = useSiteKey();
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'results', eventKey, roundNumber),
    queryFn: () =>
      api.get<RoundResult>(
        `/competitions/${encodeURIComponent(key!)}/events/${encodeURIComponent(eventKey)}/rounds/${roundNumber}/results`,
      ),
    enabled: key !== undefined && posted,
  });
  return { ...query, result: query.data };
}
