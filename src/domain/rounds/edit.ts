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
  /**
   * Couples who dance the first round (entered, not scratched, not joining later): no round is
   * proposed to recall more couples than can reach it. Absent or 0: not known, the caps stand.
   */
  couples?: number;
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

const byNumber = <R extends Pick<RoundPlan, 'roundNumber'>>(rounds: readonly R[]): R[] =>
  [...rounds].sort((a, b) => a.roundNumber - b.roundNumber);

function find<R extends RoundPlan>(rounds: readonly R[], n: number): R {
  const r = rounds.find((x) => x.roundNumber === n);
  if (!r) throw new RoundRuleError('no-such-round', `There is no round ${n} in this event`);
  return r;
}

/**
 * Renames rounds by position, keeping names an organizer typed (and round `keep`'s). Also what an
 * event's rounds become when the organizer chooses the other naming.
 */
export function renameRounds<R extends RoundPlan>(
  rounds: readonly R[],
  naming: RoundNaming | undefined,
  keep?: number,
): { out: R[]; renamed: RoundChange<R>['renamed'] } {
  const renamed: RoundChange<R>['renamed'] = [];
  // A redance round is no step towards the final: positions count regular rounds only.
  const regular = rounds.filter((r) => r.type !== 'redance');
  const out = rounds.map((r) => {
    const i = regular.indexOf(r);
    if (i < 0 || r.roundNumber === keep || !isStandardRoundName(r.roundName)) return r;
    const name = roundName(i, regular.length, naming);
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

/**
 * With reorderAfterAddRemoveRound (the organizer's explicit choice), the whole running order is
 * renumbered 1, 2, 3 … in its current order; otherwise nothing else moves.
 */
export function reorderIfAsked<R extends RoundPlan>(
  rounds: R[],
  options: EditOptions,
): { rounds: R[]; scheduleIndexes: Map<string, number> | null } {
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
 * The recall size each round gets by default (domain.md): the cap, by position from the final, of
 * the round that receives its couples (the next round that is not skipped), but never more couples
 * than can reach the round — with `couples` dancing the first round, each later round holds at most
 * what the rounds before it recall (a cap of 38 for an event of 16 couples proposes 16). The final
 * recalls 0.
 */
export function defaultRecallSizes(
  rounds: readonly RoundPlan[],
  caps: readonly number[] = DEFAULT_ROUND_CAPS,
  couples?: number,
): Map<number, number> {
  const sorted = byNumber(rounds);
  // Positions from the final count regular rounds only; a redance hands its couples on too.
  const regular = sorted.filter((r) => r.type !== 'redance');
  const total = regular.length;
  let reach = couples && couples > 0 ? couples : Infinity;
  return new Map(
    sorted.map((r) => {
      const next = regular.find((x) => x.roundNumber > r.roundNumber && x.roundState !== RoundState.Skipped);
      const size = next ? Math.min(capAt(total - 1 - regular.indexOf(next), caps), reach) : 0;
      // A skipped round or a redance hands on the couples it was given; a round dancing recalls.
      // What it really recalls when the organizer set fewer.
      if (next && r.type !== 'redance' && r.roundState !== RoundState.Skipped)
        reach = r.recallSize > 0 ? Math.min(size, r.recallSize) : size;
      return [r.roundNumber, size];
    }),
  );
}

/** Judges may already be marking to a round's recall size once it runs; only rounds not yet danced follow. */
const recallMayFollow = (r: RoundPlan): boolean =>
  r.roundState === RoundState.Initialized ||
  r.roundState === RoundState.Empty ||
  r.roundState === RoundState.Skipped;

/**
 * After rounds were added, skipped or deleted, every round still holding its default recall size
 * gets the new default. There is no "edited by hand" flag in the data, so a recall size that differs
 * from the default before the change counts as the organizer's choice and is kept (one typed equal
 * to the default is indistinguishable and follows). Rounds already running or with results keep
 * theirs: judges mark to that number. The last round always recalls 0.
 * `before` and `after` are matched by `oldNumber` (the round's number before the change, or null for
 * a new round, which keeps the recall size it was given).
 */
function reflowRecallSizes<R extends RoundPlan>(
  before: readonly RoundPlan[],
  after: R[],
  oldNumber: (r: R) => number | null,
  caps: readonly number[],
  couples?: number,
): { rounds: R[]; changed: Array<{ roundNumber: number; from: number; to: number }> } {
  const oldDefaults = defaultRecallSizes(before, caps, couples);
  const newDefaults = defaultRecallSizes(after, caps, couples);
  const changed: Array<{ roundNumber: number; from: number; to: number }> = [];
  const rounds = after.map((r, i) => {
    const old = oldNumber(r);
    const isLast = i === after.length - 1;
    let to = r.recallSize;
    if (isLast) to = 0;
    // A redance recalls the number the organizer gave it.
    else if (r.type === 'redance') return r;
    else if (old !== null && recallMayFollow(r) && r.recallSize === oldDefaults.get(old)) {
      to = newDefaults.get(r.roundNumber) ?? r.recallSize;
    }
    if (to === r.recallSize) return r;
    if (old !== null) changed.push({ roundNumber: r.roundNumber, from: r.recallSize, to });
    return { ...r, recallSize: to };
  });
  return { rounds, changed };
}

const describeRecalls = (changed: Array<{ roundNumber: number; from: number; to: number }>): string =>
  changed.length
    ? `; recall sizes ${changed.map((c) => `round ${c.roundNumber} ${c.from}→${c.to}`).join(', ')}`
    : '';

/**
 * Skip a round: it becomes Skipped and its couples go back to the previous round that is not
 * skipped (spec §4). When there is no such round (skipping the first round, or every round before
 * it is skipped) nobody is eliminated: its couples go FORWARD into the next round that is not
 * skipped, which then dances with all of them. Nothing is renumbered; the round before it, if it
 * still has its default recall size, now recalls what the skipped round would have (the cap of the
 * round that now receives its couples).
 */
export function skipRound<R extends RoundPlan>(
  rounds: readonly R[],
  roundNumber: number,
  options: Pick<EditOptions, 'caps' | 'couples'> = {},
): RoundChange<R> {
  const sorted = byNumber(rounds);
  const target = find(sorted, roundNumber);
  if (target.roundState === RoundState.Skipped) {
    throw new RoundRuleError('invalid-transition', `${target.roundName} is already skipped`);
  }
  if (target.roundNumber === sorted.length) {
    throw new RoundRuleError('invalid-position', 'The Final cannot be skipped');
  }
  assertTransition(target.roundState, RoundState.Skipped);
  const destination = skipDestination(sorted, roundNumber);
  const skipped = sorted.map((r) =>
    r.roundNumber === roundNumber ? { ...r, roundState: RoundState.Skipped } : r,
  );
  const { rounds: out, changed } = reflowRecallSizes(
    sorted,
    skipped,
    (r) => r.roundNumber,
    options.caps ?? DEFAULT_ROUND_CAPS,
    options.couples,
  );
  const to = destination.round;
  return {
    rounds: out,
    renumber: [],
    discard: [],
    moveEntries: { from: roundNumber, to: to.roundNumber },
    renamed: [],
    scheduleIndexes: null,
    description:
      `Skipped round ${roundNumber} (${target.roundName}); ` +
      (destination.direction === 'back'
        ? `its couples go back to round ${to.roundNumber} (${to.roundName})`
        : `nobody is eliminated: its couples go forward to round ${to.roundNumber} (${to.roundName})`) +
      describeRecalls(changed),
  };
}

/**
 * Where the couples of a round go if it is skipped: back to the previous round that is not skipped,
 * or, when there is none, forward to the next one. For the screen to say so before confirming.
 */
export function skipDestination<R extends RoundPlan>(
  rounds: readonly R[],
  roundNumber: number,
): { direction: 'back' | 'forward'; round: R } {
  const sorted = byNumber(rounds);
  const active = (r: R) => r.roundNumber !== roundNumber && r.roundState !== RoundState.Skipped;
  const previous = [...sorted].reverse().find((r) => r.roundNumber < roundNumber && active(r));
  if (previous) return { direction: 'back', round: previous };
  const next = sorted.find((r) => r.roundNumber > roundNumber && active(r));
  if (next) return { direction: 'forward', round: next };
  throw new RoundRuleError('invalid-position', 'The Final cannot be skipped');
}

/**
 * Undo a skip: the round becomes Initialized again (its couples are not brought back; the round
 * before it hands them on when it is posted). Default recall sizes follow back, as after a skip.
 */
export function restoreRound<R extends RoundPlan>(
  rounds: readonly R[],
  roundNumber: number,
  options: Pick<EditOptions, 'caps' | 'couples'> = {},
): { rounds: R[]; changed: Array<{ roundNumber: number; from: number; to: number }> } {
  const sorted = byNumber(rounds);
  const target = find(sorted, roundNumber);
  if (target.roundState !== RoundState.Skipped) {
    throw new RoundRuleError('invalid-transition', `${target.roundName} is not skipped`);
  }
  const restored = sorted.map((r) =>
    r.roundNumber === roundNumber ? { ...r, roundState: RoundState.Initialized } : r,
  );
  return reflowRecallSizes(
    sorted,
    restored,
    (r) => r.roundNumber,
    options.caps ?? DEFAULT_ROUND_CAPS,
    options.couples,
  );
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
  const named = renameRounds(withNew, options.naming, request.name?.trim() ? newNumber : undefined);
  const { renamed } = named;
  // Rounds before the new one moved one place further from the final: their default recall sizes
  // follow (the round just before it now recalls the new round's cap).
  const { rounds: out, changed } = reflowRecallSizes(
    sorted,
    named.out,
    (r) =>
      r.roundNumber === newNumber ? null : r.roundNumber > newNumber ? r.roundNumber - 1 : r.roundNumber,
    options.caps ?? DEFAULT_ROUND_CAPS,
    options.couples,
  );
  // The new round recalls no more couples than can reach it.
  const proposed =
    request.recallSize === undefined && nextFromEnd >= 0
      ? defaultRecallSizes(out, options.caps ?? DEFAULT_ROUND_CAPS, options.couples).get(newNumber)
      : undefined;
  const bounded =
    proposed === undefined
      ? out
      : out.map((r) => (r.roundNumber === newNumber ? { ...r, recallSize: proposed } : r));
  const renumber = sorted
    .filter((r) => r.roundNumber > after)
    .map((r) => ({ from: r.roundNumber, to: r.roundNumber + 1 }))
    .reverse();
  const reordered = reorderIfAsked(bounded, options);
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
        : '') +
      describeRecalls(changed),
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
  const named = renameRounds(remaining, options.naming);
  const { renamed } = named;
  const { rounds: out, changed } = reflowRecallSizes(
    sorted,
    named.out,
    (r) => (r.roundNumber >= roundNumber ? r.roundNumber + 1 : r.roundNumber),
    options.caps ?? DEFAULT_ROUND_CAPS,
    options.couples,
  );
  const previous = roundNumber > 1 ? roundNumber - 1 : 1;
  const renumber = sorted
    .filter((r) => r.roundNumber > roundNumber)
    .map((r) => ({ from: r.roundNumber, to: r.roundNumber - 1 }));
  const reordered = reorderIfAsked(out, options);
  return {
    rounds: reordered.rounds,
    renumber,
    discard: [roundNumber],
    moveEntries: { from: roundNumber, to: previous },
    renamed,
    scheduleIndexes: reordered.scheduleIndexes,
    description:
      `Deleted round ${roundNumber} (${target.roundName}); its couples go to round ${previous}` +
      (renumber.length ? `; rounds ${renumber.map((m) => `${m.from}→${m.to}`).join(', ')} renumbered` : '') +
      describeRecalls(changed),
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

/** The round that receives this round's recalled couples: the next regular one that is not skipped. */
export function nextActiveRound<R extends Pick<RoundPlan, 'roundNumber' | 'type'> & { roundState: number }>(
  rounds: readonly R[],
  roundNumber: number,
): R | null {
  return (
    byNumber(rounds).find(
      (r) => r.roundNumber > roundNumber && r.roundState !== RoundState.Skipped && r.type !== 'redance',
    ) ?? null
  );
}

/** `${eventKey}-R${n}`: spec §3's round id, the event's key plus R and the round number. */
export function roundId(eventKey: string, roundNumber: number): string {
  return `${eventKey}-R${roundNumber}`;
}
