/**
 * The state "Suggest a schedule" (src/domain/scheduleSuggest.ts) searches over: the floors' sessions
 * as the model holds them, the waiting time before each round, and the times and conflicts they give.
 * A trial (a move or a changed wait) is evaluated in full and either kept or taken back; a taken-back
 * trial restores the times and conflict counts saved before it, so nothing is counted twice.
 *
 * Rounds are numbers 0 … n-1 (the model's); times are epoch milliseconds in Float64Arrays, NaN for
 * no time.
 */
import { ConflictCounter } from './scheduleConflictCounter.ts';
import type { SuggestInput, SuggestScore } from './scheduleSuggest.ts';
import type { PlacementModel } from './scheduleSuggestModel.ts';

const MINUTE = 60_000;
// Lexicographic objective folded into one number for annealing: broken fixed points ≫ conflicts ≫
// day length (minutes) ≫ moves.
const W_BROKEN = 1e9;
const W_CONFLICT = 1e4;
const W_MOVE = 1e-3;
/** What moving a round to another floor counts for in the "fewest moves" part of the objective. */
const FLOOR_CHANGE_MOVES = 5;
const HOUR = 3_600_000;

/** A seeded generator of numbers in [0, 1) (src/domain/random.ts). */
export type Random = () => number;

/** A score with the objective folded into one number (lower is better). */
export interface Evaluation extends SuggestScore {
  energy: number;
}

/** The sessions of every floor, as copied by `snapshot`: plan[floor][session] = rounds in order. */
export type SessionPlan = number[][][];

/** Where a round is: its floor, which of the floor's sessions, that session's list and the position in it. */
interface Place {
  floor: number;
  sessionIndex: number;
  session: number[];
  at: number;
}

export class ScheduleSearch {
  /** Waiting time before each round (ms); the waiting-time phase changes it. */
  readonly wait: Float64Array;
  readonly counter: ConflictCounter;
  /** Times as last evaluated. */
  readonly start: Float64Array;
  readonly end: Float64Array;
  /** The earliest start of the current schedule: the day's length counts from here. */
  readonly dayStart: number;
  /** Rounds a move may take: still to come, not an Awards or Break item. */
  readonly movable: number[] = [];
  private readonly floorOf: Int32Array;
  private readonly positionOf: Int32Array;
  private readonly initialFloor: Int32Array;
  private readonly initialPosition: Int32Array;
  private readonly initialStart: Float64Array;
  /** The state before the last trial, for `takeBack`. */
  private readonly saved: { start: Float64Array; end: Float64Array; floor: Int32Array; position: Int32Array };
  private undoMove: (() => void) | null = null;

  constructor(
    readonly model: PlacementModel,
    input: Pick<SuggestInput, 'people' | 'minRestMinutes'>,
  ) {
    const { n, skipped, fixed, rounds } = model;
    this.wait = Float64Array.from(model.initialWaitMs);
    this.counter = new ConflictCounter(
      rounds,
      input.people,
      input.minRestMinutes,
      (i) => skipped[i] === true,
    );
    this.start = new Float64Array(n).fill(NaN);
    this.end = new Float64Array(n).fill(NaN);
    this.floorOf = new Int32Array(n);
    this.positionOf = new Int32Array(n);
    this.saved = {
      start: new Float64Array(n),
      end: new Float64Array(n),
      floor: new Int32Array(n),
      position: new Int32Array(n),
    };
    this.placeOnFloors();
    let earliest = Infinity;
    for (const s of this.start) if (!Number.isNaN(s)) earliest = Math.min(earliest, s);
    this.dayStart = Number.isFinite(earliest) ? earliest : model.dayBase;
    this.initialFloor = Int32Array.from(model.homeFloor);
    this.initialPosition = Int32Array.from(this.positionOf);
    this.initialStart = Float64Array.from(this.start);
    for (let i = 0; i < n; i++) if (!fixed[i] && !rounds[i]?.item) this.movable.push(i);
  }

  /** Times floor by floor, as the running order estimates them. */
  private placeOnFloors(): void {
    const { fixedStart, fixedEnd, floorCursor, floorFree, setStart, durationMs, transitionMs } = this.model;
    for (const [floor, plan] of this.model.plans.entries()) {
      let position = 0;
      for (const i of plan.prefix) {
        this.start[i] = fixedStart[i] ?? NaN;
        this.end[i] = fixedEnd[i] ?? NaN;
        this.floorOf[i] = floor;
        this.positionOf[i] = position++;
      }
      let cursor = floorCursor[floor] ?? 0;
      const free = floorFree[floor] ?? 0;
      const place = (i: number) => {
        const s = Math.max(cursor + (this.wait[i] ?? 0), free, setStart[i] ?? -Infinity);
        const e = s + (durationMs[i] ?? 0);
        this.start[i] = s;
        this.end[i] = e;
        cursor = e + transitionMs;
        this.floorOf[i] = floor;
        this.positionOf[i] = position++;
      };
      for (const [k, session] of plan.segments.entries()) {
        for (const i of session) place(i);
        const item = plan.items[k];
        if (item !== undefined) place(item);
      }
    }
  }

