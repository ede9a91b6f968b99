/**
 * What "Suggest a schedule" places (src/domain/scheduleSuggest.ts): the rounds as numbers 0 … n-1
 * with their lengths, waits and set times, each floor cut into what cannot move and the sessions
 * between its Awards and Break items, the rounds of an event in order, and the style/level rank a
 * kept order sorts by. Built once from the input; the search only reorders the sessions.
 */
import type { SuggestInput, SuggestRound } from './scheduleSuggest.ts';

const MINUTE = 60_000;

/** One floor's running order as the search sees it. */
export interface FloorPlan {
  /** Rounds that happened, skipped or passed: first, in their order, never moved. */
  prefix: number[];
  /** Rounds still to come between the items: segments[k] before items[k]. */
  segments: number[][];
  items: number[];
}

export interface PlacementModel {
  floors: string[];
  rounds: readonly SuggestRound[];
  n: number;
  transitionMs: number;
  restMs: number;
  /** Nothing still to come starts before this (the first start time, or now when later). */
  dayBase: number;
  durationMs: number[];
  /** Waiting time before each round (ms) in the running order as it is. */
  initialWaitMs: Float64Array;
  setStart: (number | null)[];
  /** The floor each round is on now (an unknown floor: the first). */
  homeFloor: number[];
  skipped: boolean[];
  /** Never moved: happened, skipped, or an item the day has passed. */
  fixed: boolean[];
  plans: FloorPlan[];
  /** The session (between which items of its floor) each round stays in. */
  session: number[];
  /** The first Awards after a round on its floor, which it must end before; -1 for none. */
  awardsAfter: number[];
  fixedStart: (number | null)[];
  fixedEnd: (number | null)[];
  /** When each floor is free: the first start (or now), once what happened on it has ended. */
  floorFree: number[];
  /** Where waiting time counts from on each floor, as estimateSchedule counts it. */
  floorCursor: number[];
  /** Style/level rank for `keepOrder`; `ordered`: a session is kept sorted by it. */
  rank: number[];
  ordered: boolean;
  /** An event's rounds in order, earlier first: a later round never starts before the earlier ends. */
  eventChain: [number, number][];
}

export function placementModel(input: SuggestInput): PlacementModel {
  const floors = input.floors.length ? [...input.floors] : ['Floor'];
  const floorIndex = new Map(floors.map((f, i) => [f, i]));
  const rounds = input.rounds;
  const transitionMs = input.timing.transitionSeconds * 1000;
  const firstStart = input.timing.firstStartTime ? Date.parse(input.timing.firstStartTime) : NaN;
  const dayBase = Math.max(Number.isNaN(firstStart) ? input.now : firstStart, input.now);
  const homeFloor = rounds.map((r) => floorIndex.get(r.floor) ?? 0);
  const skipped = rounds.map((r) => r.skipped === true);
  const fixed = rounds.map((r) => r.fixed || r.skipped === true);
  const { plans, session, awardsAfter } = floorPlans(rounds, floors.length, homeFloor, fixed, skipped);
  const fixedStart = rounds.map((r, i) => (fixed[i] && !skipped[i] ? (r.start ?? null) : null));
  const fixedEnd = rounds.map((r, i) => (fixed[i] && !skipped[i] ? (r.end ?? null) : null));
  const freeAfter = (from: number) =>
    plans.map((p) => {
      let t = from;
      for (const i of p.prefix) if (fixedEnd[i] !== null) t = Math.max(t, fixedEnd[i]! + transitionMs);
      return t;
    });
  const { rank, ordered } = keepOrderRanks(rounds, input.keepOrder);
  return {
    floors,
    rounds,
    n: rounds.length,
    transitionMs,
    restMs: Math.max(0, input.minRestMinutes) * MINUTE,
    dayBase,
    durationMs: rounds.map((r) => Math.max(0, r.durationMs)),
    initialWaitMs: Float64Array.from(rounds, (r) =>
      r.item ? 0 : Math.max(0, Math.round(r.waitMinutes ?? 0)) * MINUTE,
    ),
    setStart: rounds.map((r) => r.setStart),
    homeFloor,
    skipped,
    fixed,
    plans,
    session,
    awardsAfter,
    fixedStart,
    fixedEnd,
    floorFree: freeAfter(dayBase),
    // The end of the last round that happened (and its transition), else the first start time; a
    // wait that has passed by the time the floor is free costs nothing.
    floorCursor: freeAfter(Number.isNaN(firstStart) ? dayBase : firstStart),
    rank,
    ordered,
    eventChain: eventChain(rounds, fixed, skipped),
  };
}

