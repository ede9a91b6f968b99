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
 * Where the parts are: this file runs the steps (annealing runs, the waiting-time phase, the answer);
 * the search state — times, waits, evaluate, tryMove / rejectMove, tryEvaluate / takeBack — is
 * `ScheduleSearch` (scheduleSuggestSearch.ts); what is placed is the model (scheduleSuggestModel.ts);
 * conflicts are counted again only where times changed by `ConflictCounter` (scheduleConflictCounter.ts).
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
 * machine the budget cuts the search earlier (cooling follows whichever comes first), though never
 * below `MIN_RUN_ITERATIONS` a run.
 */
import { seededRandom } from './random.ts';
import { placementModel, type FloorPlan } from './scheduleSuggestModel.ts';
import { ScheduleSearch, type Evaluation, type Random, type SessionPlan } from './scheduleSuggestSearch.ts';
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

/** Start and end of every round (epoch ms, NaN for no time). */
interface Times {
  start: Float64Array;
  end: Float64Array;
}

/**
 * The suggestion in slices: it pauses (yields) every 20 ms or so of work, so a server can answer
 * other requests — judges' marks, live pages — while it searches for up to its budget.
 */
export function* suggestScheduleSteps(input: SuggestInput): Generator<void, SuggestResult, void> {
  const startedAt = performance.now();
  const search = new ScheduleSearch(placementModel(input), input);
  const before: Times = { start: Float64Array.from(search.start), end: Float64Array.from(search.end) };
  const initialPlan = search.snapshot();
  const initial = search.evaluate();
  if (search.model.ordered) search.sortByKeptOrder();
  const annealed = yield* anneal(search, input, initial, startedAt);

  const planChanged =
    annealed.best !== initial && JSON.stringify(annealed.bestPlan) !== JSON.stringify(initialPlan);
  search.restore(planChanged ? annealed.bestPlan : initialPlan);
  // With keepOrder, a current order that does not follow it comes back as it is, waits included.
  const waited = yield* adjustWaits(search, planChanged || !search.model.ordered);
  const changed = planChanged || search.wait.some((w, i) => w !== search.model.initialWaitMs[i]);
  return {
    rounds: suggestedRounds(search, before, changed),
    before: roundedScore(initial),
    // The current schedule exactly as it is when nothing changed (keepOrder's sorting undone as well).
    after: roundedScore(changed ? waited : initial),
    changed,
    iterations: annealed.iterations,
    elapsedMs: performance.now() - startedAt,
  };
}

// ---- Annealing ------------------------------------------------------------------------------------

const RESTARTS = 4;
/** Temperatures at the start of the first run and at the end of every run (energy units). */
const HOT = 2e5;
/**
 * Iterations every run makes however little of the time budget is left: on a busy server, building
 * the model can take the whole budget, and a search that stops there answers with the overlaps it
 * started from. A few thousand iterations (well under a second alone) remove them on a 1,000-entry day.
 */
const MIN_RUN_ITERATIONS = 2_000;
const COLD = 1e-3;

/** The annealing's progress: the schedule it is on, the best seen and the moves tried. */
interface Annealing {
  current: Evaluation;
  best: Evaluation;
  bestPlan: SessionPlan;
  /** Only schedules with no more conflicts than the current one qualify as best. */
  initialConflicts: number;
  iterations: number;
}

/**
 * Simulated annealing in `RESTARTS` runs, each from the best schedule seen, sharing the iteration
 * limit and the time budget; cooling follows whichever limit comes first.
 */
