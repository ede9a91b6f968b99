import { useQuery } from '@tanstack/react-query';
import type { FloorView, RoundCouples } from '../../../../domain/schemas/floor.ts';
import { api } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { competitionPath, eventPath } from '../events/setupApi.ts';
import type { RoundRef } from './deckLogic.ts';

/** How many rounds ahead the deck captain sees. */
export const NEXT_ROUNDS = 8;

/**
 * Keyed under `events`: every write that moves couples (check-in, scratch, heats, start, post)
 * publishes `events`, so the live feed refreshes these in place for every open deck captain screen.
 */
export const floorKey = (key: string) => competitionQueryKey(key, 'events', 'floor');
export const roundCouplesKey = (key: string, r?: RoundRef) =>
  r
    ? competitionQueryKey(key, 'events', 'roundCouples', r.eventKey, r.roundNumber)
    : competitionQueryKey(key, 'events', 'roundCouples');

export const roundPath = (key: string, r: RoundRef) =>
  `${eventPath(key, r.eventKey)}/rounds/${r.roundNumber}`;
export const entryPath = (key: string, eventKey: string, entryId: number) =>
  `${eventPath(key, eventKey)}/entries/${entryId}`;

export function useFloor(key: string | undefined) {
  return useQuery({
    queryKey: floorKey(key ?? ''),
    queryFn: () => api.get<FloorView>(`${competitionPath(key!)}/floor?next=${NEXT_ROUNDS}`),
    enabled: key !== undefined,
  });
}

/** A chosen round that has left the floor view (posted, or beyond the next rounds): read on its own. */
export function useRoundCouples(key: string | undefined, round: RoundRef | null, enabled: boolean) {
  return useQuery({
    queryKey: roundCouplesKey(key ?? '', round ?? undefined),
    queryFn: () => api.get<RoundCouples>(`${roundPath(key!, round!)}/couples`),
    enabled: enabled && key !== undefined && round !== null,
  });
}

export interface HeatsAnswer extends RoundCouples {
  message: string;
}
