/**
 * What "Suggest a schedule" may not move, read from the running order as the day stands: rounds that
 * happened stay where they are with their times, and Awards and Break items are the fixed points that
 * cut a floor into sessions (src/domain/scheduleSuggest.ts keeps every round in its session).
 */
import { RoundState } from './rounds/index.ts';
import { roundDurationMs, type RoundTimes, type ScheduleTiming } from './schedule.ts';
import type { SuggestRound } from './scheduleSuggest.ts';
import { isScheduleItem } from './schemas/events.ts';

export type ScheduleItemKind = 'Awards' | 'Break';

/** An Awards or a Break item (an item with Awards in it is an Awards), or null for a round. */
export function scheduleItemKind(dances: readonly string[]): ScheduleItemKind | null {
  if (!isScheduleItem(dances)) return null;
  return dances.includes('Awards') ? 'Awards' : 'Break';
}

/** States of a round that has been danced, is being danced or was passed over. */
const HAPPENED: readonly number[] = [
  RoundState.Running,
  RoundState.Skipped,
  RoundState.Marked,
  RoundState.Posted,
];

/** Started, marked, posted or skipped, or with a real start or end time: it stays as it is. */
export function hasHappened(round: Pick<RunningOrderRound, 'roundState' | 'startedAt' | 'endedAt'>): boolean {
  return HAPPENED.includes(round.roundState) || round.startedAt !== null || round.endedAt !== null;
}

/** A round (or Awards/Break item) of the running order with its estimated times. */
export interface RunningOrderRound {
  roundId: string;
  eventKey: string;
  roundNumber: number;
  style: string;
  level: string;
  dances: readonly string[];
  /** Heats it is drawn in now. */
  heats: number;
  floor: string;
  scheduleIndex: number;
  roundState: number;
  /** Real start and end (ISO), or null. */
  startedAt: string | null;
  endedAt: string | null;
  /** The organizer's start time (ISO), or null. */
  roundStartTime: string | null;
  waitMinutes: number;
  /** As `estimateScheduleTimes` estimates it (the floor's pace included). */
  times: RoundTimes;
}

/** A round as the suggester places it. */
export function suggestRoundOf(round: RunningOrderRound, timing: ScheduleTiming): SuggestRound {
  const { start, end } = round.times;
  return {
    roundId: round.roundId,
    eventKey: round.eventKey,
    roundNumber: round.roundNumber,
    floor: round.floor,
    scheduleIndex: round.scheduleIndex,
    // The estimate's own length (the floor's pace included); with no time yet, the plan's.
    durationMs:
      start !== null && end !== null
        ? end - start
        : roundDurationMs({ dances: round.dances.length, heats: round.heats }, timing),
    fixed: hasHappened(round),
    skipped: round.roundState === RoundState.Skipped,
    start,
    end,
    setStart: round.roundStartTime ? Date.parse(round.roundStartTime) : null,
    waitMinutes: round.waitMinutes,
    item: scheduleItemKind(round.dances),
    style: round.style,
    level: round.level,
  };
}
