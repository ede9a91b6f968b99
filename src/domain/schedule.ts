/**
 * Estimated start times for the running order. The plan runs from the first start
 * time; each round takes (dances × heats × per-dance duration) and a transition follows it; a fixed
 * start time holds a round back until then. On the day the facts replace the plan: a round that
 * started or ended shows when, and every round still to come follows the running order from there.
 * Rules: a round not started is estimated no earlier than now, nor than the previous
 * round's end, nor before the floor is free (every started round ended) — so estimates never go
 * backwards down the list and never sit in the past; with the day under way a round still to come
 * always gets a time; a round is late by how much its start is after its set start time, or else
 * after the plan.
 */
import { RoundState } from './rounds/state.ts';

export interface ScheduleTiming {
  /** When the first round starts (ISO 8601), or null: every round is TBA unless it has its own time. */
  firstStartTime: string | null;
  /** Seconds one dance of one heat takes on the floor, including the walk-on. */
  perDanceSeconds: number;
  /** Seconds between two rounds. */
  transitionSeconds: number;
}

export const DEFAULT_SCHEDULE_TIMING: ScheduleTiming = {
  firstStartTime: null,
  perDanceSeconds: 120,
  transitionSeconds: 60,
};

export interface ScheduledRound {
  /** Anything unique, e.g. the round id. */
  key: string;
  scheduleIndex: number;
  /** Dances of the event (Awards and Break count as one item each). */
  dances: number;
  /** Heats the round is danced in (1 when not split). */
  heats: number;
  /** A start time the organizer set (ISO), or null. */
  roundStartTime: string | null;
  /** When the round really started / ended (ISO), or null. */
  startedAt: string | null;
  endedAt: string | null;
  /** A skipped round takes no time on the floor. */
  skipped: boolean;
  /**
   * Awards or Break: nobody starts it on the floor, so once a later round has started it is over
   * (it took place between the rounds around it) rather than still to come.
   */
  item?: boolean;
  /** The floor it is danced on: each floor runs its own time line. Absent: one floor. */
  floor?: string;
  /**
   * Waiting time before it (minutes): it starts at least this long after the round before it on its
   * floor ends (and the transition), e.g. so a dancer of both gets the minimum rest. Absent: none.
   */
  waitMinutes?: number;
}

export interface RoundEstimate {
  key: string;
  /** ISO, or null (TBA) when nothing fixes a time: no first start time, no set time, nothing started. */
  estimatedStart: string | null;
  estimatedEnd: string | null;
  /**
   * Minutes the start is later (+) or earlier (−) than the organizer's start time, or else than the
   * plan (first start time and durations); null when neither gives a time.
   */
  minutesLate: number | null;
}

/** A round is "running late" for spectators from this many minutes behind its time. */
export const RUNNING_LATE_MINUTES = 5;

export const isRunningLate = (minutesLate: number | null): boolean =>
  minutesLate !== null && minutesLate >= RUNNING_LATE_MINUTES;

