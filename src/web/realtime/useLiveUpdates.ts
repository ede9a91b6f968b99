import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { acquireConnection, peekConnection, releaseConnection, type LiveState } from './connection.ts';

export type { LiveState } from './connection.ts';

const noSubscription = () => () => {};

/**
 * THE realtime hook: keeps TanStack Query data of one competition fresh from its change feed
 * (GET /api/v1/competitions/{key}/stream). Several components may call it for the same competition;
 * they share one EventSource, closed when the last one unmounts.
 *
 * Returns the connection state, `live` or `reconnecting` (`connecting` before the first open), or
 * undefined while there is no key yet.
 */
export function useLiveUpdates(competitionKey: string | undefined): LiveState | undefined {
  const client = useQueryClient();
  // Bumped once the connection exists, so the state subscription below binds to it.
  const [, setAttached] = useState(0);

  useEffect(() => {
    if (!competitionKey) return;
    acquireConnection(competitionKey, client);
    setAttached((n) => n + 1);
    return () => releaseConnection(competitionKey, client);
  }, [competitionKey, client]);

  const connection = competitionKey ? peekConnection(competitionKey) : undefined;
  const state = useSyncExternalStore(
    connection?.subscribe ?? noSubscription,
    connection?.getState ?? (() => undefined),
    () => undefined,
  );
  return competitionKey ? (state ?? 'connecting') : undefined;
}
