import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Page } from '@playwright/test';
import { catalogWords } from './screens.ts';
import { interpret } from '../../src/domain/i18n/interpret.ts';

/**
 * The words a reader sees: every visible text node with a letter in it, trimmed, in document order.
 * (Text hidden from sight — a closed menu, a screen-reader-only label — is not counted.)
 */
export async function visibleWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!/\p{L}/u.test(text)) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template, option')) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const box = parent.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      out.push(text);
    }
    return out;
  });
}

/** Every string in a JSON answer (names, places, event names: data the organizer typed). */
export function stringsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value.trim());
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, into);
  return into;
}

/**
 * The share of the English reader's words (those that are not data) that read differently for
 * another reader. A word counts as data when the organizer's or dancers' own strings make it up
 * (a couple's names, an event name), so only the product's own words are measured.
 */
export function translatedShare(
  english: string[],
  other: string[],
  data: Set<string>,
): {
  share: number;
  untranslated: string[];
} {
  const isData = (text: string) => {
    if (data.has(text)) return true;
    // A time or a number is not a word of any language ("9:30 AM", "12").
    if (!/\p{L}{2,}/u.test(text.replace(/\b(AM|PM)\b/g, ''))) return true;
    // What is left when the data in it is taken out has no letters: "12 · Anna Lee & Ben Ong".
    let rest = text;
    for (const d of [...data].filter((d) => d.length > 2).sort((a, b) => b.length - a.length))
      rest = rest.split(d).join(' ');
    return !/\p{L}{2,}/u.test(rest);
  };
  const ours = english.filter((t) => !isData(t));
  const seen = new Set(other);
  const untranslated = ours.filter((t) => seen.has(t));
  return { share: ours.length ? 1 - untranslated.length / ours.length : 1, untranslated };
}

/** A catalog key shown where words belong ("register.submit"). */
export const KEY_NAME = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;

/**
 * A catalog's messages in `lang` as the app words them (ICU plurals and selects filled in), to find
 * on the screens what a reader of that language reads.
 */
export function wordsOf(folder: string, lang: 'en' | 'de' | 'es') {
  const messages = catalogWords(folder, lang);
  return (key: string, values: Record<string, string | number> = {}) => {
    const message = messages[key];
    if (message === undefined) throw new Error(`${folder}: no message "${key}"`);
    return interpret(compileMessage(message), values, lang);
  };
}
