import en from './locales/en.json' with { type: 'json' };
import { catalog, translator, type Translate } from '../../../domain/i18n/catalog.ts';
import { sportText, type SportKey } from '../../../domain/i18n/sport.ts';
import { resultTablesText, type ResultTablesKey } from '../../components/results/text.ts';
import type { ReasonWords } from '../../components/results/reasons.ts';

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
  /** The results tables' words: a dance's reasons take the lines their wording in this language takes. */
  results?: Translate<ResultTablesKey>;
  /** The Skating System's decisions in this language; null or absent: the engine's English. */
  reasons?: ReasonWords | null;
}

/** English, for a print-out built outside a screen (the tests). */
export const englishPrintWords = (): PrintWords => ({
  t: translator(printText, 'en'),
  sport: translator(sportText, 'en'),
  results: translator(resultTablesText, 'en'),
});
