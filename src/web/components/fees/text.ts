import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/**
 * The registration line and fee notes of the home and register pages (components/format.ts
 * registrationSummary, components/feeNotes.ts), and the price tiers' names.
 */
export const feesText = catalog('fees', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type FeesKey = keyof typeof en;
