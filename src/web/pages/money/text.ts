import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** A team's invoice from its captain's private link. */
export const teamInvoiceText = catalog('teamInvoice', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
