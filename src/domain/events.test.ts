import { describe, expect, it } from 'vitest';
import { eventKeyFromName, uniqueEventKey } from './events.ts';

describe('event keys', () => {
  it('slugs event names', () => {
    expect(eventKeyFromName('Bronze Latin (C/R/S)')).toBe('bronze-latin-c-r-s');
    expect(eventKeyFromName('  Pre-Champ   Standard -- W/T/F ')).toBe('pre-champ-standard-w-t-f');
    expect(eventKeyFromName('Café Tango')).toBe('cafe-tango');
    expect(eventKeyFromName('!!!')).toBe('event');
    expect(eventKeyFromName('')).toBe('event');
  });

  it('keeps keys at most 60 characters without a trailing dash', () => {
    const key = eventKeyFromName('a'.repeat(59) + ' b c');
    expect(key.length).toBeLessThanOrEqual(60);
    expect(key.endsWith('-')).toBe(false);
  });

  it('adds -2, -3 for taken keys', () => {
    expect(uniqueEventKey('Gold Smooth', new Set())).toBe('gold-smooth');
    expect(uniqueEventKey('Gold Smooth', new Set(['gold-smooth']))).toBe('gold-smooth-2');
    expect(uniqueEventKey('Gold Smooth', new Set(['gold-smooth', 'gold-smooth-2']))).toBe('gold-smooth-3');
    const long = 'x'.repeat(80);
    const k = uniqueEventKey(long, new Set([eventKeyFromName(long)]));
    expect(k).toHaveLength(60);
    expect(k.endsWith('-2')).toBe(true);
  });
});
