import en from './locales/en.json';
import { catalog, type Translate } from '../../../domain/i18n/catalog.ts';

/**
 * The server's refusals in the reader's language: a message per error code (and per `details.reason`
 * where one code has several meanings), the problems of a refused form by Zod's issue code, and the
 * names of the fields they are about (shared/formErrors.ts, components/ApiErrorAlert.tsx).
 */
export const errorsText = catalog('errors', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type ErrorsKey = keyof typeof en;
export type ErrorsT = Translate<ErrorsKey>;

/** Whether `key` is one of the catalog's keys (a code or a field name made up at run time). */
export const hasErrorText = (key: string): key is ErrorsKey => Object.hasOwn(en, key);
