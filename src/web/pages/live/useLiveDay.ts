import { useCompetition, useEventSettings } from '../../api/queries/competition.ts';
import { useEvents } from '../../api/queries/events.ts';
import { useSchedule } from '../../api/queries/schedule.ts';
import { useLiveUpdates } from '../../realtime/useLiveUpdates.ts';
import { DEFAULT_CLOCK, type ClockFormat } from '../../../domain/time.ts';
import { spansDays } from './liveLogic.ts';
import { useProjectorMode } from './useFullscreen.ts';

/** How a board writes times: in the competition's zone and clock, with the day when it spans several. */
export interface BoardClock {
  timeZone: string;
  clock: ClockFormat;
  withDay: boolean;
}

/**
 * What the boards of the day's running order (/live and the ballroom display) read: the competition,
 * its settings, the schedule and events, kept fresh by the change feed, and the projector mode.
 */
export function useLiveDay() {
  const { competition, key } = useCompetition();
  const { settings } = useEventSettings();
  const { schedule, error, refetch } = useSchedule();
  const { events } = useEvents();
  const feed = useLiveUpdates(key);
  const { projector, toggleProjector } = useProjectorMode();
  const clock: BoardClock = {
    timeZone: competition?.timeZone ?? 'UTC',
    clock: competition?.clock ?? DEFAULT_CLOCK,
    withDay: competition ? spansDays(competition.startDate, competition.endDate) : false,
  };
  return {
    competition,
    key,
    settings,
    schedule,
    error,
    refetch,
    events,
    feed,
    projector,
    toggleProjector,
    clock,
  };
}