  /** Places every round and scores the schedule: fixed points, conflicts, length, moves. */
  evaluate(): Evaluation {
    this.placeOnFloors();
    const brokenMinutes = this.brokenMs() / MINUTE;
    // Only the pairs of rounds whose times changed since the last evaluation are counted again.
    this.counter.countChanges(this.start, this.end);
    const { conflicts, overlaps, minutes, cost } = this.counter.totals;
    const lengthMinutes = (this.lastEnd() - this.dayStart) / MINUTE;
    return {
      conflicts,
      overlaps,
      conflictMinutes: minutes,
      lengthMinutes,
      brokenMinutes,
      energy: brokenMinutes * W_BROKEN + cost * W_CONFLICT + lengthMinutes + this.movesMade() * W_MOVE,
    };
  }

  /** By how much (ms) event order, set start times and Awards are broken. */
  private brokenMs(): number {
    const { eventChain, fixed, setStart, awardsAfter } = this.model;
    const { start, end } = this;
    let broken = 0;
    for (const [earlier, later] of eventChain) {
      const over = end[earlier]! - start[later]!;
      if (over > 0) broken += over;
    }
    for (let i = 0; i < this.model.n; i++) {
      if (fixed[i]) continue;
      const set = setStart[i];
      if (set !== null && set !== undefined) {
        const late = start[i]! - Math.max(set, this.initialStart[i]!);
        if (late > 0) broken += late;
      }
      const awards = awardsAfter[i]!;
      if (awards >= 0 && end[i]! > start[awards]!) broken += end[i]! - start[awards]!;
    }
    return broken;
  }

  private lastEnd(): number {
    let last = this.dayStart;
    for (const e of this.end) if (!Number.isNaN(e)) last = Math.max(last, e);
    return last;
  }

  /** How far rounds still to come are from where they were: positions, and 5 for another floor. */
  private movesMade(): number {
    const { fixed } = this.model;
    let moves = 0;
    for (let i = 0; i < this.model.n; i++) {
      if (fixed[i]) continue;
      moves +=
        Math.abs(this.positionOf[i]! - this.initialPosition[i]!) +
        (this.floorOf[i] !== this.initialFloor[i] ? FLOOR_CHANGE_MOVES : 0);
    }
    return moves;
  }

  /** Evaluates a trial, keeping what `takeBack` needs to return to the state before it. */
  tryEvaluate(): Evaluation {
    this.saved.start.set(this.start);
    this.saved.end.set(this.end);
    this.saved.floor.set(this.floorOf);
    this.saved.position.set(this.positionOf);
    this.counter.beginTrial();
    try {
      return this.evaluate();
    } finally {
      this.counter.endTrial();
    }
  }

  /** Back to the state before the last `tryEvaluate` (a move tried is undone first: `rejectMove`). */
  takeBack(): void {
    this.counter.takeBack(this.saved.start, this.saved.end);
    this.start.set(this.saved.start);
    this.end.set(this.saved.end);
    this.floorOf.set(this.saved.floor);
    this.positionOf.set(this.saved.position);
  }

  /** The last move made by `tryMove` undone and its evaluation taken back. */
  rejectMove(): void {
    this.undoMove?.();
    this.undoMove = null;
    this.takeBack();
  }

  snapshot(): SessionPlan {
    return this.model.plans.map((p) => p.segments.map((s) => [...s]));
  }

  restore(plan: SessionPlan): void {
    for (const [floor, sessions] of plan.entries()) {
      const floorPlan = this.model.plans[floor];
      if (floorPlan) floorPlan.segments = sessions.map((s) => [...s]);
    }
  }

  /** keepOrder: each session sorted by rank (stable, so an event's rounds keep their order). */
  sortByKeptOrder(): void {
    const { rank } = this.model;
    for (const p of this.model.plans)
      for (const session of p.segments) session.sort((a, b) => rank[a]! - rank[b]!);
  }

  /**
   * One random legal move, applied (undone by `rejectMove`); false when none was made. Moves that
   * change few times are cheap to evaluate (only the pairs of rounds whose times changed are counted
   * again), so most moves are local; the rest jump anywhere.
   */
  tryMove(random: Random): boolean {
    const round = this.movable[pick(random, this.movable.length)]!;
    const from = this.placeOf(round);
    const u = random();
    this.undoMove = u < 0.7 ? this.shift(random, round, from, u < 0.4) : this.swap(random, round, from);
    return this.undoMove !== null;
  }

