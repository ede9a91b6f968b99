import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { FeedTopic } from '../../../domain/schemas/competition.ts';
import { ApiError } from '../client.ts';

/**
 * Every competition query key starts `[competitionKey, topic, …]`, so the realtime hook can invalidate
 * exactly what a change-feed message names (`[key, 'events']`) or everything of one competition (`[key]`).
 * `dashboard` is the admin's summary, refreshed on any change; `admins` changes only through its screen;
 * `audit` (the audit trail's check) is read when an admin asks; `messages` (the outbox) is read again
 * every few seconds while its screen is open (the sender changes it, no command does).
 */
export type QueryTopic = FeedTopic | 'dashboard' | 'admins' | 'audit' | 'messages';

export function competitionQueryKey(key: string, topic: QueryTopic, ...rest: readonly unknown[]): QueryKey {
  return [key, topic, ...rest];
}

/**
 * The mirror's answer (mirrorQuery in api/queries/competition.ts) is kept at `[key, 'competition', 'mirror']`: a change of
 * `competition` (live ⇄ offline) reads it again, and realtime/feed.ts reads it again on other changes
 * while the competition is mirrored.
 */
export const MIRROR_REST = ['mirror'] as const;

/**
 * One read of a competition's resource: its key under `topic`, how to read it (a `call` of the endpoint
 * table, so its answer type comes from there), and waiting (not asking) while the competition's key is
 * still unknown. Every factory of this folder is built on it.
 */
export function competitionRead<T>(
  key: string | undefined,
  cacheKey: { topic: QueryTopic; rest?: readonly unknown[] },
  read: (key: string) => Promise<T>,
) {
  return queryOptions({
    queryKey: competitionQueryKey(key ?? '', cacheKey.topic, ...(cacheKey.rest ?? [])),
    queryFn: () => read(key!),
    enabled: key !== undefined,
  });
}

/** Reads that answer 404 while there is nothing yet (a round with no result): null, not an error. */
export async function nullWhenMissing<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** A 404 is an answer (no such event), not a hiccup: do not retry it. */
export const retryUnlessAnswered = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500 && error.status > 0) && count < 2;
