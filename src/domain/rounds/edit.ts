/**
 * Skip, add and delete rounds as pure functions (spec §4, domain.md). Each returns the new rounds AND
 * what the server must move in the same transaction: entries, and marks and saved results under
 * their new round numbers. A half-renumbered event is a corrupted competition, so apply everything
 * returned here in one transaction.
 */
import { capAt, DEFAULT_ROUND_CAPS, normalizeRecallSize, type RoundPlan } from './generate.ts';
import { isStandardRoundName, roundName, type RoundNaming } from './names.ts';
import { assertTransition, ROUND_STATE_NAMES, RoundRuleError, RoundState } from './state.ts';

/** A round of any event in the competition's running order. */
export interface ScheduleSlot {
  /** Anything unique across the competition, e.g. the round id. */
  key: string;
  scheduleIndex: number;
}

export interface EditOptions {
  naming?: RoundNaming;
  caps?: readonly number[];
  /** Event setting: refresh every schedule index after adding or removing a round. */
  reorderAfterAddRemoveRound?: boolean;
  /** The other events' rounds, needed to refresh the whole running order. */
  otherSlots?: readonly ScheduleSlot[];
  /** The key of this event's round with a given number (default `R<n>`); used in `scheduleIndexes`. */
  slotKey?: (roundNumber: number) => string;
}

export interface RoundChange<R extends RoundPlan> {
  /** The event's rounds after the change, numbered 1.. in danced order. */
  rounds: R[];
  /**
   * Marks and saved results to move: old round number → new. Listed in a safe order for a database
   * with a unique (event, round) key: highest first when shifting up, lowest first when shifting down.
   */
  renumber: Array<{ from: number; to: number }>;
  /** Round numbers (before the change) whose marks and saved results are deleted. */
  discard: number[];
  /** Where the entries of a skipped or deleted round go (new numbering), or null. */
  moveEntries: { from: number; to: number } | null;
  /** Rounds whose name changed (new numbering). */
  renamed: Array<{ roundNumber: number; from: string; to: string }>;
  /** When the running order was refreshed: every slot's new index (this event's keys included). */
  scheduleIndexes: Map<string, number> | null;
  /** The change in words, for the audit trail. */
  description: string;
}

const byNumber = <R extends RoundPlan>(rounds: readonly R[]): R[] =>
  [...rounds].sort((a, b) => a.roundNumber - b.roundNumber);

function find<R extends RoundPlan>(rounds: readonly R[], n: number): R {
  const r = rounds.find((x) => x.roundNumber === n);
  if (!r) throw new RoundRuleError('no-such-round', `There is no round ${n} in this event`);
  return r;
}

/** Renames rounds by position, keeping names an organizer typed. */
function rename<R extends RoundPlan>(rounds: R[], naming: RoundNaming | undefined, keep?: number) {
  const renamed: RoundChange<R>['renamed'] = [];
  const out = rounds.map((r, i) => {
    if (r.roundNumber === keep || !isStandardRoundName(r.roundName)) return r;
    const name = roundName(i, rounds.length, naming);
    if (name === r.roundName) return r;
    renamed.push({ roundNumber: r.roundNumber, from: r.roundName, to: name });
    return { ...r, roundName: name };
  });
  return { out, renamed };
}

/** The running order renumbered 1, 2, 3 … in its current order (equal indexes keep their order). */
export function refreshScheduleIndexes(slots: readonly ScheduleSlot[], first = 1): Map<string, number> {
  const sorted = slots
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.scheduleIndex - b.s.scheduleIndex || a.i - b.i);
  return new Map(sorted.map(({ s }, k) => [s.key, first + k]));
}

function maybeReorder<R extends RoundPlan>(rounds: R[], options: EditOptions) {
  if (!options.reorderAfterAddRemoveRound) return { rounds, scheduleIndexes: null };
  const key = options.slotKey ?? ((n: number) => `R${n}`);
  const mine = rounds.map((r) => ({ key: key(r.roundNumber), scheduleIndex: r.scheduleIndex }));
  const others = options.otherSlots ?? [];
  const minIndex = Math.min(...[...mine, ...others].map((s) => s.scheduleIndex));
  const scheduleIndexes = refreshScheduleIndexes([...others, ...mine], Math.max(0, Math.floor(minIndex)));
  return {
    rounds: rounds.map((r) => ({ ...r, scheduleIndex: scheduleIndexes.get(key(r.roundNumber)) as number })),
    scheduleIndexes,
  };
}

