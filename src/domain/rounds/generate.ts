import { roundName, type RoundNaming } from './names.ts';
import { RoundRuleError, RoundState } from './state.ts';
import type { RoundType } from './formats.ts';

/**
 * Default caps: how many couples a round may hold, counting back from the final (spec §9,
 * domain.md): a final holds up to 7, a semi-final 14, a quarter-final 28, then 38, 60, 80.
 */
export const DEFAULT_ROUND_CAPS: readonly number[] = [7, 14, 28, 38, 60, 80];

/** The part of a round the rules care about; the server keeps its other fields alongside. */
export interface RoundPlan {
  /** 1 = the first round danced (api.md). */
  roundNumber: number;
  roundName: string;
  /** Couples to recall into the next round; 0 for the final, which recalls nobody. */
  recallSize: number;
  roundState: RoundState;
  /** Position in the competition's running order; may be fractional after an inserted round. */
  scheduleIndex: number;
  /** A redance round (formats.ts) sits between two regular rounds; absent: a regular round. */
  type?: RoundType;
}

export interface GenerateOptions {
  caps?: readonly number[];
  naming?: RoundNaming;
  /** Schedule index of the first round; later rounds follow in steps of 1. Default 1. */
  firstScheduleIndex?: number;
}

/**
 * The cap of the round `fromEnd` places before the final (0 = the final). Past the end of the list
 * the caps keep growing by the largest cap (80 → 160 → 240 …): each extra round of a very large event
 * holds at most one largest-cap more couples than the round after it. (domain.md only says to keep
 * adding rounds; this is how many.)
 */
export function capAt(fromEnd: number, caps: readonly number[] = DEFAULT_ROUND_CAPS): number {
  if (caps.length === 0) throw new RoundRuleError('invalid-recall-size', 'At least one round cap is needed');
  const listed = caps[fromEnd];
  if (listed !== undefined) return listed;
  const largest = caps[caps.length - 1] as number;
  return largest * (fromEnd - caps.length + 2);
}

/** How many rounds an event with `entries` couples needs: a final plus one round per cap exceeded. */
export function roundCountFor(entries: number, caps: readonly number[] = DEFAULT_ROUND_CAPS): number {
  if (!Number.isInteger(entries) || entries < 0) {
    throw new RoundRuleError(
      'invalid-position',
      `The number of entries must be a whole number (got ${String(entries)})`,
    );
  }
  let rounds = 1;
  while (entries > capAt(rounds - 1, caps)) rounds++;
  return rounds;
}

/** Spec §5: a recall size of 0 is stored as 1. */
export function normalizeRecallSize(size: number): number {
  if (!Number.isInteger(size) || size < 0) {
    throw new RoundRuleError(
      'invalid-recall-size',
      `A recall size must be a whole number of couples (got ${String(size)})`,
    );
  }
  return size === 0 ? 1 : size;
}

/**
 * The rounds of an event from its entry count, first danced first. Every round starts Initialized;
 * each non-final round recalls the cap of the round after it (a semi-final recalls 7 to the final).
 */
export function generateRounds(entries: number, options: GenerateOptions = {}): RoundPlan[] {
  const caps = options.caps ?? DEFAULT_ROUND_CAPS;
  const total = roundCountFor(entries, caps);
  const first = options.firstScheduleIndex ?? 1;
  return Array.from({ length: total }, (_, i) => {
    const fromEnd = total - 1 - i;
    return {
      roundNumber: i + 1,
      roundName: roundName(i, total, options.naming),
      recallSize: fromEnd === 0 ? 0 : capAt(fromEnd - 1, caps),
      roundState: RoundState.Initialized,
      scheduleIndex: first + i,
    };
  });
}

/**
 * The step between new rounds placed in a gap of the running order: half a step, as an added round
 * takes (spec §4), halved until `count` of them fit strictly inside the gap (`Infinity` when open).
 */
function fittingStep(count: number, gap: number): number {
  let step = 0.5;
  while (step > 0 && count * step >= gap) step /= 2;
  return step;
}

/**
 * Schedule indexes of an event's generated rounds (first danced first), keeping the organizer's
 * running order: no other round moves, and no round jumps next to another.
 * - No rounds before: the new ones go to the end of the day, after every other round, in steps of 1.
 * - Generated again: each new round takes the slot of the old round at the same distance from the
 *   final (the final keeps the final's slot, the semi-final the semi-final's); slots left over are
 *   freed; rounds more than before go just before the first old slot, after the other events'
 *   rounds danced before it, in half steps or smaller.
 * `others`: the schedule indexes of the other events' rounds.
 */
export function regeneratedScheduleIndexes(
  oldIndexes: readonly number[],
  count: number,
  others: readonly number[],
): number[] {
  if (oldIndexes.length === 0) {
    const first = Math.floor(Math.max(0, ...others)) + 1;
    return Array.from({ length: count }, (_, i) => first + i);
  }
  const slots = [...oldIndexes].sort((a, b) => a - b);
  const kept = slots.slice(Math.max(0, slots.length - count));
  const extra = count - kept.length;
  const first = slots[0] as number;
  // Nothing before it: stay at or above 0 where there is room, as the schedule's indexes do.
  const previous = Math.max(Math.min(0, first - 1), ...others.filter((i) => i < first));
  const step = fittingStep(extra, first - previous);
  return [...Array.from({ length: extra }, (_, i) => first - (extra - i) * step), ...kept];
}
