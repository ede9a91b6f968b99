import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/** The ballroom display's own words (its route alone loads them). */
export const displayText = catalog('display', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
