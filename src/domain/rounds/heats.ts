import { seededShuffle } from '../random.ts';

/**
 * Heats: when a round has more couples than the floor holds, it is danced in several heats. Marks stay
 * per round; heats only decide who is on the floor together.
 */

/** Most couples a heat may hold, and the most a floor setting accepts. */
export const MAX_HEAT_SIZE = 60;

/** Couple numbers in ascending number order ("9" before "10"). */
export const byCoupleNumber = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);

/** One heat of a round: its number as drawn and its couples. */
export interface HeatLineUp {
  heat: number;
  couples: string[];
}

/**
 * The couples of a round heat by heat, as every list of it shows them (the deck captain's heat list,
 * the printed sheets, the judge's tablet): heats in order, numbers ascending within a heat. Heat
 * numbers are kept as drawn, so a heat emptied by scratches leaves a gap rather than renumbering.
 */
export function heatLineUp(couples: readonly { couple: string; heat: number }[]): HeatLineUp[] {
  const byHeat = new Map<number, string[]>();
  for (const c of couples) byHeat.set(c.heat, [...(byHeat.get(c.heat) ?? []), c.couple]);
  return [...byHeat.entries()]
    .sort(([a], [b]) => a - b)
    .map(([heat, numbers]) => ({ heat, couples: numbers.sort(byCoupleNumber) }));
}

/** How many heats `couples` need with at most `heatSize` per heat (no size: one heat). */
export function heatCount(couples: number, heatSize: number | null): number {
  if (!heatSize || heatSize <= 0 || couples <= heatSize) return 1;
  return Math.ceil(couples / heatSize);
}

/**
 * Draws couples into heats of even size (sizes differ by at most one, larger heats first). The draw is
 * shuffled so the same couples do not always meet, but seeded by `drawKey` (e.g. the round id) so a
 * redraw of the same round gives the same heats. Returns couple → heat (1-based).
 */
export function drawHeats(
  couples: readonly string[],
  heatSize: number | null,
  drawKey: string,
): Map<string, number> {
  const heats = heatCount(couples.length, heatSize);
  const byNumber = [...couples].sort(byCoupleNumber);
  const order = heats > 1 ? seededShuffle(byNumber, drawKey) : byNumber;
  const base = Math.floor(order.length / heats);
  const bigger = order.length % heats;
  const out = new Map<string, number>();
  let at = 0;
  for (let h = 1; h <= heats; h++) {
    const size = base + (h <= bigger ? 1 : 0);
    for (const couple of order.slice(at, at + size)) out.set(couple, h);
    at += size;
  }
  return out;
}
