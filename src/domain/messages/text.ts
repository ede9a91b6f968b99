/**
 * The words of the messages to dancers (confirmation, entries changed, the link by email, your day,
 * results posted, an announcement's frame) in each language. The server loads a language
 * (`loadCatalog(messagesText, locale)`) before it composes a message in it; the composing stays pure.
 */
import en from './locales/en.json' with { type: 'json' };
import { catalog, translator, type Translate } from '../i18n/catalog.ts';
import type { Locale } from '../i18n/locales.ts';

export const messagesText = catalog('messages', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type MessagesKey = keyof typeof en;
export type MessagesT = Translate<MessagesKey>;

/** The messages' words in `locale` (English until that language is loaded). */
export const messagesT = (locale: Locale = 'en'): MessagesT => translator(messagesText, locale);

/** Whether `key` is one of the messages' keys (a tier's name made from its code). */
export const hasMessage = (key: string): key is MessagesKey => Object.hasOwn(en, key);
