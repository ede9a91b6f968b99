/**
 * Estimated start times for the running order (issue 5). The day runs from the first start time;
 * each round takes (dances × heats × per-dance duration) and a transition follows it. A fixed start
 * time holds a round back until then; a round that has really started or ended replaces the
 * estimate with the facts, so every estimate after it moves (running late or early).
 */

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
}

export interface RoundEstimate {
  key: string;
  /** ISO, or null (TBA) when nothing before it fixes a time. */
  estimatedStart: string | null;
  estimatedEnd: string | null;
  /** Minutes later (+) or earlier (−) than the organizer's start time; null without one. */
  minutesLate: number | null;
}

const iso = (ms: number): string => new Date(ms).toISOString();
const parse = (s: string | null): number | null => {
  if (!s) return null;
  const ms = Date.parse(s);
  return Number.isNaN(ms) ? null : ms;
};

/** How long a round takes on the floor, in milliseconds. */
export function roundDurationMs(r: Pick<ScheduledRound, 'dances' | 'heats'>, timing: ScheduleTiming): number {
  return Math.max(1, r.dances) * Math.max(1, r.heats) * timing.perDanceSeconds * 1000;
}

/**
 * Every round's estimated start and end, in running order. `now` matters for a running round: once
 * it has run longer than planned it is assumed to end now, which pushes the rest of the day back.
 */
export function estimateSchedule(
  rounds: readonly ScheduledRound[],
  timing: ScheduleTiming,
  now: Date = new Date(),
): RoundEstimate[] {
  const order = rounds
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.scheduleIndex - b.r.scheduleIndex || a.i - b.i)
    .map((x) => x.r);
  const nowMs = now.getTime();
  const transition = timing.transitionSeconds * 1000;
  let cursor = parse(timing.firstStartTime);
  return order.map((r) => {
    const fixed = parse(r.roundStartTime);
    if (r.skipped) {
      return { key: r.key, estimatedStart: null, estimatedEnd: null, minutesLate: null };
    }
    const started = parse(r.startedAt);
    const ended = parse(r.endedAt);
    let start: number | null;
    if (started !== null) start = started;
    else if (fixed !== null && (cursor === null || fixed > cursor)) start = fixed;
    else start = cursor;
    if (start === null) {
      return { key: r.key, estimatedStart: null, estimatedEnd: null, minutesLate: null };
    }
    let end = start + roundDurationMs(r, timing);
    if (ended !== null) end = ended;
    else if (started !== null && end < nowMs) end = nowMs;
    cursor = end + transition;
    return {
      key: r.key,
      estimatedStart: iso(start),
      estimatedEnd: iso(end),
      minutesLate: fixed === null ? null : Math.round((start - fixed) / 60_000),
    };
  });
}
