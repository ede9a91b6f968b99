/**
 * The language a message to a dancer is worded in: the one their registration was made in. The
 * message's words are loaded before it is composed (the composing in src/domain stays pure).
 */
import { loadCatalog } from '../../domain/i18n/catalog.ts';
import { isLocale, SOURCE_LOCALE, type Locale } from '../../domain/i18n/locales.ts';
import { addressKey } from '../../domain/messages/audience.ts';
import { messagesText } from '../../domain/messages/text.ts';
import type { Db } from '../http/db.ts';
import { registrationWithCouple } from '../api/joins.ts';

/** `language` as stored (English for anything else), its messages loaded. */
export async function messageLocale(language: string | null | undefined): Promise<Locale> {
  const locale = isLocale(language) ? language : SOURCE_LOCALE;
  await loadCatalog(messagesText, locale);
  return locale;
}

/**
 * Each dancer's language by address, for messages to many dancers: that of their latest registration
 * in the competition; a dancer with none (entered by the organizer) reads the competition's default.
 * Every language it answers is loaded.
 */
export async function localesByAddress(
  db: Db,
  competition: { id: number; language: string },
): Promise<(email: string) => Locale> {
  const rows = await registrationWithCouple(db)
    .select(['registrations.language', 'l.email as leadEmail', 'f.email as followEmail'])
    .where('registrations.competition_id', '=', competition.id)
    .orderBy('registrations.id')
    .execute();
  const byAddress = new Map<string, Locale>();
  for (const r of rows) {
    const locale = isLocale(r.language) ? r.language : SOURCE_LOCALE;
    for (const email of [r.leadEmail, r.followEmail]) if (email) byAddress.set(addressKey(email), locale);
  }
  const fallback = await messageLocale(competition.language);
  for (const locale of new Set(byAddress.values())) await messageLocale(locale);
  return (email) => byAddress.get(addressKey(email)) ?? fallback;
}
