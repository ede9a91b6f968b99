/**
 * What the MC says, in the order they say it: recalled couples in number order, final placings from
 * last to first (one line at a time), award lists from first place. Pure, so the order is tested.
 */
import type { AnnouncedCouple, Announcement } from '../../../api/types.ts';
import { ordinal } from '../../../components/format.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { nowAndNext } from '../../../../domain/schedule.ts';

const byNumber = (a: AnnouncedCouple, b: AnnouncedCouple) =>
  Number(a.coupleNumber) - Number(b.coupleNumber) || a.coupleNumber.localeCompare(b.coupleNumber);

/** Recalled couple numbers in number order (12 before 101). */
export function recallNumbers(a: Announcement): string[] {
  return [...a.couples].sort(byNumber).map((c) => c.coupleNumber);
}

/** "recalled to the Semi-Final of Bronze Standard". */
export function recallHeadline(a: Announcement): string {
  return `The following couples are recalled to the ${a.nextRoundName ?? 'next round'} of ${a.eventName}:`;
}

/**
 * The places a couple occupies: a shared place is the mean of the places the tied couples share
 * (two tied for 2nd → 2.5 each, occupying 2nd and 3rd).
 */
export function placeWords(place: number, sharedBy: number): string {
  if (sharedBy <= 1) return `${ordinal(place)} place`;
  const first = Math.round(place - (sharedBy - 1) / 2);
  const last = first + sharedBy - 1;
  return sharedBy === 2
    ? `joint ${ordinal(first)} place (sharing ${ordinal(first)} and ${ordinal(last)})`
    : `joint ${ordinal(first)} place (sharing ${ordinal(first)} to ${ordinal(last)})`;
}

const names = (c: AnnouncedCouple) =>
  [
    c.leadName && c.followName ? `${c.leadName} and ${c.followName}` : c.leadName || c.followName,
    c.affiliation,
  ]
    .filter((s) => s && s !== 'Other')
    .join(', ');

export interface PlacingLine {
  coupleNumber: string;
  place: number;
  text: string;
}

/** The final read out: last place first, shared places in number order, one line per couple. */
export function placingLines(a: Announcement): PlacingLine[] {
  const placed = a.couples.filter((c): c is AnnouncedCouple & { place: number } => c.place !== null);
  const count = new Map<number, number>();
  for (const c of placed) count.set(c.place, (count.get(c.place) ?? 0) + 1);
  return [...placed]
    .sort((x, y) => y.place - x.place || byNumber(x, y))
    .map((c) => {
      const who = names(c);
      return {
        coupleNumber: c.coupleNumber,
        place: c.place,
        text: `In ${placeWords(c.place, count.get(c.place) ?? 1)}, couple ${c.coupleNumber}${who ? `, ${who}` : ''}`,
      };
    });
}

/** The award list: places 1 to `top` (6 by default), best first. */
export function awardList(a: Announcement, top = 6): (AnnouncedCouple & { place: number })[] {
  return a.couples
    .filter((c): c is AnnouncedCouple & { place: number } => c.place !== null && c.place <= top + 0.5)
    .sort((x, y) => x.place - y.place || byNumber(x, y));
}

/** The MC's place: which announcement is open, which line of it, and whether they chose it. */
export interface StepState {
  selectedId: string | null;
  line: number;
  /** True until the MC picks an announcement or steps through one: the newest one opens by itself. */
  following: boolean;
}

export type StepAction =
  | { type: 'next'; lines: number }
  | { type: 'previous' }
  | { type: 'select'; id: string }
  | { type: 'arrived'; latestId: string | null };

export const initialStep: StepState = { selectedId: null, line: 0, following: true };

export function stepReducer(state: StepState, action: StepAction): StepState {
  switch (action.type) {
    // Stepping means the MC is reading this one: from now on a new post must not take it away.
    case 'next':
      return { ...state, line: Math.min(state.line + 1, Math.max(action.lines - 1, 0)), following: false };
    case 'previous':
      return { ...state, line: Math.max(state.line - 1, 0), following: false };
    case 'select':
      return state.selectedId === action.id && !state.following
        ? state
        : { selectedId: action.id, line: 0, following: false };
    case 'arrived':
      // A new post never moves an MC who is reading: only one who has not picked anything follows it.
      if (!state.following || action.latestId === state.selectedId) return state;
      return { selectedId: action.latestId, line: 0, following: true };
  }
}

/**
 * Rounds on the floor now, and the next ones (rounds, Awards, Breaks) by the one rule every screen
 * uses (nowAndNext): the projector's "Next" is the MC's first "Coming up".
 */
export function comingUp(items: readonly ScheduleItem[], howMany = 2) {
  const { now, next } = nowAndNext(items);
  return { onFloor: now, next: next.slice(0, howMany) };
}
