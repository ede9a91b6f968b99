import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../domain/i18n/catalog.ts';

/** One invoice as every reader sees it (InvoiceView): its parts, lines, payments and balance. */
export const invoiceText = catalog('invoice', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type InvoiceKey = keyof typeof en;