const iso = (ms: number): string => new Date(ms).toISOString();
const parse = (s: string | null): number | null => {
  if (!s) return null;
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : ms;
};
const maxOf = (...values: (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? Math.max(...known) : null;
};

/** What decides whether an entry of the running order is on the floor now or still to come. */
export interface RunningOrderEntry {
  scheduleIndex: number;
  roundState: number;
  /** 'round', or an Awards or Break ('awards', 'break'): nobody starts those on the floor. */
  kind?: string;
  /** The floor it is on; absent: one floor. */
  floor?: string;
}

export interface NowAndNext<T> {
  /** On the floor now (Running), in the running order. */
  now: T[];
  /** Still to come (Initialized or Empty), in the order the floor reaches them: `next[0]` is next. */
  next: T[];
}

/**
 * What is on the floor now and what comes next: the one rule every screen shows (projector, MC,
 * /live, admin schedule, deck captain, a dancer's page). Rounds still to come follow the running
 * order, as their estimated times do, even when the day danced a later round first: a round the day
 * passed over is still danced, and it is the next one — not a round hours later that happens to
 * follow the last one started. Only an Awards or a Break is over once a later round on its floor has
 * started (nobody starts it; it took place between the rounds around it, as estimateSchedule says).
 */
export function nowAndNext<T extends RunningOrderEntry>(items: readonly T[]): NowAndNext<T> {
  const ordered = items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.scheduleIndex - b.item.scheduleIndex || a.i - b.i)
    .map((x) => x.item);
  const started = (r: T) =>
    r.roundState === RoundState.Running ||
    r.roundState === RoundState.Marked ||
    r.roundState === RoundState.Posted;
  const waiting = (r: T) => r.roundState === RoundState.Initialized || r.roundState === RoundState.Empty;
  const lastStarted = new Map<string, number>();
  ordered.forEach((r, i) => {
    if (started(r)) lastStarted.set(r.floor ?? '', i);
  });
  const passed = (r: T, i: number) =>
    r.kind !== undefined && r.kind !== 'round' && i < (lastStarted.get(r.floor ?? '') ?? -1);
  return {
    now: ordered.filter((r) => r.roundState === RoundState.Running),
    next: ordered.filter((r, i) => waiting(r) && !passed(r, i)),
  };
}

/** How long a round takes on the floor, in milliseconds. */
export function roundDurationMs(r: Pick<ScheduledRound, 'dances' | 'heats'>, timing: ScheduleTiming): number {
  return Math.max(1, r.dances) * Math.max(1, r.heats) * timing.perDanceSeconds * 1000;
}

/**
 * The floor a round is on: its own when that is still one of the competition's floors, else the first
 * (a round never set, or on a floor since renamed or removed in Setup).
 */
export function resolveFloor(stored: string | null, floors: readonly string[]): string {
  const first = floors[0] ?? 'Main floor';
  return stored !== null && floors.includes(stored) ? stored : first;
}

/** The learned pace never stretches or shrinks the rest of the day beyond these factors. */
export const PACE_LIMITS = { min: 0.5, max: 2 } as const;
/**
 * A round that took under a quarter or over four times its planned time says nothing about the
 * floor's pace: it was marked from paper long after, or started and marked in one go.
 */
const PLAUSIBLE_RATIO = { min: 0.25, max: 4 } as const;
/**
 * The plan counts as this much finished time danced exactly to plan, so one odd round moves the
 * pace a little and a morning of slow rounds moves it a lot.
 */
const PLAN_WEIGHT_MS = 20 * 60_000;

/**
 * How fast a floor really runs ("times that learn"): the time its finished rounds took from
 * start to marked, over the time the plan gave them (1: as planned; 1.2: a fifth slower), weighed
 * against the plan itself. Rounds still to come on that floor are stretched by it. Implausible
 * durations are left out; with none finished the plan stands.
 */
export function learnedPace(rounds: readonly ScheduledRound[], timing: ScheduleTiming): number {
  let actual = 0;
  let planned = 0;
  for (const r of rounds) {
    if (r.skipped || r.item) continue;
    const started = parse(r.startedAt);
    const ended = parse(r.endedAt);
    if (started === null || ended === null) continue;
    const plan = roundDurationMs(r, timing);
    const took = ended - started;
    if (took < plan * PLAUSIBLE_RATIO.min || took > plan * PLAUSIBLE_RATIO.max) continue;
    actual += took;
    planned += plan;
  }
  const pace = (actual + PLAN_WEIGHT_MS) / (planned + PLAN_WEIGHT_MS);
  return Math.min(PACE_LIMITS.max, Math.max(PACE_LIMITS.min, pace));
}

const inRunningOrder = (rounds: readonly ScheduledRound[]) =>
  rounds
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.scheduleIndex - b.r.scheduleIndex || a.i - b.i)
    .map((x) => x.r);

