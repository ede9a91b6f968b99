import { useQuery } from '@tanstack/react-query';
import type { RoundMarksView } from '../../../../domain/schemas/marks.ts';
import type { RoundCouples } from '../../../../domain/schemas/floor.ts';
import { ApiError, api } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { roundPath, type RoundRef, type RoundResultsView } from '../scrutineer/scrutineerApi.ts';

/**
 * A chairman who signs in with their code on this screen keeps the page's public change feed, which
 * carries no `marks` messages; polling every few seconds keeps the progress live until the next load.
 */
const POLL_MS = 4_000;

/** Same keys as the scrutineer's hooks, so both screens share the feed's refreshes. */
export function useChairmanMarks(key: string, round: RoundRef) {
  return useQuery({
    queryKey: competitionQueryKey(key, 'marks', round.eventKey, round.roundNumber),
    queryFn: () => api.get<RoundMarksView>(`${roundPath(key, round)}/marks`),
    refetchInterval: POLL_MS,
  });
}

export function useChairmanResult(key: string, round: RoundRef) {
  return useQuery({
    queryKey: competitionQueryKey(key, 'marks', round.eventKey, round.roundNumber, 'results'),
    queryFn: async () => {
      try {
        return await api.get<RoundResultsView>(`${roundPath(key, round)}/results`);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
    refetchInterval: POLL_MS,
  });
}

/** Names for the couple numbers of a final (public). */
export function useRoundCouples(key: string, round: RoundRef, enabled: boolean) {
  return useQuery({
    queryKey: competitionQueryKey(key, 'events', round.eventKey, round.roundNumber, 'couples'),
    queryFn: () => api.get<RoundCouples>(`${roundPath(key, round)}/couples`),
    enabled,
  });
}
