import en from './locales/en.json' with { type: 'json' };
import { catalog, type Translate } from '../../../../domain/i18n/catalog.ts';

/**
 * The server's refusals in the reader's language: a message per error code (and per `details.reason`
 * where one code has several meanings), the problems of a refused form by Zod's issue code, and the
 * names of the fields they are about. Loaded only for a reader of another language (../lazy.ts).
 */
export const errorCodesText = catalog('errorCodes', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type ErrorCodesKey = keyof typeof en;
export type ErrorCodesT = Translate<ErrorCodesKey>;

/** Whether `key` is one of the catalog's keys (a field name made up at run time). */
export const hasErrorText = (key: string): key is ErrorCodesKey => Object.hasOwn(en, key);
