import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/** Admin → People across competitions: duplicates, merge and split, results from elsewhere. */
export const peopleText = catalog('adminPeople', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type PeopleKey = keyof typeof en;
