import { seededShuffle } from '../random.ts';

/**
 * Heats: when a round has more couples than the floor holds, it is danced in several heats. Marks stay
 * per round; heats only decide who is on the floor together.
 */

/** Most couples a heat may hold, and the most a floor setting accepts. */
export const MAX_HEAT_SIZE = 60;

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
  const byNumber = [...couples].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
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
