/**
 * The languages Promenade ships. English is the source language: every other catalog has exactly its
 * keys (catalogs.test.ts), so a reader never sees a key name.
 */
export const LOCALES = ['en', 'de', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language's own name, as its readers look for it in a switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', es: 'Español' };

/** The BCP 47 tag Intl formats dates, numbers and money with. */
export const INTL_TAGS: Record<Locale, string> = { en: 'en-US', de: 'de-DE', es: 'es-ES' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of `tags` (a browser's languages, "de-AT", "es-419") that we ship, else English. */
export function matchLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return SOURCE_LOCALE;
}
