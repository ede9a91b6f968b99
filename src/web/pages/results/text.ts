import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** The public results pages: /results, an event's results, a competitor's results. */
export const resultsText = catalog('results', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type ResultsKey = keyof typeof en;