function* anneal(
  search: ScheduleSearch,
  input: SuggestInput,
  initial: Evaluation,
  startedAt: number,
): Generator<void, Annealing, void> {
  const startPlan = search.snapshot();
  const current = search.evaluate();
  // With keepOrder the sorted schedule is the one to improve on, unless it has more conflicts.
  const best = current.conflicts <= initial.conflicts ? current : initial;
  const state: Annealing = {
    current,
    best,
    bestPlan: startPlan,
    initialConflicts: initial.conflicts,
    iterations: 0,
  };
  if (search.movable.length === 0) return state;
  const random = seededRandom(input.seed ?? 19);
  const budget = input.budgetMs ?? 1200;
  // Small days need few iterations; a big one runs until the budget.
  const maxIterations = input.maxIterations ?? Math.min(400_000, 4_000 * search.movable.length);
  for (let run = 0; run < RESTARTS; run++) {
    const runStart = performance.now();
    const runBudget = (budget - (runStart - startedAt)) / (RESTARTS - run);
    const runIterations = Math.floor((maxIterations - state.iterations) / (RESTARTS - run));
    if (runIterations <= 0) break;
    if (run > 0) {
      search.restore(state.bestPlan);
      state.current = search.evaluate();
    }
    yield* annealRun(search, state, random, {
      hot: HOT / 10 ** run,
      runStart,
      runBudget,
      runIterations,
      minIterations: Math.min(runIterations, MIN_RUN_ITERATIONS),
    });
  }
  return state;
}

/**
 * One run: cools from `hot` to `COLD` over its iterations or its budget, whichever ends first, but
 * over no fewer than `minIterations`.
 */
function* annealRun(
  search: ScheduleSearch,
  state: Annealing,
  random: Random,
  run: { hot: number; runStart: number; runBudget: number; runIterations: number; minIterations: number },
): Generator<void, void, void> {
  let sliceStart = performance.now();
  for (let it = 0; it < run.runIterations; it++) {
    if ((it & 63) === 0 && performance.now() - sliceStart > SLICE_MS) {
      yield;
      sliceStart = performance.now();
    }
    const timeUsed = run.runBudget > 0 ? (performance.now() - run.runStart) / run.runBudget : Infinity;
    const progress = Math.max(it / run.runIterations, Math.min(timeUsed, it / run.minIterations));
    if (progress >= 1) break;
    const temperature = run.hot * (COLD / run.hot) ** progress;
    state.iterations++;
    if (!search.tryMove(random)) continue;
    const next = search.tryEvaluate();
    const delta = next.energy - state.current.energy;
    if (delta <= 0 || random() < Math.exp(-delta / temperature)) {
      state.current = next;
      if (next.energy < state.best.energy && next.conflicts <= state.initialConflicts) {
        state.best = next;
        state.bestPlan = search.snapshot();
      }
    } else search.rejectMove();
  }
}

// ---- Waiting time ---------------------------------------------------------------------------------

/**
 * On the order the search left: waiting time that keeps no conflict away is taken out (a shorter
 * day), then, conflict by conflict, the later round waits as long as the conflict needs, kept when
 * that lowers the objective — conflicts come before the day's length, and a wait that breaks a fixed
 * point or makes other conflicts is not kept. `waitsToo` false: the waits stay as they are.
 */
function* adjustWaits(search: ScheduleSearch, waitsToo: boolean): Generator<void, Evaluation, void> {
  const { wait } = search;
  const { n, fixed } = search.model;
  let waited = search.evaluate();
  const tryWait = (round: number, ms: number): boolean => {
    const next = waitIfBetter(search, round, ms, waited);
    if (next) waited = next;
    return next !== null;
  };
  if (waitsToo) for (let i = 0; i < n; i++) if (!fixed[i] && wait[i]! > 0) tryWait(i, 0);
  let sliceStart = performance.now();
  for (let tries = 0, found = waitsToo; found && tries < 20 * n;) {
    found = false;
    for (const { round, needMs } of waitsThatEndConflicts(search)) {
      if (performance.now() - sliceStart > SLICE_MS) {
        yield;
        sliceStart = performance.now();
      }
      tries++;
      if (tryWait(round, wait[round]! + needMs)) {
        found = true;
        break;
      }
    }
  }
  return waited;
}

/** Gives a round `ms` of waiting time and keeps it if the objective drops with no more conflicts. */
function waitIfBetter(
  search: ScheduleSearch,
  round: number,
  ms: number,
  than: Evaluation,
): Evaluation | null {
  const old = search.wait[round]!;
  search.wait[round] = ms;
  const next = search.tryEvaluate();
  if (next.energy < than.energy - 1e-6 && next.conflicts <= than.conflicts) return next;
  search.wait[round] = old;
  search.takeBack();
  return null;
}

