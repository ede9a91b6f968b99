import { describe, expect, it } from 'vitest';
import { formatClock, moveItem } from './time.ts';

describe('schedule helpers', () => {
  it('moves an item down and up', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });
  it('shows times on the competition clock, with the day when asked', () => {
    expect(formatClock('2026-11-21T14:05:00Z', 'America/New_York', false)).toBe('09:05');
    expect(formatClock('2026-11-21T14:05:00Z', 'America/New_York', true)).toBe('Sat 09:05');
    expect(formatClock('nonsense', 'UTC', false)).toBe('TBA');
  });
});
