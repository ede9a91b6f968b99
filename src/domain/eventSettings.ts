import type { EventSettings } from './schemas/competition.ts';

/** Spec §3: every flag false, the index 0. */
export const DEFAULT_EVENT_SETTINGS: EventSettings = {
  showScheduleIndex: false,
  hideLiveSchedule: false,
  hideLevelIcons: false,
  highlightOtherRoundsInEvent: false,
  hideClearRoundsButton: false,
  hideGenerateRoundsButton: false,
  reorderAfterAddRemoveRound: false,
  liveScrollRefreshIndex: 0,
  // Schedule timing (issue 5): TBA until a first start is set; 2 minutes a dance, 1 minute between rounds.
  scheduleFirstStartTime: null,
  schedulePerDanceSeconds: 120,
  scheduleTransitionSeconds: 60,
};
