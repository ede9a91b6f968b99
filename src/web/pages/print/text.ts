import en from './locales/en.json' with { type: 'json' };
import { catalog, translator, type Translate } from '../../../domain/i18n/catalog.ts';
import { sportText, type SportKey } from '../../../domain/i18n/sport.ts';

/** The print sheets: judges' sheets, heat and recall lists, results, number cards, schedules, invoices. */
export const printText = catalog('print', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type PrintKey = keyof typeof en;

/** The words a print-out is built with: its own and the sport's (round names, dances, placings). */
export interface PrintWords {
  t: Translate<PrintKey>;
  sport: Translate<SportKey>;
}

/** English, for a print-out built outside a screen (the tests). */
export const englishPrintWords = (): PrintWords => ({
  t: translator(printText, 'en'),
  sport: translator(sportText, 'en'),
});
