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

/** Small deterministic PRNG (mulberry32): the same round always draws the same heats. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
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
  const order = [...couples].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  if (heats > 1) {
    const next = random(seedOf(drawKey));
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j] as string, order[i] as string];
    }
  }
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
