/**
 * Words a compiled ICU message (Lingui's compiled form, @lingui/message-utils) with its values: text,
 * `{name}`, `{n, number}`, `{n, plural, …}` and `{n, selectordinal, …}` (with `=N` cases, `offset`
 * and `#`), `{x, select, …}`. The browser then carries this instead of an ICU runtime.
 */
import { INTL_TAGS, type Locale } from './locales.ts';

/** A compiled message: its text, or a list of text and placeholders. */
export type CompiledMessage = string | Token[];
type Cases = Record<string, Token[] | number>;
type Token = string | [name: string, format?: string, cases?: unknown];
export type Values = Record<string, unknown>;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesOf(locale: Locale, type: Intl.PluralRuleType): Intl.PluralRules {
  const key = `${locale}|${type}`;
  let rules = pluralRules.get(key);
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(INTL_TAGS[locale], { type })));
  return rules;
}

function numberIn(locale: Locale, value: number, style?: string): string {
  const key = `${locale}|${style ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions =
      style === 'percent' ? { style: 'percent' } : style === 'integer' ? { maximumFractionDigits: 0 } : {};
    numberFormats.set(key, (format = new Intl.NumberFormat(INTL_TAGS[locale], options)));
  }
  return format.format(value);
}

export function interpret(message: CompiledMessage, values: Values, locale: Locale): string {
  if (typeof message === 'string') return message;
  const words = (tokens: Token[], count: number | null): string => {
    let out = '';
    for (const token of tokens) {
      if (typeof token === 'string') {
        // In a plural's case, # is the count in the language's numerals.
        out += count !== null && token === '#' ? numberIn(locale, count) : token;
        continue;
      }
      const [name, format, cases] = token;
      const value = values[name];
      if (format === 'plural' || format === 'selectordinal') {
        const { offset = 0, ...rest } = (cases ?? {}) as Cases & { offset?: number };
        const n = Number(value);
        const rule = rulesOf(locale, format === 'plural' ? 'cardinal' : 'ordinal').select(n - Number(offset));
        const chosen = (rest[String(n)] ?? rest[rule] ?? rest.other) as Token[] | undefined;
        out += chosen ? words(chosen, n - Number(offset)) : '';
      } else if (format === 'select') {
        const all = (cases ?? {}) as Cases;
        const chosen = (all[String(value)] ?? all.other) as Token[] | undefined;
        out += chosen ? words(chosen, count) : '';
      } else if (format === 'number' && typeof value === 'number') {
        out += numberIn(locale, value, typeof cases === 'string' ? cases : undefined);
      } else if (value !== null && value !== undefined) {
        out += String(value);
      }
    }
    return out;
  };
  return words(message, null);
}
