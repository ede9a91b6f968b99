/**
 * Reads and types of the setup screens (events, schedule, officials). Query keys start
 * `[competitionKey, topic]` so the live feed refreshes them (api/queries.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { useSiteKey } from '../../../api/queries/competition.ts';

export interface AdminRound {
  roundNumber: number;
  roundName: string;
  roundId: string;
  scheduleIndex: number;
  roundStartTime: string | null;
  recallSize: number;
  roundState: number;
  entries: { entryId: number; leadNumber: number; heat: number }[];
  version: number;
}

export interface AdminEvent {
  key: string;
  name: string;
  style: string;
  level: string;
  dances: string[];
  entries: { id: number; leadNumber: number; leadName: string; followName: string; scratched: boolean }[];
  rounds: AdminRound[];
  version: number;
}

import type { Schedule } from '../../../../domain/schemas/events.ts';
export type { Schedule, ScheduleItem } from '../../../../domain/schemas/events.ts';

export interface AdminOfficial {
  id: number;
  name: string;
  role: string;
  bio: string;
  photoURL: string;
  letter: string;
  version: number;
}

export interface Panel {
  eventKey: string;
  eventName: string;
  isDefault: boolean;
  officialIds: number[];
  letters: string[];
  version: number;
}

export const competitionPath = (key: string) => `/competitions/${encodeURIComponent(key)}`;
export const eventPath = (key: string, eventKey: string) =>
  `${competitionPath(key)}/events/${encodeURIComponent(eventKey)}`;

export function useAdminEvents() {
  const { key } = useSiteKey();
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'events'),
    queryFn: () => api.get<AdminEvent[]>(`${competitionPath(key!)}/events`),
    enabled: key !== undefined,
  });
  return { ...query, key };
}

export function useSchedule() {
  const { key } = useSiteKey();
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'schedule'),
    queryFn: () => api.get<Schedule>(`${competitionPath(key!)}/schedule`),
    enabled: key !== undefined,
    // Estimates move with the clock while a round runs late.
    refetchInterval: 60_000,
  });
  return { ...query, key };
}

export function useOfficials() {
  const { key } = useSiteKey();
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'competition', 'officials'),
    queryFn: () => api.get<AdminOfficial[]>(`${competitionPath(key!)}/officials`),
    enabled: key !== undefined,
  });
  return { ...query, key };
}

export function usePanels() {
  const { key } = useSiteKey();
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'events', 'panels'),
    queryFn: () => api.get<Panel[]>(`${competitionPath(key!)}/panels`),
    enabled: key !== undefined,
  });
  return { ...query, key };
}

/** True for the answer to a write someone else's change made stale. */
export const isStale = (e: unknown): e is ApiError =>
  e instanceof ApiError && e.status === 409 && e.code === 'stale';

export const STALE_MESSAGE =
  'Someone else changed this while you were looking at it. Your change was not saved; the screen now shows the current version — check it and try again.';