/** The plan before anything happened: back to back from the first start, held back by set times. */
function plannedStarts(order: readonly ScheduledRound[], timing: ScheduleTiming): Map<string, number> {
  const planned = new Map<string, number>();
  let cursor = parse(timing.firstStartTime);
  for (const r of order) {
    if (r.skipped) continue;
    const start = maxOf(cursor === null ? null : cursor + waitMs(r), parse(r.roundStartTime));
    if (start === null) continue;
    planned.set(r.key, start);
    cursor = start + roundDurationMs(r, timing) + timing.transitionSeconds * 1000;
  }
  return planned;
}

/**
 * Every round's estimated start and end, in running order. Each floor is a time line of its
 * own from the first start time, its rounds in running order. `now` matters on the day: a running
 * round that has run longer than planned is assumed to end now, no round still to come starts before
 * now, and rounds still to come take as long as the floor's learned pace says, so the rest of the
 * day moves.
 */
export function estimateSchedule(
  rounds: readonly ScheduledRound[],
  timing: ScheduleTiming,
  now: Date = new Date(),
): RoundEstimate[] {
  return estimateScheduleTimes(rounds, timing, now).map(estimateAsIso);
}

/** `RoundEstimate` with its times in epoch milliseconds, as the suggester computes with them. */
export interface RoundTimes {
  key: string;
  start: number | null;
  end: number | null;
  minutesLate: number | null;
}

/** An estimate's times as ISO strings (null stays null). */
export const estimateAsIso = ({ key, start, end, minutesLate }: RoundTimes): RoundEstimate => ({
  key,
  estimatedStart: start === null ? null : iso(start),
  estimatedEnd: end === null ? null : iso(end),
  minutesLate,
});

/** `estimateSchedule` in epoch milliseconds. */
export function estimateScheduleTimes(
  rounds: readonly ScheduledRound[],
  timing: ScheduleTiming,
  now: Date = new Date(),
): RoundTimes[] {
  const floors = new Map<string, ScheduledRound[]>();
  for (const r of rounds) {
    const on = floors.get(r.floor ?? '');
    if (on) on.push(r);
    else floors.set(r.floor ?? '', [r]);
  }
  if (floors.size <= 1) return estimateFloor(rounds, timing, now);
  const byKey = new Map<string, RoundTimes>();
  for (const on of floors.values()) for (const e of estimateFloor(on, timing, now)) byKey.set(e.key, e);
  return inRunningOrder(rounds).map((r) => byKey.get(r.key) as RoundTimes);
}

function estimateFloor(rounds: readonly ScheduledRound[], timing: ScheduleTiming, now: Date): RoundTimes[] {
  const order = inRunningOrder(rounds);
  const pace = learnedPace(order, timing);
  const nowMs = now.getTime();
  const transition = timing.transitionSeconds * 1000;
  const planned = plannedStarts(order, timing);
  const happened = (r: ScheduledRound) => !r.skipped && (r.startedAt !== null || r.endedAt !== null);
  /** Real start and end of a round that started (a running one ends now at the earliest). */
  const facts = (r: ScheduledRound) => {
    const started = parse(r.startedAt);
    const ended = parse(r.endedAt);
    const duration = Math.round(roundDurationMs(r, timing) * pace);
    const start = started ?? (ended !== null ? ended - duration : nowMs);
    return { start, end: ended ?? Math.max(start + duration, nowMs) };
  };
  // The floor is free once every round that started has ended (and never before now).
  let floorFree = nowMs;
  for (const r of order) if (happened(r)) floorFree = Math.max(floorFree, facts(r).end + transition);
  const underway = order.some(happened);
  const lastHappened = order.findLastIndex(happened);

  let cursor = parse(timing.firstStartTime);
  return order.map((r, i) => {
    const none = { key: r.key, start: null, end: null, minutesLate: null };
    if (r.skipped) return none;
    const fixed = parse(r.roundStartTime);
    let start: number | null;
    let end: number | null = null;
    if (happened(r)) {
      ({ start, end } = facts(r));
    } else if (r.item && i < lastHappened) {
      // An Awards or Break the day has passed: between the rounds around it, not still to come.
      start = maxOf(cursor, fixed);
    } else {
      // Still to come: after the round before it, at its set time, and once the floor is free.
      start =
        cursor === null && fixed === null && !underway
          ? null
          : maxOf(cursor === null ? null : cursor + waitMs(r), fixed, floorFree);
    }
    if (start === null) return none;
    end ??= start + Math.round(roundDurationMs(r, timing) * pace);
    cursor = Math.max(cursor ?? -Infinity, end + transition);
    const reference = fixed ?? planned.get(r.key) ?? null;
    return {
      key: r.key,
      start,
      end,
      minutesLate: reference === null ? null : Math.round((start - reference) / 60_000),
    };
  });
}

