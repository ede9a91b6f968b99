import type { Competition } from '../../../domain/schemas/competition.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';

/**
 * The language the ballroom's projector shows: the competition's default language, not the device's;
 * null (the device's language) until the competition has loaded.
 */
export function projectorLocale(competition: Pick<Competition, 'language'> | undefined): Locale | null {
  return competition?.language ?? null;
}
