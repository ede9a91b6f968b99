import { queryOptions } from '@tanstack/react-query';
import type { FloorView, RoundCouples } from '../../../domain/schemas/floor.ts';
import type { RoundMarksView } from '../../../domain/schemas/marks.ts';
import { api } from '../client.ts';
import { paths, type RoundRef } from '../paths.ts';
import type { RoundResultsView } from '../types.ts';
import { competitionQueryKey, competitionRead, nullWhenMissing } from './keys.ts';

/**
 * The floor and a round's couples are keyed under `events`: every write that moves couples
 * (check-in, scratch, heats, start, post) publishes `events`, so open screens refresh in place.
 * Every round still to start comes with it (the deck captain may line up any), or only the first
 * `next` (0: what is on the floor alone, as the dashboard shows it).
 */
export const floorQuery = (key: string | undefined, next?: number) =>
  competitionRead<FloorView>(key, { topic: 'events', rest: ['floor', next ?? 'all'] }, (k) =>
    paths.floor(k, next),
  );

export const roundCouplesQuery = (key: string | undefined, round: RoundRef | null) =>
  queryOptions({
    queryKey: competitionQueryKey(key ?? '', 'events', 'roundCouples', round?.eventKey, round?.roundNumber),
    queryFn: () => api.get<RoundCouples>(paths.roundAction(key!, round!, 'couples')),
    enabled: key !== undefined && round !== null,
  });

/** Keyed under `marks` so every judge's submission (feed topic `marks`) refreshes it in place. */
export const roundMarksQuery = (key: string | undefined, round: RoundRef | null) =>
  queryOptions({
    queryKey: competitionQueryKey(key ?? '', 'marks', round?.eventKey, round?.roundNumber),
    queryFn: () => api.get<RoundMarksView>(paths.roundAction(key!, round!, 'marks')),
    enabled: key !== undefined && round !== null,
  });

/**
 * A round's result: computed (staff) or posted (everyone); null while it has none (the server answers
 * null; a round deleted meanwhile answers 404, which reads as none too). Keyed under `results`, which
 * every change of a result publishes (compute, approve, a correcting mark, post, un-post): not
 * re-read on each judge's mark.
 */
export const roundResultsQuery = (key: string | undefined, round: RoundRef | null) =>
  queryOptions({
    queryKey: competitionQueryKey(key ?? '', 'results', 'round', round?.eventKey, round?.roundNumber),
    queryFn: () =>
      nullWhenMissing(api.get<RoundResultsView | null>(paths.roundAction(key!, round!, 'results'))),
    enabled: key !== undefined && round !== null,
  });
