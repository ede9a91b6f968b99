import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { Competition, EventSettingsResponse, FeedTopic } from '../../domain/schemas/competition.ts';
import { api } from './client.ts';

/**
 * Every competition query key starts `[competitionKey, topic, …]`, so the realtime hook can invalidate
 * exactly what a change-feed message names (`[key, 'events']`) or everything of one competition (`[key]`).
 * `dashboard` is the admin's summary, refreshed on any change.
 */
export type QueryTopic = FeedTopic | 'dashboard';

export function competitionQueryKey(key: string, topic: QueryTopic, ...rest: readonly unknown[]): QueryKey {
  return [key, topic, ...rest];
}

/** The site-wide query (not per competition): which competition `/` serves. */
export const siteQueryKey = ['site'] as const;

export interface SiteInfo {
  competition: string;
}

/** One public event as GET /competitions/{key}/events returns it (api.md). */
export interface PublicEvent {
  key: string;
  name: string;
  style: string;
  level: string;
  dances: string[];
  entries: unknown[];
  rounds: PublicRound[];
}

export interface PublicRound {
  roundNumber: number;
  roundName: string;
  roundId: string;
  scheduleIndex: number;
  roundStartTime: string;
  recallSize: number;
  roundState: number;
  entries: unknown[];
}

/** The key of the competition served at `/` (GET /api/v1/site). It does not change while the app runs. */
export function useSiteKey() {
  const query = useQuery({
    queryKey: siteQueryKey,
    queryFn: () => api.get<SiteInfo>('/site'),
    staleTime: Infinity,
  });
  return { ...query, key: query.data?.competition };
}

/**
 * The site competition's metadata. `key` is undefined until /site has answered; `competition` until
 * the metadata has. Pass `competitionKey` to read another competition than the site's.
 */
export function useCompetition(competitionKey?: string) {
  const site = useSiteKey();
  const key = competitionKey ?? site.key;
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'competition'),
    queryFn: () => api.get<Competition>(`/competitions/${encodeURIComponent(key!)}`),
    enabled: key !== undefined,
  });
  return {
    ...query,
    competition: query.data,
    key,
    // A failure to learn the site key is as fatal for the page as a failure to load the competition.
    error: query.error ?? (competitionKey ? null : site.error),
    isError: query.isError || (!competitionKey && site.isError),
    isPending: key === undefined ? !site.isError : query.isPending,
  };
}

/** Event settings (spec §3) of the site competition. */
export function useEventSettings(competitionKey?: string) {
  const site = useSiteKey();
  const key = competitionKey ?? site.key;
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'settings'),
    queryFn: () =>
      api.get<EventSettingsResponse>(`/competitions/${encodeURIComponent(key!)}/settings/events`),
    enabled: key !== undefined,
  });
  return { ...query, settings: query.data, key };
}

/** The public events (with entries and rounds) of the site competition. */
export function useEvents(competitionKey?: string) {
  const site = useSiteKey();
  const key = competitionKey ?? site.key;
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'events'),
    queryFn: () => api.get<PublicEvent[]>(`/competitions/${encodeURIComponent(key!)}/events`),
    enabled: key !== undefined,
  });
  return { ...query, events: query.data, key };
}
