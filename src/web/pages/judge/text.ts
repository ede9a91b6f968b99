import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** The judge's marking tablet. */
export const judgeText = catalog('judge', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type JudgeKey = keyof typeof en;
