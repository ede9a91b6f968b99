import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { interpret, type Values } from './interpret.ts';
import type { Locale } from './locales.ts';

const word = (message: string, values: Values, locale: Locale = 'en') =>
  interpret(compileMessage(message), values, locale);

describe('interpret: a compiled ICU message worded with its values', () => {
  it('fills in names and leaves text as it is', () => {
    expect(word('Couple {number} of {team}', { number: 12, team: 'Cornell' })).toBe('Couple 12 of Cornell');
    expect(word('It’s {who}', { who: 'Ada' })).toBe('It’s Ada');
    expect(interpret('Plain text', {}, 'de')).toBe('Plain text');
  });

  it('a missing value is left out, not written "undefined"', () => {
    expect(word('[{a}]', {})).toBe('[]');
  });

  it('chooses the plural case of the language, an exact case first, with # in its numerals', () => {
    const couples = '{count, plural, =0 {no couples} one {# couple} other {# couples}}';
    expect(word(couples, { count: 0 })).toBe('no couples');
    expect(word(couples, { count: 1 })).toBe('1 couple');
    expect(word(couples, { count: 1200 })).toBe('1,200 couples');
    expect(word('{count, plural, one {# Paar} other {# Paare}}', { count: 1200 }, 'de')).toBe('1.200 Paare');
    expect(word('{n, plural, offset:1 one {you and # other} other {you and # others}}', { n: 3 })).toBe(
      'you and 2 others',
    );
  });

  it('ordinals by the language’s own rules', () => {
    const en = '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}';
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map((n) => word(en, { n }))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
    expect(word('{n}.', { n: 3 }, 'de')).toBe('3.');
  });

  it('select, also inside a plural, and numbers in the language', () => {
    const send = 'Send these {given, select, places {places} other {scores}}';
    expect(word(send, { given: 'places' })).toBe('Send these places');
    expect(word(send, { given: 'anything' })).toBe('Send these scores');
    expect(
      word('{n, plural, one {{kind, select, a {# A} other {# O}}} other {# many}}', { n: 1, kind: 'a' }),
    ).toBe('1 A');
    expect(word('{v, number}', { v: 2.5 }, 'de')).toBe('2,5');
    expect(word('{v, number}', { v: 2.5 }, 'es')).toBe('2,5');
    expect(word('{v, number}', { v: 2.5 })).toBe('2.5');
  });
});
