/**
 * What the projector display (/live/display?floor=…) shows for each floor: the rounds on
 * it now, the one that comes next, and the round whose result was posted last. Pure, so the rules are
 * tested without a browser.
 */
import { nowAndNext } from '../../../domain/schedule.ts';
import type { Schedule, ScheduleItem } from '../../../domain/schemas/events.ts';
import { STATE, type LiveItem, type LiveT } from './liveLogic.ts';

/** What the display needs of a schedule item: the live view's part, its dances and heats, its floor. */
export type DisplayItem = LiveItem & Pick<ScheduleItem, 'dances' | 'heats' | 'floor'>;

/** A floor as GET …/schedule lists it: its name and how late its next round is. */
export type DisplayFloor = Pick<Schedule['floors'][number], 'name' | 'minutesLate'>;

export interface FloorBoard {
  floor: string;
  /** Minutes the floor's next round is behind its plan (null: no time to compare). */
  minutesLate: number | null;
  now: DisplayItem[];
  next: DisplayItem | null;
  /** The round of this floor posted last: its recalled couples or placings are on the screen. */
  posted: DisplayItem | null;
}

export function floorBoard(
  items: readonly DisplayItem[],
  floors: readonly DisplayFloor[],
  floor: string,
): FloorBoard {
  const mine = items.filter((i) => i.floor === floor).sort((a, b) => a.scheduleIndex - b.scheduleIndex);
  const on = nowAndNext(mine);
  const now = on.now;
  const next = on.next[0] ?? null;
  // The last posted: the round marked last (endedAt), else the furthest in the running order.
  const posted =
    mine
      .filter((i) => i.kind === 'round' && i.roundState === STATE.Posted)
      .sort(
        (a, b) => (b.endedAt ?? '').localeCompare(a.endedAt ?? '') || b.scheduleIndex - a.scheduleIndex,
      )[0] ?? null;
  const minutesLate = floors.find((f) => f.name === floor)?.minutesLate ?? null;
  return { floor, minutesLate, now, next, posted };
}

/**
 * "Waltz · Tango · Foxtrot", and the heats when there are several: `dance` words a dance's name (the
 * sport's words), `t` the heats.
 */
export function danceLine(
  item: Pick<DisplayItem, 'kind' | 'dances' | 'heats'>,
  dance: (name: string) => string,
  t: LiveT,
): string {
  if (item.kind !== 'round') return '';
  const heats = item.heats > 1 ? ` · ${t('display.heats', { count: item.heats })}` : '';
  return `${item.dances.map(dance).join(' · ')}${heats}`;
}

/** The round recalled couples go on to: the event's next round in the schedule, by number. */
export function nextRoundName(items: readonly DisplayItem[], posted: DisplayItem): string | null {
  const later = items
    .filter((i) => i.eventKey === posted.eventKey && i.roundNumber > posted.roundNumber && i.kind === 'round')
    .sort((a, b) => a.roundNumber - b.roundNumber)[0];
  return later?.roundName ?? null;
}