const hasResults = (r: RoundPlan): boolean =>
  r.roundState === RoundState.Marked || r.roundState === RoundState.Posted;

/**
 * Skip a round: it becomes Skipped and its couples go back to the previous round that is not
 * skipped (spec §4). Nothing is renumbered.
 */
export function skipRound<R extends RoundPlan>(rounds: readonly R[], roundNumber: number): RoundChange<R> {
  const sorted = byNumber(rounds);
  const target = find(sorted, roundNumber);
  if (target.roundState === RoundState.Skipped) {
    throw new RoundRuleError('invalid-transition', `${target.roundName} is already skipped`);
  }
  if (target.roundNumber === sorted.length) {
    throw new RoundRuleError('invalid-position', 'The Final cannot be skipped');
  }
  assertTransition(target.roundState, RoundState.Skipped);
  const previous = [...sorted]
    .reverse()
    .find((r) => r.roundNumber < roundNumber && r.roundState !== RoundState.Skipped);
  return {
    rounds: sorted.map((r) => (r.roundNumber === roundNumber ? { ...r, roundState: RoundState.Skipped } : r)),
    renumber: [],
    discard: [],
    moveEntries: previous ? { from: roundNumber, to: previous.roundNumber } : null,
    renamed: [],
    scheduleIndexes: null,
    description:
      `Skipped round ${roundNumber} (${target.roundName})` +
      (previous ? `; its couples go back to round ${previous.roundNumber} (${previous.roundName})` : ''),
  };
}

export interface AddRoundRequest<R extends RoundPlan> {
  /** Insert after this round (0 = before the first round). */
  after: number;
  /** A name typed by the organizer; otherwise the round gets its positional name. */
  name?: string;
  /** Recall size of the new round; default: the cap of the round after it. */
  recallSize?: number;
  /** Builds the new round with the server's extra fields. */
  make?: (base: RoundPlan) => R;
}

/**
 * Add a round after round `after`. Later rounds are renumbered (+1) and all rounds renamed by
 * position; the new round's schedule index is half a step after its source round (before the first
 * round when inserting at the start).
 */
export function addRound<R extends RoundPlan>(
  rounds: readonly R[],
  request: AddRoundRequest<R>,
  options: EditOptions = {},
): RoundChange<R> {
  const sorted = byNumber(rounds);
  const { after } = request;
  if (!Number.isInteger(after) || after < 0 || after > sorted.length) {
    throw new RoundRuleError(
      'invalid-position',
      `A round can be added after round 0 to ${sorted.length} (got ${String(after)})`,
    );
  }
  if (sorted.length > 0 && after === sorted.length) {
    throw new RoundRuleError(
      'invalid-position',
      'A round cannot be added after the Final; add it before the Final',
    );
  }
  const blocked = sorted.find((r) => r.roundNumber > after && hasResults(r));
  if (blocked) {
    throw new RoundRuleError(
      'round-has-results',
      `Round ${blocked.roundNumber} (${blocked.roundName}) is already ${ROUND_STATE_NAMES[blocked.roundState]}; ` +
        'a round cannot be added before a round with results',
    );
  }
  const source = sorted.find((r) => r.roundNumber === after);
  const next = sorted.find((r) => r.roundNumber === after + 1);
  const newNumber = after + 1;
  const total = sorted.length + 1;
  const scheduleIndex = source ? source.scheduleIndex + 0.5 : (next?.scheduleIndex ?? 1) - 0.5;
  // The new round recalls what the round after it holds (its cap by position), like generation does.
  const nextFromEnd = total - 1 - newNumber;
  const base: RoundPlan = {
    roundNumber: newNumber,
    roundName: request.name?.trim() || roundName(newNumber - 1, total, options.naming),
    recallSize:
      nextFromEnd < 0
        ? 0
        : request.recallSize !== undefined
          ? normalizeRecallSize(request.recallSize)
          : capAt(nextFromEnd, options.caps ?? DEFAULT_ROUND_CAPS),
    roundState: RoundState.Initialized,
    scheduleIndex,
  };
  const added = (request.make ? request.make(base) : base) as R;

  const shifted = sorted.map((r) => (r.roundNumber > after ? { ...r, roundNumber: r.roundNumber + 1 } : r));
  const withNew = [...shifted.slice(0, after), added, ...shifted.slice(after)];
  const { out, renamed } = rename(withNew, options.naming, request.name?.trim() ? newNumber : undefined);
  const renumber = sorted
    .filter((r) => r.roundNumber > after)
    .map((r) => ({ from: r.roundNumber, to: r.roundNumber + 1 }))
    .reverse();
  const reordered = maybeReorder(out, options);
  return {
    rounds: reordered.rounds,
    renumber,
    discard: [],
    moveEntries: null,
    renamed,
    scheduleIndexes: reordered.scheduleIndexes,
    description:
      `Added round ${newNumber} (${added.roundName})` +
      (source
        ? ` after round ${source.roundNumber} (${out.find((r) => r.roundNumber === after)?.roundName ?? source.roundName})`
        : ' before the first round') +
      (renumber.length
        ? `; rounds ${renumber
            .map((m) => `${m.from}→${m.to}`)
            .reverse()
            .join(', ')} renumbered`
        : ''),
  };
}

