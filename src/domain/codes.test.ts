import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, generateCode, isCode } from './codes.ts';

describe('access codes', () => {
  it('are 7 characters from the code alphabet', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateCode();
      expect(code).toHaveLength(7);
      expect(isCode(code)).toBe(true);
    }
    expect(CODE_ALPHABET).toHaveLength(42);
  });

  it('use every character about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 24_000; i++)
      for (const ch of generateCode()) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(42);
    // 4,000 expected each (σ ≈ 62); `byte % 42` without rejection would give the first four ≈ 4,670.
    for (const c of counts.values()) {
      expect(c).toBeGreaterThan(3_700);
      expect(c).toBeLessThan(4_300);
    }
  });

  it('rejects wrong codes', () => {
    expect(isCode('ABC123!')).toBe(true);
    expect(isCode('abc123!')).toBe(false);
    expect(isCode('ABC123')).toBe(false);
    expect(isCode('ABC 23!')).toBe(false);
    expect(isCode(1234567)).toBe(false);
    expect(generateCode(12)).toHaveLength(12);
  });
});
