import { describe, expect, it } from 'vitest';
import { displayProblem, MAX_MARKS_PER_CHARACTER, storedForm } from './displayText.ts';
import { longText, requiredText } from './schemas/common.ts';

describe('text shown as it is', () => {
  it.each([
    'Zoë Straße',
    'Łukasz Wróbel',
    '李小龙',
    'عربي',
    'Nguyễn Thị Minh Khai',
    'Ἀθηνᾶ',
    "O'Brien-Smith",
    'Dance Club 🕺💃',
    'Family 👨‍👩‍👧',
    'شركة\u200fNorth',
  ])('keeps %s', (name) => {
    expect(displayProblem(name)).toBeNull();
    expect(requiredText('Name').parse(name)).toBe(name.normalize('NFC'));
  });

  it.each([
    ['U+202E right-to-left override', 'Ann\u202Egpj.exe', /text-direction control character \(U\+202E\)/],
    ['U+202A embedding', 'Ann\u202Ax', /text-direction control character \(U\+202A\)/],
    ['U+2067 isolate', 'Ann\u2067x', /text-direction control character \(U\+2067\)/],
    ['U+2028 line separator', 'Ann\u2028Lee', /line break \(U\+2028\)/],
    ['U+2029 paragraph separator', 'Ann\u2029Lee', /line break \(U\+2029\)/],
    ['a line feed', 'Ann\nLee', /line break \(U\+000A\)/],
    ['BEL (C0)', 'Ann\u0007Lee', /control character \(U\+0007\)/],
    ['NEL (C1)', 'Ann\u0085Lee', /control character \(U\+0085\)/],
    ['CSI (C1)', 'Ann\u009bLee', /control character \(U\+009B\)/],
    ['DEL', 'Ann\u007fLee', /control character \(U\+007F\)/],
    ['a lone surrogate', 'Ann\ud800Lee', /not text/],
    ['190 combining marks', 'Z' + '\u0301'.repeat(190), /combining marks on one character/],
    ['100 emoji', '💃'.repeat(100), /more than 8 emoji/],
  ])('refuses %s, naming the field', (_what, name, why) => {
    expect(displayProblem(name)).toMatch(why);
    const parsed = requiredText('Lead name').safeParse(name);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/^Lead name /);
  });

  it(`takes up to ${MAX_MARKS_PER_CHARACTER} combining marks on a character`, () => {
    expect(displayProblem('a' + '\u0301'.repeat(MAX_MARKS_PER_CHARACTER))).toBeNull();
    expect(displayProblem('a' + '\u0301'.repeat(MAX_MARKS_PER_CHARACTER + 1))).not.toBeNull();
  });

  it('stores one form (NFC): e + U+0301 is é', () => {
    expect(storedForm('Zoe\u0308')).toBe('Zoë');
    expect(requiredText('Name').parse('  Jose\u0301  ')).toBe('José');
  });

  it('lets a note hold lines and tabs, not the rest', () => {
    expect(longText('Bio').parse('Line one\r\nLine two\tend')).toBe('Line one\r\nLine two\tend');
    expect(longText('Bio').safeParse('Line\u202Eone').success).toBe(false);
    expect(longText('Bio').safeParse('Line\u0000one').success).toBe(false);
  });
});