/**
 * Delete a round: its couples go back to the previous round (or, for the first round, to the round
 * that becomes first), later rounds are renumbered (−1) and all rounds renamed by position; the other
 * rounds keep their schedule indexes unless the running order is refreshed.
 */
export function deleteRound<R extends RoundPlan>(
  rounds: readonly R[],
  roundNumber: number,
  options: EditOptions = {},
): RoundChange<R> {
  const sorted = byNumber(rounds);
  const target = find(sorted, roundNumber);
  if (sorted.length === 1) {
    throw new RoundRuleError(
      'invalid-position',
      'An event needs at least its Final; delete the event instead',
    );
  }
  if (hasResults(target)) {
    throw new RoundRuleError(
      'round-has-results',
      `Round ${roundNumber} (${target.roundName}) is ${ROUND_STATE_NAMES[target.roundState]}; its results must be withdrawn before it can be deleted`,
    );
  }
  const remaining = sorted
    .filter((r) => r.roundNumber !== roundNumber)
    .map((r) => (r.roundNumber > roundNumber ? { ...r, roundNumber: r.roundNumber - 1 } : r));
  const { out, renamed } = rename(remaining, options.naming);
  const previous = roundNumber > 1 ? roundNumber - 1 : 1;
  const renumber = sorted
    .filter((r) => r.roundNumber > roundNumber)
    .map((r) => ({ from: r.roundNumber, to: r.roundNumber - 1 }));
  const reordered = maybeReorder(out, options);
  return {
    rounds: reordered.rounds,
    renumber,
    discard: [roundNumber],
    moveEntries: { from: roundNumber, to: previous },
    renamed,
    scheduleIndexes: reordered.scheduleIndexes,
    description:
      `Deleted round ${roundNumber} (${target.roundName}); its couples go to round ${previous}` +
      (renumber.length ? `; rounds ${renumber.map((m) => `${m.from}→${m.to}`).join(', ')} renumbered` : ''),
  };
}

/** Set a round's recall size; 0 is stored as 1 (spec §5). The Final recalls nobody. */
export function setRecallSize<R extends RoundPlan>(
  rounds: readonly R[],
  roundNumber: number,
  size: number,
): R[] {
  const sorted = byNumber(rounds);
  find(sorted, roundNumber);
  if (roundNumber === sorted.length) {
    throw new RoundRuleError(
      'invalid-recall-size',
      'The Final recalls nobody; its recall size cannot be set',
    );
  }
  const value = normalizeRecallSize(size);
  return sorted.map((r) => (r.roundNumber === roundNumber ? { ...r, recallSize: value } : r));
}

/** The round that receives this round's recalled couples: the next one that is not skipped. */
export function nextActiveRound<R extends RoundPlan>(rounds: readonly R[], roundNumber: number): R | null {
  return (
    byNumber(rounds).find((r) => r.roundNumber > roundNumber && r.roundState !== RoundState.Skipped) ?? null
  );
}

/** `${eventKey}-R${n}`: spec §3's round id, the event's key plus R and the round number. */
export function roundId(eventKey: string, roundNumber: number): string {
  return `${eventKey}-R${roundNumber}`;
}
