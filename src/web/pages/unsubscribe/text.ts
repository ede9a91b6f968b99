import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** The unsubscribe page an announcement links to. */
export const unsubscribeText = catalog('unsubscribe', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
