import { isLocale, type Locale } from '../../../domain/i18n/locales.ts';

/**
 * The language the ballroom's projector shows: the competition's default language (its `language`
 * field), not the device's; null (the device's language) while the competition does not name one.
 */
export function projectorLocale(competition: object | undefined): Locale | null {
  // `language` is the competition's default language; the API adds it to the competition (the cast
  // goes once it is in the type).
  const language = competition ? (competition as { language?: unknown }).language : undefined;
  return isLocale(language) ? language : null;
}
