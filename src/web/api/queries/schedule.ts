import type { Schedule } from '../../../domain/schemas/events.ts';
import { paths } from '../paths.ts';
import { competitionRead } from './keys.ts';
import { useSiteRead } from './competition.ts';

export const scheduleQuery = (key: string | undefined) =>
  competitionRead<Schedule>(key, { topic: 'schedule' }, paths.schedule);

/**
 * The running order of the site competition. `followClock` re-reads it every minute on staff
 * screens: estimates move with the clock while a round runs late.
 */
export const useSchedule = ({ followClock = false }: { followClock?: boolean } = {}) =>
  useSiteRead('schedule', (key) => ({
    ...scheduleQuery(key),
    ...(followClock ? { refetchInterval: 60_000 } : {}),
  }));
