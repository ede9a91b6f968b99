import { useQuery } from '@tanstack/react-query';
import type {
  FinalResultsView,
  RecallResultsView,
  RoundMarksView,
} from '../../../../domain/schemas/marks.ts';
import { ApiError, api } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { eventPath } from '../events/setupApi.ts';

export type RoundResultsView = RecallResultsView | FinalResultsView;

export interface RoundRef {
  eventKey: string;
  roundNumber: number;
}

export const roundPath = (key: string, r: RoundRef) =>
  `${eventPath(key, r.eventKey)}/rounds/${r.roundNumber}`;

/** Keyed under `marks` so every judge's submission (live feed topic `marks`) refreshes it in place. */
export function useRoundMarks(key: string | undefined, round: RoundRef | null) {
  return useQuery({
    queryKey: competitionQueryKey(key ?? '', 'marks', round?.eventKey, round?.roundNumber),
    queryFn: () => api.get<RoundMarksView>(`${roundPath(key!, round!)}/marks`),
    enabled: key !== undefined && round !== null,
  });
}

/** The computed result, or null while the round has none. Refreshed by `marks` and `results` messages. */
export function useRoundResults(key: string | undefined, round: RoundRef | null) {
  return useQuery({
    queryKey: competitionQueryKey(key ?? '', 'marks', round?.eventKey, round?.roundNumber, 'results'),
    queryFn: async () => {
      try {
        return await api.get<RoundResultsView>(`${roundPath(key!, round!)}/results`);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
    enabled: key !== undefined && round !== null,
  });
}

/** The details of a 409 `tie_decision_needed` answer. */
export interface TieDecisionDetails {
  tiedAtCutoff: string[];
  cutoffMarks: number;
  default: 'includeTied';
  options: {
    includeTied: { count: number; recalled: string[] };
    excludeTied: { count: number; recalled: string[] };
  };
}
