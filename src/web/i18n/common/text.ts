import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** Words every screen uses (Save, Cancel, Couple …), worded once. */
export const commonText = catalog('common', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
