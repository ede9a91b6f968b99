/**
 * A competition among the others on the server: where it stands (upcoming, running,
 * finished) and its dates moved by a number of days when it is cloned into next season's.
 */
import { RoundState } from './rounds/state.ts';
import { endOfDay, startOfDay, utcToZonedInput } from './time.ts';

export const COMPETITION_STATES = ['upcoming', 'running', 'finished'] as const;
export type CompetitionState = (typeof COMPETITION_STATES)[number];

export interface CompetitionDates {
  startDate: string;
  endDate: string;
  timeZone: string;
}

const DONE: readonly number[] = [RoundState.Posted, RoundState.Skipped];
const STARTED: readonly number[] = [RoundState.Running, RoundState.Marked, RoundState.Posted];

/**
 * Finished once its last day is over in its own zone, or once every round is posted or skipped (the
 * results are out, even on the last afternoon); running from its first day, or earlier once a round has
 * started (a Friday-night round before the published dates); upcoming before that.
 */
export function competitionState(
  c: CompetitionDates,
  roundStates: readonly number[],
  now: number = Date.now(),
): CompetitionState {
  if (now > endOfDay(c.endDate, c.timeZone)) return 'finished';
  if (roundStates.length > 0 && roundStates.every((s) => DONE.includes(s))) return 'finished';
  if (now >= startOfDay(c.startDate, c.timeZone) || roundStates.some((s) => STARTED.includes(s)))
    return 'running';
  return 'upcoming';
}

/** The calendar date `days` after `date` (YYYY-MM-DD; negative goes back). */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant `days` later on the competition's wall clock: a deadline at 23:59:59 local time stays at
 * 23:59:59 local time across a daylight-saving change (adding 24 h per day would move it by an hour).
 */
export function shiftInstant(iso: string, days: number, timeZone: string): string {
  const instant = Date.parse(iso);
  const day = utcToZonedInput(iso, timeZone).slice(0, 10);
  if (!day) return iso;
  const delta = startOfDay(shiftDate(day, days), timeZone) - startOfDay(day, timeZone);
  return new Date(instant + delta).toISOString();
}
