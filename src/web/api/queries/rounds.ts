import { queryOptions } from '@tanstack/react-query';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { call } from '../client.ts';
import { type RoundRef, roundParams } from '../paths.ts';
import { competitionQueryKey, competitionRead, nullWhenMissing } from './keys.ts';

/**
 * The floor and a round's couples are keyed under `events`: every write that moves couples
 * (check-in, scratch, heats, start, post) publishes `events`, so open screens refresh in place.
 * Every round still to start comes with it (the deck captain may line up any), or only the first
 * `next` (0: what is on the floor alone, as the dashboard shows it).
 */
export const floorQuery = (key: string | undefined, next?: number) =>
  competitionRead(key, { topic: 'events', rest: ['floor', next ?? 'all'] }, (k) =>
    call(endpoints.getFloor, { key: k, next }),
  );

/**
 * What each entry's couple (or its paying team) still owes, and the competition's check-in rule: one
 * read for the deck captain's whole screen, keyed under `events` so it is read again with the floor
 * (a check-in, a scratch, an entry added or dropped).
 */
export const checkInBalancesQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'events', rest: ['checkInBalances'] }, (k) =>
    call(endpoints.getCheckInBalances, { key: k }),
  );

export const roundCouplesQuery = (key: string | undefined, round: RoundRef | null) =>
  queryOptions({
    queryKey: competitionQueryKey(key ?? '', 'events', 'roundCouples', round?.eventKey, round?.roundNumber),
    queryFn: () => call(endpoints.getEventsRoundsCouples, roundParams(key!, round!)),
    enabled: key !== undefined && round !== null,
  });

/**
 * An AJS round's split and panel; keyed under `marks`, which a draw or a split set publishes (and a
 * first mark, which fixes it).
 */
export const roundAjsPanelQuery = (key: string | undefined, round: RoundRef | null, enabled = true) =>
  queryOptions({
    queryKey: competitionQueryKey(key ?? '', 'marks', 'ajsPanel', round?.eventKey, round?.roundNumber),
    queryFn: () => call(endpoints.getEventsRoundsAjsPanel, roundParams(key!, round!)),
    enabled: enabled && key !== undefined && round !== null,
  });

/** Keyed under `marks` so every judge's submission (feed topic `marks`) refreshes it in place. */
export const roundMarksQuery = (key: string | undefined, round: RoundRef | null) =>
  queryOptions({
    queryKey: competitionQueryKey(key ?? '', 'marks', round?.eventKey, round?.roundNumber),
    queryFn: () => call(endpoints.getEventsRoundsMarks, roundParams(key!, round!)),
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
    queryFn: () => nullWhenMissing(call(endpoints.getEventsRoundsResults, roundParams(key!, round!))),
    enabled: key !== undefined && round !== null,
  });
