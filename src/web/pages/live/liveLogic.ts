/**
 * What the live view decides from the schedule, the events and the settings: which round is current
 * (and scrolled to), which rounds are "yours", how a state and a start time read for spectators.
 * Pure functions, so the rules are tested without a browser.
 */
import type {
  EventEntryView,
  EventRoundView,
  EventView,
  ScheduleItem,
} from '../../../domain/schemas/events.ts';
import { RoundState, roundStateName, type RoundStateName } from '../../shared/roundStates.ts';
import { dateFormat, safeZone } from '../../components/format.ts';
import { formatTime, type ClockFormat } from '../../../domain/time.ts';
import { isRunningLate, nowAndNext } from '../../../domain/schedule.ts';
import { translator, type Translate } from '../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';
import { liveText, type LiveKey } from './text.ts';

/** The live pages' words (liveText); English where a caller gives none (tests, other screens). */
export type LiveT = Translate<LiveKey>;
const english = (): LiveT => translator(liveText, 'en');

/** Round states and their colours come from the one staff module (tiny, no UI code). */
export const STATE = RoundState;
export type StateName = RoundStateName;

export function stateName(state: number): StateName {
  return roundStateName(state) ?? 'Initialized';
}

/** A round state in spectators' words (the staff names mean little to them): its catalog key. */
export const PUBLIC_STATE_KEY = {
  Initialized: 'state.initialized',
  Empty: 'state.empty',
  Running: 'state.running',
  Skipped: 'state.skipped',
  Marked: 'state.marked',
  Posted: 'state.posted',
} as const satisfies Record<StateName, LiveKey>;

/** The same in English (screens outside the live pages that still read it). */
export const PUBLIC_STATE_LABEL: Record<StateName, string> = Object.fromEntries(
  Object.entries(PUBLIC_STATE_KEY).map(([state, key]) => [state, english()(key)]),
) as Record<StateName, string>;

/**
 * The state spectators see: an Empty round that already has its couples (recalled, waiting to be
 * started) is simply coming up, in the same words and colour as any round still to come.
 */
export function publicState(item: Pick<LiveItem, 'roundState' | 'couples'>): StateName {
  if (item.roundState === STATE.Empty && item.couples > 0) return 'Initialized';
  return stateName(item.roundState);
}

export const publicStateLabel = (
  item: Pick<LiveItem, 'roundState' | 'couples'>,
  t: LiveT = english(),
): string => t(PUBLIC_STATE_KEY[publicState(item)]);

/** The part of a schedule item the live view needs; tests build these by hand. */
export type LiveItem = Pick<
  ScheduleItem,
  | 'roundId'
  | 'eventKey'
  | 'eventName'
  | 'level'
  | 'kind'
  | 'roundNumber'
  | 'roundName'
  | 'scheduleIndex'
  | 'roundStartTime'
  | 'roundState'
  | 'couples'
  | 'startedAt'
  | 'endedAt'
  | 'estimatedStart'
  | 'minutesLate'
>;

/**
 * The round the page scrolls to: the one at `liveScrollRefreshIndex` when the organizers set it
 * (0 = not set; the first round at or after that index if no round has it exactly), else the first
 * Running round, else what comes next by the one rule every screen uses (nowAndNext: the first round
 * still to come in the running order; an Awards the day has passed does not hold the page back). Null
 * when the day is over or empty.
 */
export function scrollTarget(items: readonly LiveItem[], liveScrollRefreshIndex: number): LiveItem | null {
  const ordered = [...items].sort((a, b) => a.scheduleIndex - b.scheduleIndex);
  if (liveScrollRefreshIndex > 0) {
    const set = ordered.find((i) => i.scheduleIndex >= liveScrollRefreshIndex);
    if (set) return set;
  }
  const { now, next } = nowAndNext(ordered);
  return now[0] ?? next[0] ?? null;
}

/** Other rounds of the current round's event (highlightOtherRoundsInEvent). */
export function otherRoundsOfEvent(items: readonly LiveItem[], current: LiveItem | null): Set<string> {
  if (!current) return new Set();
  return new Set(
    items
      .filter((i) => i.eventKey === current.eventKey && i.roundId !== current.roundId)
      .map((i) => i.roundId),
  );
}

/** The slice of GET events the couple search reads. */
export type EventEntries = Pick<EventView, 'key' | 'name'> & {
  entries: (Pick<EventEntryView, 'leadNumber' | 'leadName' | 'followName'> &
    Partial<Pick<EventEntryView, 'scratched'>>)[];
  rounds: (Pick<EventRoundView, 'roundId' | 'roundState'> & {
    entries: Pick<EventRoundView['entries'][number], 'leadNumber'>[];
  })[];
};

