import type { EventSettings } from './schemas/competition.ts';

/** The settings kept in the event_settings document; the clock is a column of the competition. */
export type StoredEventSettings = Omit<EventSettings, 'clock'>;

/** Spec §3: every flag false, the index 0. */
export const DEFAULT_EVENT_SETTINGS: StoredEventSettings = {
  showScheduleIndex: false,
  hideLiveSchedule: false,
  hideLevelIcons: false,
  highlightOtherRoundsInEvent: false,
  hideClearRoundsButton: false,
  hideGenerateRoundsButton: false,
  reorderAfterAddRemoveRound: false,
  liveScrollRefreshIndex: 0,
  // Schedule timing: TBA until a first start is set; 2 minutes a dance, 1 minute between rounds.
  scheduleFirstStartTime: null,
  schedulePerDanceSeconds: 120,
  scheduleTransitionSeconds: 60,
};