  /** Moves a round a few places on its session, or (`near` false) to any floor near its time. */
  private shift(random: Random, round: number, from: Place, near: boolean): (() => void) | null {
    let to = from.session;
    from.session.splice(from.at, 1);
    let at: number;
    if (near) {
      const step = 1 + pick(random, 4);
      at = Math.max(0, Math.min(to.length, from.at + (random() < 0.5 ? -step : step)));
    } else {
      const floor = random() < 0.6 ? this.otherFloor(random, round, from.floor) : from.floor;
      to = this.sessionOn(round, floor);
      at =
        random() < 0.5
          ? pick(random, to.length + 1)
          : this.positionNear(to, this.start[round]! + (random() - 0.5) * HOUR);
    }
    to.splice(at, 0, round);
    const undo = () => {
      to.splice(at, 1);
      from.session.splice(from.at, 0, round);
    };
    if (!this.keepsOrder(to, at)) {
      undo();
      return null;
    }
    return undo;
  }

  /** Swaps a round with one near it on its floor, or with the one at about its time on another floor. */
  private swap(random: Random, round: number, from: Place): (() => void) | null {
    const other = this.swapPartner(random, round, from);
    if (!other) return null;
    const partner = other.session[other.at]!;
    const { setStart } = this.model;
    if (other.floor !== from.floor && (setStart[round] !== null || setStart[partner] !== null)) return null;
    if (this.sessionIndexOn(round, other.floor) !== other.sessionIndex) return null;
    if (this.sessionIndexOn(partner, from.floor) !== from.sessionIndex) return null;
    from.session[from.at] = partner;
    other.session[other.at] = round;
    const undo = () => {
      from.session[from.at] = round;
      other.session[other.at] = partner;
    };
    if (!this.keepsOrder(from.session, from.at) || !this.keepsOrder(other.session, other.at)) {
      undo();
      return null;
    }
    return undo;
  }

  private swapPartner(random: Random, round: number, from: Place): Place | null {
    if (random() < 0.5) {
      const at = from.at + (random() < 0.5 ? -1 : 1) * (1 + pick(random, 5));
      if (at < 0 || at >= from.session.length) return null;
      return { ...from, at };
    }
    const floor = this.otherFloor(random, round, from.floor);
    if (floor === from.floor) return null;
    const sessionIndex = this.sessionIndexOn(round, floor);
    const session = this.sessionOn(round, floor);
    if (session.length === 0) return null;
    return {
      floor,
      sessionIndex,
      session,
      at: Math.min(session.length - 1, this.positionNear(session, this.start[round]!)),
    };
  }

  /** A random other floor, or its own when it has a set start time or there is one floor. */
  private otherFloor(random: Random, round: number, floor: number): number {
    const floors = this.model.plans.length;
    return this.model.setStart[round] === null && floors > 1
      ? (floor + 1 + pick(random, floors - 1)) % floors
      : floor;
  }

  /** The session a round belongs in on a floor (a floor with fewer items: its last session). */
  private sessionIndexOn(round: number, floor: number): number {
    return Math.min(this.model.session[round]!, this.model.plans[floor]!.items.length);
  }

  private sessionOn(round: number, floor: number): number[] {
    return this.model.plans[floor]!.segments[this.sessionIndexOn(round, floor)]!;
  }

  /** Where a round starting at `time` would go in `session` (times as last evaluated). */
  private positionNear(session: number[], time: number): number {
    let k = 0;
    while (k < session.length && this.start[session[k]!]! < time) k++;
    return k;
  }

  private placeOf(round: number): Place {
    for (const [floor, plan] of this.model.plans.entries())
      for (const [sessionIndex, session] of plan.segments.entries()) {
        const at = session.indexOf(round);
        if (at >= 0) return { floor, sessionIndex, session, at };
      }
    throw new Error(`round ${round} is in no session`);
  }

  /** With keepOrder, the round at `at` is in rank order with its neighbours. */
  private keepsOrder(session: number[], at: number): boolean {
    const { ordered, rank } = this.model;
    if (!ordered) return true;
    const here = rank[session[at]!]!;
    return (
      (at === 0 || rank[session[at - 1]!]! <= here) &&
      (at === session.length - 1 || here <= rank[session[at + 1]!]!)
    );
  }
}

/** A whole number from 0 to k-1. */
function pick(random: Random, k: number): number {
  return Math.floor(random() * k);
}
