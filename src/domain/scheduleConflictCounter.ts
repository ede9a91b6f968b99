/**
 * Conflicts of a schedule counted again only where times changed: "Suggest a schedule" tries
 * hundreds of thousands of moves, each changing the times of a few rounds. The same definition as
 * `findConflicts` (src/domain/scheduleConflicts.ts): one conflict per person and pair of rounds of
 * different events, an overlap or too little rest, by its minutes rounded up; counted per pair of
 * rounds with the number of people they share instead of per person.
 *
 * Rounds are numbers 0 … n-1; times are epoch milliseconds in Float64Arrays, NaN for no time (a
 * round with no time cannot conflict). A trial (`beginTrial`) logs what it changes, so a rejected
 * move is taken back (`takeBack`) without counting again.
 */
import type { SchedulePerson } from './scheduleConflicts.ts';

const MINUTE = 60_000;

/** The running totals; `cost` weighs an overlap far more than short rest, both by their minutes. */
export interface ConflictTotals {
  conflicts: number;
  overlaps: number;
  minutes: number;
  cost: number;
}

/** A round as the counter knows it: which event it belongs to (an event's rounds never conflict). */
export interface CountedRound {
  roundId: string;
  eventKey: string;
}

export class ConflictCounter {
  /** Pair k is rounds `firstRound[k]` and `secondRound[k]`, sharing `sharedPeople[k]` people. */
  readonly firstRound: Int32Array;
  readonly secondRound: Int32Array;
  readonly sharedPeople: Int32Array;
  readonly totals: ConflictTotals = { conflicts: 0, overlaps: 0, minutes: 0, cost: 0 };
  private readonly restMs: number;
  // Pairs by round (compressed rows): the pairs of round i are pairsOf[pairsFrom[i] … pairsFrom[i+1]).
  private readonly pairsFrom: Int32Array;
  private readonly pairsOf: Int32Array;
  // Each pair's share of the totals, as last counted.
  private readonly pairConflicts: Int32Array;
  private readonly pairOverlaps: Int32Array;
  private readonly pairMinutes: Float64Array;
  private readonly pairCost: Float64Array;
  // The times each round's pairs were last counted with; a pair is counted once per update.
  private readonly countedStart: Float64Array;
  private readonly countedEnd: Float64Array;
  private countedOnce = false;
  private readonly countedIn: Int32Array;
  private update = 0;
  // The trial's log: each pair's share before the trial counted it again.
  private logging = false;
  private logLength = 0;
  private readonly log: {
    pair: Int32Array;
    conflicts: Int32Array;
    overlaps: Int32Array;
    minutes: Float64Array;
    cost: Float64Array;
  };
  private readonly totalsBeforeTrial: ConflictTotals = { ...this.totals };

  /**
   * `rounds[i]` is round i; `people` by round id; rounds `left out` (skipped) share nobody.
   */
  constructor(
    rounds: readonly CountedRound[],
    people: ReadonlyMap<string, readonly SchedulePerson[]>,
    minRestMinutes: number,
    leftOut: (round: number) => boolean = () => false,
  ) {
    const n = rounds.length;
    this.restMs = Math.max(0, minRestMinutes) * MINUTE;
    const pairs = sharedPairs(rounds, people, leftOut);
    this.firstRound = Int32Array.from(pairs, ([k]) => Math.floor(k / n));
    this.secondRound = Int32Array.from(pairs, ([k]) => k % n);
    this.sharedPeople = Int32Array.from(pairs, ([, w]) => w);
    const count = pairs.length;
    this.pairsFrom = new Int32Array(n + 1);
    for (let k = 0; k < count; k++) {
      this.pairsFrom[this.firstRound[k]! + 1]!++;
      this.pairsFrom[this.secondRound[k]! + 1]!++;
    }
    for (let i = 0; i < n; i++) this.pairsFrom[i + 1]! += this.pairsFrom[i]!;
    this.pairsOf = new Int32Array(2 * count);
    const fill = this.pairsFrom.slice(0, n);
    for (let k = 0; k < count; k++) {
      this.pairsOf[fill[this.firstRound[k]!]!++] = k;
      this.pairsOf[fill[this.secondRound[k]!]!++] = k;
    }
    this.pairConflicts = new Int32Array(count);
    this.pairOverlaps = new Int32Array(count);
    this.pairMinutes = new Float64Array(count);
    this.pairCost = new Float64Array(count);
    this.countedStart = new Float64Array(n);
    this.countedEnd = new Float64Array(n);
    this.countedIn = new Int32Array(count);
    this.log = {
      pair: new Int32Array(count),
      conflicts: new Int32Array(count),
      overlaps: new Int32Array(count),
      minutes: new Float64Array(count),
      cost: new Float64Array(count),
    };
  }

  get pairCount(): number {
    return this.firstRound.length;
  }

  /** Pair k is in conflict, as last counted. */
  inConflict(k: number): boolean {
    return this.pairConflicts[k] !== 0;
  }

