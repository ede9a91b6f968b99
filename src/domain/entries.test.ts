import { describe, expect, it } from 'vitest';
import { findDuplicateEntry, samePair } from './entries.ts';

describe('duplicate entries', () => {
  const entries = [
    { id: 1, leadName: 'Ana Ruiz', followName: 'Ben Cole' },
    { id: 2, leadName: 'Cy Dunn', followName: 'Di Eve' },
  ];

  it('finds the same pair in the same order, ignoring case and spaces', () => {
    expect(findDuplicateEntry(entries, { leadName: ' ana  ruiz', followName: 'BEN COLE ' })?.id).toBe(1);
  });

  it('finds the same pair with lead and follow swapped', () => {
    expect(findDuplicateEntry(entries, { leadName: 'Ben Cole', followName: 'Ana Ruiz' })?.id).toBe(1);
  });

  it('allows a new pair sharing one dancer', () => {
    expect(findDuplicateEntry(entries, { leadName: 'Ana Ruiz', followName: 'Di Eve' })).toBeUndefined();
    expect(samePair({ leadName: 'A', followName: 'B' }, { leadName: 'A', followName: 'C' })).toBe(false);
  });
});