export interface CoupleRounds {
  number: number;
  /** "Lead & Follow", from the first event the couple is entered in. */
  names: string | null;
  /** Event keys the couple is entered in (not scratched). */
  events: Set<string>;
  /**
   * Rounds the couple dances or may dance: a round with couples assigned only when they are among
   * them (not recalled → not theirs); a round without couples yet in any of their events.
   */
  rounds: Set<string>;
}

/** Reads a couple number typed by a person: digits only, else null. */
export function parseCoupleNumber(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

export function findCoupleRounds(events: readonly EventEntries[], number: number): CoupleRounds {
  const result: CoupleRounds = { number, names: null, events: new Set(), rounds: new Set() };
  for (const event of events) {
    const entry = event.entries.find((e) => e.leadNumber === number && !e.scratched);
    if (!entry) continue;
    result.names ??= `${entry.leadName} & ${entry.followName}`;
    result.events.add(event.key);
    for (const round of event.rounds) {
      const assigned = round.entries.length > 0;
      if (!assigned || round.entries.some((e) => e.leadNumber === number)) result.rounds.add(round.roundId);
    }
  }
  return result;
}

/**
 * Where the start time comes from: the round was danced (ended), started, a set time, an estimate,
 * or nothing yet.
 */
export type StartKind = 'danced' | 'started' | 'scheduled' | 'estimated' | 'tba';

export interface StartTime {
  kind: StartKind;
  /** "Sat" when the competition spans days, else null. */
  day: string | null;
  /** "9:30 AM" or "09:30" (the competition's clock); "TBA" when unknown. */
  time: string;
  /** The instant shown (ISO), for `<time dateTime>`; null when TBA. */
  instant: string | null;
  /** Screen-reader and tooltip wording: "Started Sat 9:32 AM", "About 9:45 AM · running 25 min late". */
  label: string;
  /** An estimate that is behind the set start time or the plan (isRunningLate). */
  late: boolean;
  /** "running 25 min late" when late (by how much), else null. */
  lateWords: string | null;
}

/**
 * The round's start in the competition's time zone: actual, set, estimated, or "TBA"; worded with `t`
 * and the day named in `locale` (English when not given).
 */
export function startTime(
  item: LiveItem,
  timeZone: string,
  withDay: boolean,
  clock: ClockFormat,
  t: LiveT = english(),
  locale: Locale = 'en',
): StartTime {
  const skipped = item.roundState === STATE.Skipped;
  const at = (kind: Exclude<StartKind, 'tba'>, instant: string): StartTime => {
    const day = withDay ? weekday(instant, timeZone, locale) : null;
    const time = formatTime(instant, timeZone, clock, false, locale);
    const late = kind === 'estimated' && isRunningLate(item.minutesLate);
    const lateWords = late ? t('time.lateWords', { minutes: item.minutesLate }) : null;
    const when = day ? t('time.dayTime', { day, time }) : time;
    const label = t(`time.${kind}`, { when }) + (lateWords ? ` · ${lateWords}` : '');
    return { kind, day, time, instant, label, late, lateWords };
  };
  // A round that ended shows when it was danced (its start; the estimate holds it when none is stored).
  const danced = item.endedAt ? (item.startedAt ?? item.estimatedStart) : null;
  if (danced) return at('danced', danced);
  if (item.startedAt) return at('started', item.startedAt);
  if (!skipped && item.roundStartTime && item.estimatedStart === item.roundStartTime) {
    return at('scheduled', item.roundStartTime);
  }
  if (!skipped && item.estimatedStart) return at('estimated', item.estimatedStart);
  if (!skipped && item.roundStartTime) return at('scheduled', item.roundStartTime);
  return {
    kind: 'tba',
    day: null,
    time: t('time.tba'),
    instant: null,
    label: t('time.tbaLabel'),
    late: false,
    lateWords: null,
  };
}

function weekday(instant: string, timeZone: string, locale: Locale): string | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  return dateFormat({ weekday: 'short', timeZone: safeZone(timeZone) }, locale).format(date);
}

/** Whether times need their day: the competition runs over more than one calendar day. */
export function spansDays(startDate: string, endDate: string): boolean {
  return endDate !== '' && startDate !== '' && startDate !== endDate;
}

/** Couple numbers in number order ("7" before "12"). */
export function byNumber(a: string, b: string): number {
  return Number(a) - Number(b) || a.localeCompare(b);
}

/** The row's DOM id, so the page can scroll to it. */
export const rowId = (roundId: string) => `live-${roundId}`;

export function roundPath(item: Pick<LiveItem, 'eventKey' | 'roundNumber'>): string {
  return `/live/${encodeURIComponent(item.eventKey)}/${item.roundNumber}`;
}
