import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/** Admin → Competitors: the couples table, editing a couple, ad hoc entries, import, held registrations. */
export const competitorsText = catalog('adminCompetitors', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type CompetitorsKey = keyof typeof en;
