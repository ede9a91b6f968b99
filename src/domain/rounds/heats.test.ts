import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drawHeats, heatCount, heatLineUp } from './heats.ts';

const numbers = (n: number) => Array.from({ length: n }, (_, i) => String(101 + i));

describe('heats', () => {
  it('one heat when the floor holds everyone or no heat size is set', () => {
    expect(heatCount(12, null)).toBe(1);
    expect(heatCount(12, 12)).toBe(1);
    expect([...drawHeats(numbers(12), 12, 'r1').values()].every((h) => h === 1)).toBe(true);
  });

  it('splits 25 couples with a floor of 12 into three heats of 9, 8 and 8', () => {
    const heats = drawHeats(numbers(25), 12, 'quickstep-R1');
    const sizes = [1, 2, 3].map((h) => [...heats.values()].filter((x) => x === h).length);
    expect(sizes).toEqual([9, 8, 8]);
    expect(heats.size).toBe(25);
  });

  it('draws the same heats for the same round and different ones for another round', () => {
    const a = drawHeats(numbers(30), 10, 'waltz-R1');
    expect(drawHeats(numbers(30), 10, 'waltz-R1')).toEqual(a);
    expect(drawHeats(numbers(30), 10, 'waltz-R2')).not.toEqual(a);
  });

  it('every couple gets exactly one heat, and heat sizes differ by at most one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 40 }),
        fc.string(),
        (n, size, key) => {
          const heats = drawHeats(numbers(n), size, key);
          expect(heats.size).toBe(n);
          const counts = new Map<number, number>();
          for (const h of heats.values()) counts.set(h, (counts.get(h) ?? 0) + 1);
          const sizes = [...counts.values()];
          if (n > 0) {
            expect(counts.size).toBe(heatCount(n, size));
            expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
            expect(Math.max(...sizes)).toBeLessThanOrEqual(size);
          }
        },
      ),
    );
  });

  it('lines couples up heat by heat, numbers ascending within a heat (9 before 10)', () => {
    const drawn = [
      { couple: '159', heat: 2 },
      { couple: '148', heat: 1 },
      { couple: '153', heat: 2 },
      { couple: '9', heat: 1 },
      { couple: '10', heat: 1 },
      { couple: '150', heat: 2 },
    ];
    expect(heatLineUp(drawn)).toEqual([
      { heat: 1, couples: ['9', '10', '148'] },
      { heat: 2, couples: ['150', '153', '159'] },
    ]);
    expect(heatLineUp([])).toEqual([]);
  });

  it('keeps the drawn heat numbers when a heat has no couples left', () => {
    expect(
      heatLineUp([
        { couple: '7', heat: 3 },
        { couple: '5', heat: 1 },
      ]).map((h) => h.heat),
    ).toEqual([1, 3]);
  });

  it('puts every drawn couple in exactly the heat it was drawn into', () => {
    const heats = drawHeats(numbers(10), 5, 'round-42');
    const lineUp = heatLineUp([...heats].map(([couple, heat]) => ({ couple, heat })));
    expect(lineUp.map((h) => h.couples.length)).toEqual([5, 5]);
    for (const h of lineUp) for (const c of h.couples) expect(heats.get(c)).toBe(h.heat);
  });
});
