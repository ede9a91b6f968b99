/**
 * "Suggest a schedule". Proposes a floor and an order for the rounds still to come
 * that keeps the organizer's fixed points and has, in this order of importance: no broken fixed
 * point, the fewest and smallest conflicts (an overlap weighs far more than short rest, both by
 * their minutes), the shortest day (latest end on any floor), and then the fewest moves from the
 * current order (so equal schedules do not come back shuffled).
 *
 * Method: simulated annealing over (floor, position) moves — move one round elsewhere on its floor
 * or to another floor, or swap two rounds — with restarts from the best schedule seen, driven by a
 * seeded generator (src/domain/random.ts). Why: the problem is a scheduling problem with pairwise
 * costs (who dances in both rounds), where one move changes the times of everything after it on the
 * floor; a greedy pass gets stuck at the first local optimum, while annealing accepts a few worse
 * moves early to leave it, and the restarts spend the rest of the budget refining the best found.
 * Every candidate is evaluated in full, cheaply: times are recomputed floor by floor in O(rounds)
 * and conflicts from a precomputed list of round pairs that share people with the number of people
 * shared — the same definition as `findConflicts` (one conflict per person and pair of rounds of
 * different events), counted in O(pairs) instead of per person.
 *
 * Fixed points (never moved):
 * - rounds started, marked, posted or skipped, and Awards/Break items the day has passed: where they
 *   are, with their times;
 * - Awards and Break items still to come: on their floor, between the same rounds-sessions — a floor's
 *   items cut it into sessions, and a round stays in its session (on a floor with fewer items, in its
 *   last session); a round that was before an Awards must still end before that Awards starts;
 * - a round with a set start time stays on its floor and does not start later than it did;
 * - rounds of an event in order: a later round never starts before the earlier one ends, across floors;
 * - `keepOrder` (optional): on each floor, within each session, rounds follow the styles in the given
 *   order (styles not listed after them), and within a style the levels in the given order.
 * It never returns a schedule with more conflicts than the current one: the best schedule seen is
 * kept starting from the current one, and only schedules with no more conflicts qualify.
 *
 * Deterministic for a seed while the iteration limit is reached before the time budget; on a slow
 * machine the budget cuts the search earlier (cooling follows whichever comes first).
 */
import { seededRandom } from './random.ts';
import { ConflictCounter } from './scheduleConflictCounter.ts';
import { placementModel, type FloorPlan } from './scheduleSuggestModel.ts';
import type { SchedulePerson } from './scheduleConflicts.ts';
import type { ScheduleTiming } from './schedule.ts';

export interface SuggestRound {
  roundId: string;
  eventKey: string;
  roundNumber: number;
  /** The floor's name; a name not among the floors means the first floor. */
  floor: string;
  scheduleIndex: number;
  /** How long it will take (milliseconds), as the running order estimates it. */
  durationMs: number;
  /** Started, marked, posted or skipped: stays where it is with the times it has. */
  fixed: boolean;
  skipped?: boolean;
  /** A fixed round's start and end (epoch ms), when it has them. */
  start?: number | null;
  end?: number | null;
  /** The organizer's start time (epoch ms), or null. */
  setStart: number | null;
  /** Waiting time before it (minutes): it starts at least this long after the round before it. */
  waitMinutes?: number;
  /** An Awards or Break item, or null for a round. */
  item: 'Awards' | 'Break' | null;
  style?: string;
  level?: string;
}

/** On each floor rounds follow this style order, then this level order within a style. */
export interface KeepOrder {
  styles?: readonly string[];
  levels?: readonly string[];
}

export interface SuggestInput {
  rounds: readonly SuggestRound[];
  floors: readonly string[];
  people: ReadonlyMap<string, readonly SchedulePerson[]>;
  minRestMinutes: number;
  timing: ScheduleTiming;
  /** Epoch ms: nothing still to come starts before now. */
  now: number;
  keepOrder?: KeepOrder;
  /** Milliseconds the search may take (default 1,200). */
  budgetMs?: number;
  /** Iterations at most (default 4,000 per movable round); the search stops at whichever limit comes first. */
  maxIterations?: number;
  seed?: number;
}

export interface SuggestScore {
  /** Conflicts as `findConflicts` counts them: one per person and pair of rounds. */
  conflicts: number;
  overlaps: number;
  /** Minutes of all conflicts added up. */
  conflictMinutes: number;
  /** From the earliest start to the latest end on any floor, minutes. */
  lengthMinutes: number;
  /** Minutes by which fixed points are broken (0 unless the current schedule already breaks them). */
  brokenMinutes: number;
}

