/**
 * What the MC says, in the order they say it: recalled couples in number order, final placings from
 * last to first (one line at a time), award lists from first place. Pure, so the order is tested.
 */
import type { AnnouncedCouple, Announcement } from '../../../api/types.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { nowAndNext } from '../../../../domain/schedule.ts';
import { translator, type Translate } from '../../../../domain/i18n/catalog.ts';
import { placeLabel, roundLabel, sportText, type SportKey } from '../../../../domain/i18n/sport.ts';
import { mcText, type McKey } from './text.ts';

/** The words the MC reads, in a language: the board's and the sport's (round names, places). */
export interface AnnounceWords {
  t: Translate<McKey>;
  ts: Translate<SportKey>;
}

/** English, the words when none are given. */
const ENGLISH: AnnounceWords = { t: translator(mcText, 'en'), ts: translator(sportText, 'en') };

const byNumber = (a: AnnouncedCouple, b: AnnouncedCouple) =>
  Number(a.coupleNumber) - Number(b.coupleNumber) || a.coupleNumber.localeCompare(b.coupleNumber);

/** Recalled couple numbers in number order (12 before 101). */
export function recallNumbers(a: Announcement): string[] {
  return [...a.couples].sort(byNumber).map((c) => c.coupleNumber);
}

/** "recalled to the Semi-Final of Bronze Standard". */
export function recallHeadline(a: Announcement, { t, ts }: AnnounceWords = ENGLISH): string {
  return a.nextRoundName
    ? t('recall.headline', { round: roundLabel(ts, a.nextRoundName), event: a.eventName })
    : t('recall.headlineNext', { event: a.eventName });
}

/**
 * The places a couple occupies: a shared place is the mean of the places the tied couples share
 * (two tied for 2nd → 2.5 each, occupying 2nd and 3rd).
 */
export function placeWords(place: number, sharedBy: number, { t, ts }: AnnounceWords = ENGLISH): string {
  if (sharedBy <= 1) return t('place.single', { place: placeLabel(ts, place) });
  const first = Math.round(place - (sharedBy - 1) / 2);
  const last = first + sharedBy - 1;
  return t(sharedBy === 2 ? 'place.joint2' : 'place.jointMany', {
    first: placeLabel(ts, first),
    last: placeLabel(ts, last),
  });
}

/** "Ann Lee and Bo Park": the couple's names as the MC says them. */
export const coupleNames = (t: Translate<McKey>, c: { leadName: string; followName: string }) =>
  c.leadName && c.followName
    ? t('names', { lead: c.leadName, follow: c.followName })
    : c.leadName || c.followName;

const names = (c: AnnouncedCouple, t: Translate<McKey>) =>
  [coupleNames(t, c), c.affiliation].filter((s) => s && s !== 'Other').join(', ');

export interface PlacingLine {
  coupleNumber: string;
  place: number;
  text: string;
}

/** The final read out: last place first, shared places in number order, one line per couple. */
export function placingLines(a: Announcement, words: AnnounceWords = ENGLISH): PlacingLine[] {
  const placed = a.couples.filter((c): c is AnnouncedCouple & { place: number } => c.place !== null);
  const count = new Map<number, number>();
  for (const c of placed) count.set(c.place, (count.get(c.place) ?? 0) + 1);
  return [...placed]
    .sort((x, y) => y.place - x.place || byNumber(x, y))
    .map((c) => {
      const who = names(c, words.t);
      const place = placeWords(c.place, count.get(c.place) ?? 1, words);
      return {
        coupleNumber: c.coupleNumber,
        place: c.place,
        text: who
          ? words.t('line.named', { place, number: c.coupleNumber, who })
          : words.t('line', { place, number: c.coupleNumber }),
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
