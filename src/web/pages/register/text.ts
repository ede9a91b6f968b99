import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** The registration form, its checks and sums, the consents and the confirmation. */
export const registerText = catalog('register', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type RegisterKey = keyof typeof en;
