import en from './locales/en.json' with { type: 'json' };
import { catalog, translator, type Translate } from '../../../domain/i18n/catalog.ts';

/** Staff sign-in (/login). */
export const loginText = catalog('login', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type LoginKey = keyof typeof en;

/** The catalog's English words (the web build compiles en.json: read it through its translator). */
const english = translator(loginText, 'en');

/** The sign-in's own rule (spec §5), worded once: the form and its check read it from here. */
export const PASSWORD_SHORT = english('error.passwordShort');

/**
 * A field's message in the reader's language: the sign-in rules' messages (the schema's, the
 * server's) are the catalog's English words; any other is shown as it came.
 */
export function fieldMessage(t: Translate<LoginKey>, message: string): string {
  const key = (Object.keys(en) as LoginKey[]).find((k) => k.startsWith('error.') && english(k) === message);
  return key ? t(key) : message;
}
