import { describe, expect, it } from 'vitest';
import { freeJudgeLetter, judgeLetter } from './judgeLetters.ts';

describe('judge letters', () => {
  it('runs A…Z, then AA, AB…', () => {
    expect([0, 1, 25, 26, 27, 51, 52].map(judgeLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA']);
  });

  it('gives a new judge the first letter nobody holds, never one a judge has', () => {
    expect(freeJudgeLetter([])).toBe('A');
    expect(freeJudgeLetter(['A', 'B', 'C'])).toBe('D');
    // B left the panel (another role, or removed): A and C keep theirs, the newcomer is B.
    expect(freeJudgeLetter(['A', 'C'])).toBe('B');
    expect(freeJudgeLetter(['B', 'C'])).toBe('A');
    const all = Array.from({ length: 30 }, (_, i) => judgeLetter(i));
    expect(freeJudgeLetter(all)).toBe('AE');
  });
});