/**
 * The timing conflicts are counted on, by the conflicts list and by Suggest alike: too
 * little rest or two rounds at once depend on the time between rounds, not on the clock, so a day
 * with no first start time is timed from now.
 */
export function conflictTiming(timing: ScheduleTiming, now: Date): ScheduleTiming {
  return timing.firstStartTime ? timing : { ...timing, firstStartTime: now.toISOString() };
}

const waitMs = (r: ScheduledRound) => Math.max(0, r.waitMinutes ?? 0) * 60_000;

/** Where a round's couple count comes from: its couples, the event's entries, or the recall before it. */
export type ExpectedFrom = 'couples' | 'entries' | 'recall';

export interface RoundCouplesFacts {
  id: number;
  eventKey: string;
  roundNumber: number;
  roundState: number;
  recallSize: number;
  /** Couples placed in the round so far. */
  couples: number;
  /** Awards or Break: no couples. */
  item: boolean;
  /** 'redance': danced by the couples the round before does not recall. */
  type?: 'regular' | 'redance';
  /** Star couples joining at this round. */
  stars?: number;
}

/**
 * The couples a round is expected to dance (not "0" before it starts): its own couples once
 * it has them; before that, a first round dances the event's entries (not scratched) and a later
 * round what the round before it recalls (no more than that round's couples).
 */
export function expectedCouples(
  rounds: readonly RoundCouplesFacts[],
  entriesByEvent: ReadonlyMap<string, number>,
): Map<number, { count: number; from: ExpectedFrom }> {
  const out = new Map<number, { count: number; from: ExpectedFrom }>();
  const sorted = [...rounds].sort(
    (a, b) => a.eventKey.localeCompare(b.eventKey) || a.roundNumber - b.roundNumber,
  );
  const waiting = (r: RoundCouplesFacts) =>
    r.roundState === RoundState.Initialized || r.roundState === RoundState.Empty;
  let previous: RoundCouplesFacts | null = null;
  // The last regular round danced before: a redance takes its couples not recalled, and the round after
  // a redance takes the recalled of both (formats.ts).
  let regular: RoundCouplesFacts | null = null;
  const recalled = (from: RoundCouplesFacts) => Math.min(from.recallSize, out.get(from.id)?.count ?? 0);
  for (const r of sorted) {
    if (previous?.eventKey !== r.eventKey) previous = regular = null;
    if (r.roundState === RoundState.Skipped) {
      out.set(r.id, { count: 0, from: 'couples' });
      continue;
    }
    const before = previous ? out.get(previous.id) : undefined;
    if (r.item || r.couples > 0 || !waiting(r) || previous?.roundState === RoundState.Posted) {
      out.set(r.id, { count: r.item ? 0 : r.couples, from: 'couples' });
    } else if (!before || !previous) {
      out.set(r.id, { count: entriesByEvent.get(r.eventKey) ?? 0, from: 'entries' });
    } else if (r.type === 'redance' && regular) {
      const danced = out.get(regular.id)?.count ?? 0;
      out.set(r.id, { count: Math.max(0, danced - regular.recallSize), from: 'recall' });
    } else {
      // After a redance: its recalled couples and those the round before it recalled directly.
      const direct = previous.type === 'redance' && regular ? recalled(regular) : 0;
      out.set(r.id, { count: recalled(previous) + direct + (r.stars ?? 0), from: 'recall' });
    }
    previous = r;
    if (r.type !== 'redance') regular = r;
  }
  return out;
}
