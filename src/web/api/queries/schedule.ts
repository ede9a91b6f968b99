import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { call } from '../client.ts';
import { competitionRead } from './keys.ts';
import { useSiteRead } from './competition.ts';

export const scheduleQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'schedule' }, (k) => call(endpoints.getSchedule, { key: k }));

/**
 * The running order of the site competition. `followClock` re-reads it every minute on staff
 * screens: estimates move with the clock while a round runs late.
 */
export const useSchedule = ({ followClock = false }: { followClock?: boolean } = {}) =>
  useSiteRead('schedule', (key) => ({
    ...scheduleQuery(key),
    ...(followClock ? { refetchInterval: 60_000 } : {}),
  }));

/**
 * The schedule's conflicts (staff). They change with the schedule, the entries and the minimum rest:
 * kept under 'events' (entries) and keyed by what else they follow, so any of those re-reads them.
 */
export const scheduleConflictsQuery = (key: string | undefined, follows: readonly unknown[]) =>
  competitionRead(key, { topic: 'events', rest: ['schedule-conflicts', ...follows] }, (k) =>
    call(endpoints.getScheduleConflicts, { key: k }),
  );
