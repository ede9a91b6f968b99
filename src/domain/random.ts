/**
 * Seeded randomness for draws that must come out the same every time for the same input: heats of a
 * round, the demo competition, test data.
 */

/** mulberry32: a small, fast 32-bit PRNG returning numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a text (a round id, a judge and round) as a 32-bit seed. */
export function seedFrom(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Fisher–Yates driven by `random` (a generator from `seededRandom`). */
export function shuffleWith<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The same seed always gives the same order. */
export function seededShuffle<T>(items: readonly T[], seed: number | string): T[] {
  return shuffleWith(items, seededRandom(typeof seed === 'number' ? seed : seedFrom(seed)));
}
