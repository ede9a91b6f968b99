import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/** The chairman of judges: the screen, the judging report. */
export const chairmanText = catalog('chairman', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type ChairmanKey = keyof typeof en;
