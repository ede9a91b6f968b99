import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seededRandom, seededShuffle, seedFrom } from './random.ts';

describe('seeded randomness', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(seededRandom(43)()).not.toBe(first[0]);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('shuffles to a permutation, stable per seed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (items, seed) => {
        const once = seededShuffle(items, seed);
        expect(seededShuffle(items, seed)).toEqual(once);
        expect([...once].sort((x, y) => x - y)).toEqual([...items].sort((x, y) => x - y));
      }),
    );
    expect(seedFrom('waltz-R1')).not.toBe(seedFrom('waltz-R2'));
  });
});
