import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalMarks, checksum, marksReceipt, roundChecksum } from './receipt.ts';

const base = { competition: 'demo', eventKey: 'E1', round: 1, officialId: 7 };

describe('marksReceipt', () => {
  it('is ten Crockford base32 characters in two groups', () => {
    expect(marksReceipt({ ...base, marks: { Waltz: ['101', '102'] } })).toMatch(
      /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/,
    );
  });

  it('is the first 50 bits of the SHA-256 of the canonical form', () => {
    const text = canonicalMarks({ ...base, marks: { Waltz: ['101'] } });
    const hex = createHash('sha256').update(text).digest('hex');
    const bits = (BigInt(`0x${hex.slice(0, 14)}`) >> 6n).toString(2).padStart(50, '0');
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    const expected = Array.from(
      { length: 10 },
      (_, i) => alphabet[parseInt(bits.slice(i * 5, i * 5 + 5), 2)],
    );
    expect(checksum(text)).toBe(`${expected.slice(0, 5).join('')}-${expected.slice(5).join('')}`);
  });

  it('does not depend on the order the couples or dances were sent in', () => {
    const a = marksReceipt({ ...base, marks: { Waltz: ['102', '9', '101'], Tango: { '9': 2, '101': 1 } } });
    const b = marksReceipt({ ...base, marks: { Tango: { '101': 1, '9': 2 }, Waltz: ['101', '9', '102'] } });
    expect(a).toBe(b);
  });

  it('changes with any mark, the judge, the dance or the round', () => {
    const r = marksReceipt({ ...base, marks: { Waltz: ['101', '102'] } });
    expect(marksReceipt({ ...base, marks: { Waltz: ['101', '103'] } })).not.toBe(r);
    expect(marksReceipt({ ...base, officialId: 8, marks: { Waltz: ['101', '102'] } })).not.toBe(r);
    expect(marksReceipt({ ...base, marks: { Tango: ['101', '102'] } })).not.toBe(r);
    expect(marksReceipt({ ...base, round: 2, marks: { Waltz: ['101', '102'] } })).not.toBe(r);
    expect(marksReceipt({ ...base, eventKey: 'E2', marks: { Waltz: ['101', '102'] } })).not.toBe(r);
  });

  it('tells a final place swap apart', () => {
    const a = marksReceipt({ ...base, marks: { Waltz: { '101': 1, '102': 2 } } });
    const b = marksReceipt({ ...base, marks: { Waltz: { '101': 2, '102': 1 } } });
    expect(a).not.toBe(b);
  });
});

describe('roundChecksum', () => {
  const round = { competition: 'demo', eventKey: 'E1', round: 1 };
  it('covers every judge of every dance, in any order', () => {
    const a = roundChecksum({ ...round, marks: { Waltz: { '7': ['101'], '8': ['102'] } } });
    const b = roundChecksum({ ...round, marks: { Waltz: { '8': ['102'], '7': ['101'] } } });
    expect(a).toBe(b);
    expect(roundChecksum({ ...round, marks: { Waltz: { '7': ['101'], '8': ['101'] } } })).not.toBe(a);
  });
});
