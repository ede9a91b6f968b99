import type { InvalidateQueryFilters, QueryKey } from '@tanstack/react-query';
import type { FeedMessage, FeedTopic } from '../../domain/schemas/competition.ts';
import type { MirrorStatus } from '../../domain/schemas/mirror.ts';
import * as endpoints from '../../domain/schemas/endpoints.ts';
import { hrefOf } from '../api/client.ts';
import { MIRROR_REST } from '../api/queries/keys.ts';

/**
 * The feed's topics. Spelled out here rather than imported as a value from the shared schemas, which
 * would pull Zod into the first chunk every visitor downloads; the test checks both lists agree.
 */
export const topics = [
  'competition',
  'events',
  'schedule',
  'results',
  'settings',
  'marks',
] as const satisfies readonly FeedTopic[];

/** What the change feed told us, reduced to what matters for cached data. */
export type FeedSignal =
  | { kind: 'change'; topic: FeedTopic; version: number }
  /** The server could not replay what we missed, or we reconnected: everything may be stale. */
  | { kind: 'everything' };

/** Parses the `data:` of an `event: change` message; null when it is not one we understand. */
export function parseChange(data: string): FeedMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { topic, version } = value as Record<string, unknown>;
  if (typeof topic !== 'string' || !(topics as readonly string[]).includes(topic)) return null;
  return { topic: topic as FeedTopic, version: typeof version === 'number' ? version : 0 };
}

/**
 * The query keys to invalidate for one signal. Query keys start `[competitionKey, topic, …]`
 * (see api/queries/keys.ts), so a prefix invalidates every query of that topic. The admin dashboard
 * summarises everything, so any change refreshes it. A round's result (filed under `results`) is not
 * refreshed by each judge's mark: the server publishes `results` whenever a result changes (compute,
 * approve, a correction that withdraws it, post, un-post).
 */
export function keysToInvalidate(competitionKey: string, signal: FeedSignal): QueryKey[] {
  if (signal.kind === 'everything') return [[competitionKey]];
  return [
    [competitionKey, signal.topic],
    [competitionKey, 'dashboard'],
  ];
}

/**
 * A mirrored competition's "updated 12:03:41" moves with every batch the venue sends, whatever its
 * topics. A competition run here changes its public answer only with `competition`, so its readers
 * (the venue's own /live, the projector) do not ask again on every change; the venue's dashboard card
 * asks every few seconds instead (its link changes without any change of the feed).
 */
export function followsEveryChange(data: unknown): boolean {
  const status = data as MirrorStatus | null | undefined;
  return !!status && status.state !== 'own';
}

/**
 * Beyond `keysToInvalidate`: the mirror's answer (filed under `competition`, `mirrorQuery` in
 * api/queries/competition.ts) on every other change too, while `followsEveryChange`; null when the
 * signal already covers it.
 */
export function mirrorToInvalidate(
  competitionKey: string,
  signal: FeedSignal,
): InvalidateQueryFilters | null {
  if (signal.kind === 'everything' || signal.topic === 'competition') return null;
  return {
    queryKey: [competitionKey, 'competition', ...MIRROR_REST],
    predicate: (query) => followsEveryChange(query.state.data),
  };
}

export function streamUrl(competitionKey: string): string {
  return hrefOf(endpoints.getStream, { key: competitionKey });
}

/** Wait before opening a new stream after the browser gave up on one: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}
