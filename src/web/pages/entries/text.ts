import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** /entries and /updateEntries: the public entry lists, their filters, and a couple's own entries. */
export const entriesText = catalog('entries', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type EntriesKey = keyof typeof en;