/** For each conflict, the later round (when movable) and the wait that would end it; earliest first. */
function waitsThatEndConflicts(search: ScheduleSearch): { round: number; needMs: number }[] {
  const { counter, start, end } = search;
  const { fixed, rounds, restMs } = search.model;
  const open: { round: number; needMs: number; at: number }[] = [];
  for (let k = 0; k < counter.pairCount; k++) {
    if (!counter.inConflict(k)) continue;
    const a = counter.firstRound[k]!;
    const b = counter.secondRound[k]!;
    const aFirst = start[a]! < start[b]! || (start[a] === start[b] && end[a]! <= end[b]!);
    const first = aFirst ? a : b;
    const later = aFirst ? b : a;
    if (fixed[later] || rounds[later]?.item) continue;
    const needMs = Math.ceil((end[first]! + restMs - start[later]!) / MINUTE) * MINUTE;
    if (needMs > 0) open.push({ round: later, needMs, at: start[later]! });
  }
  return open.sort((x, y) => x.at - y.at || x.round - y.round);
}

// ---- Answer -----------------------------------------------------------------------------------------

/** Every round in the suggested running order, or as it is now when nothing changed. */
function suggestedRounds(search: ScheduleSearch, before: Times, changed: boolean): SuggestedRound[] {
  const { rounds, floors, homeFloor, initialWaitMs, plans } = search.model;
  const times = changed ? search : before;
  const sequence = changed
    ? mergeFloors(plans, times.start)
    : rounds
        .map((r, i) => ({ r, i }))
        .sort((a, b) => a.r.scheduleIndex - b.r.scheduleIndex || a.i - b.i)
        .map(({ i }) => ({ i, f: homeFloor[i]! }));
  const time = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : v);
  return sequence.map(({ i, f }, k) => {
    const round = rounds[i]!;
    return {
      roundId: round.roundId,
      floor: floors[f]!,
      scheduleIndex: changed ? k + 1 : round.scheduleIndex,
      estimatedStart: time(times.start[i]),
      estimatedEnd: time(times.end[i]),
      waitMinutes: Math.round((changed ? search.wait[i]! : initialWaitMs[i]!) / MINUTE),
      before: {
        floor: floors[homeFloor[i]!]!,
        scheduleIndex: round.scheduleIndex,
        estimatedStart: time(before.start[i]),
        estimatedEnd: time(before.end[i]),
        waitMinutes: Math.round(initialWaitMs[i]! / MINUTE),
      },
    };
  });
}

function roundedScore({
  conflicts,
  overlaps,
  conflictMinutes,
  lengthMinutes,
  brokenMinutes,
}: SuggestScore): SuggestScore {
  return {
    conflicts,
    overlaps,
    conflictMinutes,
    lengthMinutes: Math.round(lengthMinutes),
    brokenMinutes: Math.round(brokenMinutes),
  };
}

/** One running order from the floors: by start time, each floor's own order kept. */
function mergeFloors(plans: readonly FloorPlan[], start: Float64Array): { i: number; f: number }[] {
  // Each floor's rounds with the start they are merged by: a round with no time goes with the one before it.
  const lines = plans.map((plan, f) => {
    let key = -Infinity;
    const entries = runningOrder(plan).map((i) => {
      const s = start[i];
      if (s !== undefined && !Number.isNaN(s)) key = s;
      return { i, f, key };
    });
    return { entries, head: 0 };
  });
  const out: { i: number; f: number }[] = [];
  for (;;) {
    // The earliest next round; on equal starts the first floor's.
    let next: { i: number; f: number; key: number } | undefined;
    for (const line of lines) {
      const entry = line.entries[line.head];
      if (entry && (!next || entry.key < next.key)) next = entry;
    }
    if (!next) return out;
    out.push({ i: next.i, f: next.f });
    const line = lines[next.f];
    if (line) line.head++;
  }
}

/** A floor's rounds in order: what cannot move, then each session followed by its item. */
function runningOrder(plan: FloorPlan): number[] {
  return [
    ...plan.prefix,
    ...plan.segments.flatMap((session, k) => {
      const item = plan.items[k];
      return item === undefined ? session : [...session, item];
    }),
  ];
}