  /** Counts again the pairs of every round whose start or end changed since the last update. */
  countChanges(start: Float64Array, end: Float64Array): void {
    this.update++;
    for (let i = 0; i < start.length; i++) {
      if (
        this.countedOnce &&
        sameTime(start[i]!, this.countedStart[i]!) &&
        sameTime(end[i]!, this.countedEnd[i]!)
      )
        continue;
      for (let q = this.pairsFrom[i]!; q < this.pairsFrom[i + 1]!; q++) {
        const k = this.pairsOf[q]!;
        if (this.countedIn[k] === this.update) continue;
        this.countedIn[k] = this.update;
        this.countPair(k, start, end);
      }
      this.countedStart[i] = start[i]!;
      this.countedEnd[i] = end[i]!;
    }
    this.countedOnce = true;
  }

  /** From now until `endTrial`, every change is logged so `takeBack` can undo it. */
  beginTrial(): void {
    Object.assign(this.totalsBeforeTrial, this.totals);
    this.logging = true;
    this.logLength = 0;
  }

  endTrial(): void {
    this.logging = false;
  }

  /** Back to before the last trial; `start` and `end` are the times as they were then. */
  takeBack(start: Float64Array, end: Float64Array): void {
    const log = this.log;
    for (let q = 0; q < this.logLength; q++) {
      const k = log.pair[q]!;
      this.pairConflicts[k] = log.conflicts[q]!;
      this.pairOverlaps[k] = log.overlaps[q]!;
      this.pairMinutes[k] = log.minutes[q]!;
      this.pairCost[k] = log.cost[q]!;
    }
    Object.assign(this.totals, this.totalsBeforeTrial);
    this.countedStart.set(start);
    this.countedEnd.set(end);
  }

  /** A pair's conflicts, by `findConflicts`' rules, one per person they share. */
  private countPair(k: number, start: Float64Array, end: Float64Array): void {
    const a = this.firstRound[k]!;
    const b = this.secondRound[k]!;
    const startA = start[a]!;
    const startB = start[b]!;
    const endA = end[a]!;
    const endB = end[b]!;
    let conflicts = 0;
    let overlaps = 0;
    let minutes = 0;
    let cost = 0;
    // NaN (no time) fails every comparison: no conflict, as in findConflicts.
    if (startA === startA && startB === startB && endA === endA && endB === endB) {
      // The round that starts first (ties: ends first) against the other.
      const aFirst = startA < startB || (startA === startB && endA <= endB);
      const firstEnd = aFirst ? endA : endB;
      const laterEnd = aFirst ? endB : endA;
      const laterStart = aFirst ? startB : startA;
      if (laterStart < firstEnd + this.restMs) {
        const people = this.sharedPeople[k]!;
        const overlap = Math.min(firstEnd, laterEnd) - laterStart;
        if (overlap > 0) {
          const m = Math.ceil(overlap / MINUTE);
          conflicts = people;
          overlaps = people;
          minutes = people * m;
          cost = people * (100 + 10 * m);
        } else {
          const m = Math.ceil((this.restMs - (laterStart - firstEnd)) / MINUTE);
          if (m > 0) {
            conflicts = people;
            minutes = people * m;
            cost = people * (10 + m);
          }
        }
      }
    }
    if (this.logging) {
      const log = this.log;
      const q = this.logLength++;
      log.pair[q] = k;
      log.conflicts[q] = this.pairConflicts[k]!;
      log.overlaps[q] = this.pairOverlaps[k]!;
      log.minutes[q] = this.pairMinutes[k]!;
      log.cost[q] = this.pairCost[k]!;
    }
    const totals = this.totals;
    totals.conflicts += conflicts - this.pairConflicts[k]!;
    totals.overlaps += overlaps - this.pairOverlaps[k]!;
    totals.minutes += minutes - this.pairMinutes[k]!;
    totals.cost += cost - this.pairCost[k]!;
    this.pairConflicts[k] = conflicts;
    this.pairOverlaps[k] = overlaps;
    this.pairMinutes[k] = minutes;
    this.pairCost[k] = cost;
  }
}

/** Equal times, NaN (no time) equal to NaN. */
const sameTime = (a: number, b: number) => a === b || (a !== a && b !== b);

/**
 * Pairs of rounds of different events sharing people, with how many, keyed `x * n + y` (x < y), in
 * the order people first bring them together.
 */
function sharedPairs(
  rounds: readonly CountedRound[],
  people: ReadonlyMap<string, readonly SchedulePerson[]>,
  leftOut: (round: number) => boolean,
): [number, number][] {
  const n = rounds.length;
  const index = new Map(rounds.map((r, i) => [r.roundId, i]));
  const roundsOf = new Map<string, Set<number>>();
  for (const [roundId, members] of people) {
    const i = index.get(roundId);
    if (i === undefined || leftOut(i)) continue;
    for (const p of members) {
      const set = roundsOf.get(p.key) ?? new Set<number>();
      set.add(i);
      roundsOf.set(p.key, set);
    }
  }
  const shared = new Map<number, number>();
  for (const set of roundsOf.values()) {
    const list = [...set];
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b < list.length; b++) {
        const x = list[a]!;
        const y = list[b]!;
        if (rounds[x]!.eventKey === rounds[y]!.eventKey) continue;
        const key = x < y ? x * n + y : y * n + x;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
  }
  return [...shared.entries()];
}