/**
 * Each floor in running order, cut into what cannot move and the sessions between its items; an
 * item the day has passed (before the last round that happened on its floor) is fixed as well
 * (`fixed` is updated).
 */
function floorPlans(
  rounds: readonly SuggestRound[],
  floorCount: number,
  homeFloor: number[],
  fixed: boolean[],
  skipped: boolean[],
) {
  const n = rounds.length;
  const plans: FloorPlan[] = Array.from({ length: floorCount }, () => ({
    prefix: [],
    segments: [[]],
    items: [],
  }));
  const session = new Array<number>(n).fill(0);
  const awardsAfter = new Array<number>(n).fill(-1);
  for (const [f, plan] of plans.entries()) {
    const order = rounds
      .map((r, i) => ({ r, i }))
      .filter(({ i }) => homeFloor[i] === f)
      .sort((a, b) => a.r.scheduleIndex - b.r.scheduleIndex || a.i - b.i)
      .map(({ i }) => i);
    const lastHappened = order.findLastIndex((i) => fixed[i] && !skipped[i]);
    for (const [k, i] of order.entries()) if (rounds[i]!.item && k < lastHappened) fixed[i] = true;
    for (const i of order) {
      if (fixed[i]) plan.prefix.push(i);
      else if (rounds[i]!.item) {
        plan.items.push(i);
        plan.segments.push([]);
      } else {
        session[i] = plan.items.length;
        plan.segments[plan.items.length]!.push(i);
      }
    }
    // The first Awards after a round on its floor: it must still end before that starts.
    let awards = -1;
    for (let k = plan.segments.length - 1; k >= 0; k--) {
      const item = plan.items[k];
      if (item !== undefined && rounds[item]!.item === 'Awards') awards = item;
      for (const i of plan.segments[k]!) awardsAfter[i] = awards;
    }
  }
  return { plans, session, awardsAfter };
}

/** Styles in the given order (styles not listed after them), within a style the levels. */
function keepOrderRanks(rounds: readonly SuggestRound[], keepOrder: SuggestInput['keepOrder']) {
  const styles = keepOrder?.styles ?? [];
  const levels = keepOrder?.levels ?? [];
  const rankOf = (r: SuggestRound) => {
    const s = styles.length ? styles.indexOf(r.style ?? '') : 0;
    const l = levels.length ? levels.indexOf(r.level ?? '') : 0;
    return (s < 0 ? styles.length : s) * (levels.length + 1) + (l < 0 ? levels.length : l);
  };
  return { rank: rounds.map(rankOf), ordered: styles.length > 0 || levels.length > 0 };
}

/** Rounds of one event in round order, as pairs (earlier, later) not both fixed. */
function eventChain(rounds: readonly SuggestRound[], fixed: boolean[], skipped: boolean[]) {
  const chain: [number, number][] = [];
  const byEvent = new Map<string, number[]>();
  for (let i = 0; i < rounds.length; i++) {
    if (skipped[i] || rounds[i]!.item) continue;
    const list = byEvent.get(rounds[i]!.eventKey) ?? [];
    list.push(i);
    byEvent.set(rounds[i]!.eventKey, list);
  }
  for (const list of byEvent.values()) {
    list.sort((a, b) => rounds[a]!.roundNumber - rounds[b]!.roundNumber);
    for (let k = 1; k < list.length; k++)
      if (!fixed[list[k - 1]!] || !fixed[list[k]!]) chain.push([list[k - 1]!, list[k]!]);
  }
  return chain;
}
