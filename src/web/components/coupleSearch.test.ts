import { describe, expect, it } from 'vitest';
import { coupleMatcher } from './coupleSearch.ts';

describe('coupleMatcher', () => {
  const couple = ['José Núñez & Anna  Lee', 'Riverside U', 112] as const;
  it.each(['', 'jose', 'NUNEZ', 'anna lee', 'riverside', '112', ' 112 '])('finds the couple by “%s”', (q) => {
    expect(coupleMatcher(q)(...couple)).toBe(true);
  });
  it.each(['11', '1120', 'maria'])('does not find them by “%s”', (q) => {
    expect(coupleMatcher(q)(...couple)).toBe(false);
  });
});
