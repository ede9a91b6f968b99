import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/** Admin → Competitions: the list, served at /, new, clone, archive, back up and restore. */
export const competitionsText = catalog('competitions', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
