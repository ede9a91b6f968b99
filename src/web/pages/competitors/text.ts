import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** /competitors and a competitor's page: their events, partners, rounds and reminders. */
export const competitorsText = catalog('competitors', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type CompetitorsKey = keyof typeof en;
