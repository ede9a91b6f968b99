import { useQuery } from '@tanstack/react-query';
import type {
  FinalResultsView,
  RecallResultsView,
  RoundMarksView,
} from '../../../../domain/schemas/marks.ts';
import { ApiError, api } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries.ts';
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

/**
 * PUT with extra headers (If-Match for a correction). The shared client takes no headers yet, so this
 * one call mirrors its error handling; fold it into `api` once the client accepts headers.
 */
export async function putWithHeaders<T>(
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', 'Could not reach the server. Check the connection and try again.');
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string; details?: unknown } } | undefined)
      ?.error;
    throw new ApiError(
      res.status,
      err?.code ?? `http_${res.status}`,
      err?.message ?? `The server answered ${res.status}. Try again in a moment.`,
      err?.details,
    );
  }
  return data as T;
}
