import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/** The MC's board: what comes up, the recalls and placings to read out, the awards. */
export const mcText = catalog('mc', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type McKey = keyof typeof en;
