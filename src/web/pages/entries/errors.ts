/** The entry pages' field errors in the reader's language, where the catalog knows the message. */
import { translator } from '../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';
import { entriesText, type EntriesKey } from './text.ts';

/** The schema's messages these forms show (domain/schemas/registration.ts), by their English words. */
const KNOWN: Record<string, EntriesKey> = {
  'Email must be an email address like name@example.com': 'error.email',
  'The entry code has 7 characters': 'error.code',
};

export function translatedErrors(errors: Record<string, string>, locale: Locale): Record<string, string> {
  const t = translator(entriesText, locale);
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => {
      const key = KNOWN[message];
      return [field, key ? t(key) : message];
    }),
  );
}