export interface SuggestedRound {
  roundId: string;
  floor: string;
  scheduleIndex: number;
  estimatedStart: number | null;
  estimatedEnd: number | null;
  /** Waiting time before it, minutes (`SuggestRound.waitMinutes`). */
  waitMinutes: number;
  /** Where it is now. */
  before: {
    floor: string;
    scheduleIndex: number;
    estimatedStart: number | null;
    estimatedEnd: number | null;
    waitMinutes: number;
  };
}

export interface SuggestResult {
  /** Every round in the suggested running order (scheduleIndex 1, 2, 3 …). */
  rounds: SuggestedRound[];
  before: SuggestScore;
  after: SuggestScore;
  /** False when the suggestion is the current schedule. */
  changed: boolean;
  iterations: number;
  elapsedMs: number;
}

const MINUTE = 60_000;
// Lexicographic objective folded into one number for annealing: broken fixed points ≫ conflicts ≫
// day length (minutes) ≫ moves.
const W_BROKEN = 1e9;
const W_CONFLICT = 1e4;
const W_MOVE = 1e-3;

/** The suggestion, computed in one go (tests, the benchmark). */
export function suggestSchedule(input: SuggestInput): SuggestResult {
  const steps = suggestScheduleSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Work between two pauses of `suggestScheduleSteps`, milliseconds. */
const SLICE_MS = 20;

/**
 * The suggestion in slices: it pauses (yields) every 20 ms or so of work, so a server can answer
 * other requests — judges' marks, live pages — while it searches for up to its budget.
 */
export function* suggestScheduleSteps(input: SuggestInput): Generator<void, SuggestResult, void> {
  const t0 = performance.now();
  const model = placementModel(input);
  const { floors, rounds, n, transitionMs: transition, restMs: rest, dayBase: base } = model;
  const { durationMs: dur, initialWaitMs: initialWait, setStart, homeFloor, skipped, fixed } = model;
  const { plans, session, awardsAfter, fixedStart, fixedEnd, floorFree, floorCursor } = model;
  const { rank, ordered, eventChain } = model;
  const wait = Float64Array.from(initialWait);

  const counter = new ConflictCounter(rounds, input.people, input.minRestMinutes, (i) => skipped[i]!);
  const saved = {
    start: new Float64Array(n),
    end: new Float64Array(n),
    floor: new Int32Array(n),
    pos: new Int32Array(n),
  };

  // ---- Evaluation ----------------------------------------------------------------------------------
  const start = new Float64Array(n).fill(NaN);
  const end = new Float64Array(n).fill(NaN);
  const floorNow = new Int32Array(n);
  const posNow = new Int32Array(n);
  const initialFloor = Int32Array.from(homeFloor);
  const initialPos = new Int32Array(n);
  const initialStart = new Float64Array(n);

  /** Times floor by floor, as the running order estimates them. */
  function simulate(): void {
    for (let f = 0; f < plans.length; f++) {
      const p = plans[f]!;
      let pos = 0;
      for (const i of p.prefix) {
        start[i] = fixedStart[i] ?? NaN;
        end[i] = fixedEnd[i] ?? NaN;
        floorNow[i] = f;
        posNow[i] = pos++;
      }
      let t = floorCursor[f]!;
      const free = floorFree[f]!;
      const place = (i: number) => {
        const s = Math.max(t + wait[i]!, free, setStart[i] ?? -Infinity);
        start[i] = s;
        end[i] = s + dur[i]!;
        t = end[i]! + transition;
        floorNow[i] = f;
        posNow[i] = pos++;
      };
      for (let k = 0; k < p.segments.length; k++) {
        for (const i of p.segments[k]!) place(i);
        if (k < p.items.length) place(p.items[k]!);
      }
    }
  }

  const dayStart = (() => {
    simulate();
    let min = Infinity;
    for (let i = 0; i < n; i++) if (!Number.isNaN(start[i]!)) min = Math.min(min, start[i]!);
    return Number.isFinite(min) ? min : base;
  })();
  initialPos.set(posNow);
  initialStart.set(start);

  interface Eval extends SuggestScore {
    energy: number;
  }
  /** Evaluates a trial move, keeping what `takeBack` needs to return to the state before it. */
  function tryEvaluate(): Eval {
    saved.start.set(start);
    saved.end.set(end);
    saved.floor.set(floorNow);
    saved.pos.set(posNow);
    counter.beginTrial();
    try {
      return evaluate();
    } finally {
      counter.endTrial();
    }
  }

  /** Back to the state before the last `tryEvaluate` (its move already undone on the floors). */
  function takeBack(): void {
    counter.takeBack(saved.start, saved.end);
    start.set(saved.start);
    end.set(saved.end);
    floorNow.set(saved.floor);
    posNow.set(saved.pos);
  }

  function evaluate(): Eval {
    simulate();
    let broken = 0;
    for (const [a, b] of eventChain) {
      const over = end[a]! - start[b]!;
      if (over > 0) broken += over;
    }
    for (let i = 0; i < n; i++) {
      if (fixed[i]) continue;
      if (setStart[i] !== null) {
        const late = start[i]! - Math.max(setStart[i]!, initialStart[i]!);
        if (late > 0) broken += late;
      }
      const a = awardsAfter[i]!;
      if (a >= 0 && end[i]! > start[a]!) broken += end[i]! - start[a]!;
    }
    // Only the pairs of rounds whose times changed since the last evaluation are counted again.
    counter.countChanges(start, end);
    const { conflicts, overlaps, minutes, cost } = counter.totals;
    let last = dayStart;
    let moves = 0;
    for (let i = 0; i < n; i++) {
      if (!Number.isNaN(end[i]!)) last = Math.max(last, end[i]!);
      if (fixed[i]) continue;
      moves += Math.abs(posNow[i]! - initialPos[i]!) + (floorNow[i] !== initialFloor[i] ? 5 : 0);
    }
    const lengthMinutes = (last - dayStart) / MINUTE;
    return {
      conflicts,
      overlaps,
      conflictMinutes: minutes,
      lengthMinutes,
      brokenMinutes: broken / MINUTE,
      energy: (broken / MINUTE) * W_BROKEN + cost * W_CONFLICT + lengthMinutes + moves * W_MOVE,
    };
  }

  const beforeTimes = { start: Float64Array.from(start), end: Float64Array.from(end) };
  const initialPlan = plans.map((p) => p.segments.map((s) => [...s]));
  const initial = evaluate();

  // keepOrder: each segment sorted by rank first (stable, so an event's rounds keep their order).
  if (ordered) for (const p of plans) for (const seg of p.segments) seg.sort((a, b) => rank[a]! - rank[b]!);

  const snapshot = () => plans.map((p) => p.segments.map((s) => [...s]));
  const restore = (snap: number[][][]) => {
    for (const [f, segs] of snap.entries()) plans[f]!.segments = segs.map((s) => [...s]);
  };
  const startPlan = snapshot();
  let current = evaluate();
  // With keepOrder the sorted schedule is the one to improve on, unless it has more conflicts.
  let best = current.conflicts <= initial.conflicts ? current : initial;
  let bestPlan = startPlan;

  // ---- Annealing ------------------------------------------------------------------------------------
  const movable: number[] = [];
  for (let i = 0; i < n; i++) if (!fixed[i] && !rounds[i]!.item) movable.push(i);
  const random = seededRandom(input.seed ?? 19);
  const pick = (k: number) => Math.floor(random() * k);
  const budget = input.budgetMs ?? 1200;
  // Small days need few iterations; a big one runs until the budget.
  const maxIterations = input.maxIterations ?? Math.min(400_000, 4_000 * movable.length);
  const restarts = 4;
  const T0 = 2e5;
  const T1 = 1e-3;
  const segmentOn = (i: number, f: number) => Math.min(session[i]!, plans[f]!.items.length);
  const fits = (list: number[], p: number) =>
    !ordered ||
    ((p === 0 || rank[list[p - 1]!]! <= rank[list[p]!]!) &&
      (p === list.length - 1 || rank[list[p]!]! <= rank[list[p + 1]!]!));
  const where = (i: number) => {
    for (const [f, p] of plans.entries())
      for (const seg of p.segments) {
        const at = seg.indexOf(i);
        if (at >= 0) return { f, seg, at };
      }
    throw new Error(`round ${i} is in no segment`);
  };

  let iterations = 0;
  if (movable.length > 0) {
    for (let run = 0; run < restarts; run++) {
      const runStart = performance.now();
      const runBudget = (budget - (runStart - t0)) / (restarts - run);
      const runIterations = Math.floor((maxIterations - iterations) / (restarts - run));
      if (runBudget <= 0 || runIterations <= 0) break;
      if (run > 0) {
        restore(bestPlan);
        current = evaluate();
      }
      const hot = run === 0 ? T0 : T0 / 10 ** run;
      let sliceStart = performance.now();
      for (let it = 0; it < runIterations; it++) {
        if ((it & 63) === 0 && performance.now() - sliceStart > SLICE_MS) {
          yield;
          sliceStart = performance.now();
        }
        const progress = Math.max(it / runIterations, (performance.now() - runStart) / runBudget);
        if (progress >= 1) break;
        const T = hot * (T1 / hot) ** progress;
        iterations++;
        const undo = propose();
        if (!undo) continue;
        const next = tryEvaluate();
        const delta = next.energy - current.energy;
        if (delta <= 0 || random() < Math.exp(-delta / T)) {
          current = next;
          if (next.energy < best.energy && next.conflicts <= initial.conflicts) {
            best = next;
            bestPlan = snapshot();
          }
        } else {
          undo();
          takeBack();
        }
      }
    }
  }

  /** One random legal move, applied; returns how to take it back, or null when none was made. */
  function propose(): (() => void) | null {
    const i = movable[pick(movable.length)]!;
    const from = where(i);
    const f0 = from.f;
    const u = random();
    // Moves that change few times are cheap to evaluate (only the pairs of rounds whose times
    // changed are counted again), so most moves are local; the rest jump anywhere.
    const otherFloor = () =>
      setStart[i] === null && plans.length > 1 ? (f0 + 1 + pick(plans.length - 1)) % plans.length : f0;
    /** Where a round starting at `t` would go in `list` (times as last evaluated). */
    const nearTime = (list: number[], t: number) => {
      let k = 0;
      while (k < list.length && start[list[k]!]! < t) k++;
      return k;
    };
    if (u < 0.7) {
      let to = from.seg;
      from.seg.splice(from.at, 1);
      let at: number;
      if (u < 0.4) {
        const step = 1 + pick(4);
        at = Math.max(0, Math.min(to.length, from.at + (random() < 0.5 ? -step : step)));
      } else {
        const f = random() < 0.6 ? otherFloor() : f0;
        to = plans[f]!.segments[segmentOn(i, f)]!;
        at = random() < 0.5 ? pick(to.length + 1) : nearTime(to, start[i]! + (random() - 0.5) * 3_600_000);
      }
      to.splice(at, 0, i);
      const undo = () => {
        to.splice(at, 1);
        from.seg.splice(from.at, 0, i);
      };
      if (!fits(to, at)) {
        undo();
        return null;
      }
      return undo;
    }
    // Swap i with a round near it on its floor, or with the one at about its time on another floor.
    let other: { f: number; seg: number[]; at: number };
    if (random() < 0.5) {
      const at = from.at + (random() < 0.5 ? -1 : 1) * (1 + pick(5));
      if (at < 0 || at >= from.seg.length) return null;
      other = { f: f0, seg: from.seg, at };
    } else {
      const f = otherFloor();
      if (f === f0) return null;
      const seg = plans[f]!.segments[segmentOn(i, f)]!;
      if (seg.length === 0) return null;
      other = { f, seg, at: Math.min(seg.length - 1, nearTime(seg, start[i]!)) };
    }
    const j = other.seg[other.at]!;
    const fj = other.f;
    if (fj !== f0 && (setStart[i] !== null || setStart[j] !== null)) return null;
    if (segmentOn(i, fj) !== plans[fj]!.segments.indexOf(other.seg)) return null;
    if (segmentOn(j, f0) !== plans[f0]!.segments.indexOf(from.seg)) return null;
    from.seg[from.at] = j;
    other.seg[other.at] = i;
    const undo = () => {
      from.seg[from.at] = i;
      other.seg[other.at] = j;
    };
    if (!fits(from.seg, from.at) || !fits(other.seg, other.at)) {
      undo();
      return null;
    }
    return undo;
  }

  // ---- Waiting time ---------------------------------------------------------------------------------
  // On the best order found: waiting time that keeps no conflict away is taken out (a shorter day),
  // then, conflict by conflict, the later round waits as long as the conflict needs, kept when that
  // lowers the objective — conflicts come before the day's length, and a wait that breaks a fixed
  // point or makes other conflicts is not kept.
  const planChanged = best !== initial && JSON.stringify(bestPlan) !== JSON.stringify(initialPlan);
  restore(planChanged ? bestPlan : initialPlan);
  let waited = evaluate();
  const tryWait = (i: number, ms: number): boolean => {
    const old = wait[i]!;
    wait[i] = ms;
    const next = tryEvaluate();
    if (next.energy < waited.energy - 1e-6 && next.conflicts <= waited.conflicts) {
      waited = next;
      return true;
    }
    wait[i] = old;
    takeBack();
    return false;
  };
  // With keepOrder, a current order that does not follow it comes back as it is, waits included.
  const waitsToo = planChanged || !ordered;
  if (waitsToo) for (let i = 0; i < n; i++) if (!fixed[i] && wait[i]! > 0) tryWait(i, 0);
  let sliceStart = performance.now();
  for (let tries = 0, found = waitsToo; found && tries < 20 * n;) {
    found = false;
    const open: { j: number; need: number; at: number }[] = [];
    for (let k = 0; k < counter.pairCount; k++) {
      if (!counter.inConflict(k)) continue;
      const a = counter.firstRound[k]!;
      const b = counter.secondRound[k]!;
      const aFirst = start[a]! < start[b]! || (start[a] === start[b] && end[a]! <= end[b]!);
      const first = aFirst ? a : b;
      const later = aFirst ? b : a;
      if (fixed[later] || rounds[later]!.item) continue;
      const need = Math.ceil((end[first]! + rest - start[later]!) / MINUTE) * MINUTE;
      if (need > 0) open.push({ j: later, need, at: start[later]! });
    }
    open.sort((x, y) => x.at - y.at || x.j - y.j);
    for (const { j, need } of open) {
      if (performance.now() - sliceStart > SLICE_MS) {
        yield;
        sliceStart = performance.now();
      }
      tries++;
      if (tryWait(j, wait[j]! + need)) {
        found = true;
        break;
      }
    }
  }

  // ---- Answer -----------------------------------------------------------------------------------------
  const changed = planChanged || wait.some((w, i) => w !== initialWait[i]);
  if (!changed) restore(initialPlan);
  const after = changed ? waited : initial;
  if (!changed) {
    // The current schedule exactly as it is (keepOrder's sorting undone as well).
    start.set(beforeTimes.start);
    end.set(beforeTimes.end);
  }
  const sequence = changed
    ? mergeFloors(plans, start)
    : rounds
        .map((r, i) => ({ r, i }))
        .sort((a, b) => a.r.scheduleIndex - b.r.scheduleIndex || a.i - b.i)
        .map(({ i }) => ({ i, f: homeFloor[i]! }));

  const time = (v: number) => (Number.isNaN(v) ? null : v);
  const score = ({ conflicts, overlaps, conflictMinutes, lengthMinutes, brokenMinutes }: SuggestScore) => ({
    conflicts,
    overlaps,
    conflictMinutes,
    lengthMinutes: Math.round(lengthMinutes),
    brokenMinutes: Math.round(brokenMinutes),
  });
  return {
    rounds: sequence.map(({ i, f }, k) => ({
      roundId: rounds[i]!.roundId,
      floor: floors[f]!,
      scheduleIndex: changed ? k + 1 : rounds[i]!.scheduleIndex,
      estimatedStart: time(start[i]!),
      estimatedEnd: time(end[i]!),
      waitMinutes: Math.round((changed ? wait[i]! : initialWait[i]!) / MINUTE),
      before: {
        floor: floors[homeFloor[i]!]!,
        scheduleIndex: rounds[i]!.scheduleIndex,
        estimatedStart: time(beforeTimes.start[i]!),
        estimatedEnd: time(beforeTimes.end[i]!),
        waitMinutes: Math.round(initialWait[i]! / MINUTE),
      },
    })),
    before: score(initial),
    after: score(after),
    changed,
    iterations,
    elapsedMs: performance.now() - t0,
  };
}

/** One running order from the floors: by start time, each floor's own order kept. */
function mergeFloors(plans: readonly FloorPlan[], start: Float64Array): { i: number; f: number }[] {
  const lines = plans.map((p) => [
    ...p.prefix,
    ...p.segments.flatMap((seg, k) => (k < p.items.length ? [...seg, p.items[k]!] : seg)),
  ]);
  const keyed = lines.map((line) => {
    let key = -Infinity;
    return line.map((i) => {
      if (!Number.isNaN(start[i]!)) key = start[i]!;
      return key;
    });
  });
  const head = lines.map(() => 0);
  const out: { i: number; f: number }[] = [];
  for (;;) {
    let bestF = -1;
    for (let f = 0; f < lines.length; f++) {
      if (head[f]! >= lines[f]!.length) continue;
      if (bestF < 0 || keyed[f]![head[f]!]! < keyed[bestF]![head[bestF]!]!) bestF = f;
    }
    if (bestF < 0) return out;
    out.push({ i: lines[bestF]![head[bestF]!]!, f: bestF });
    head[bestF]!++;
  }
}
