import en from './locales/en.json' with { type: 'json' };
import { catalog } from '../../../../domain/i18n/catalog.ts';

/** Admin → Money (totals, invoices, teams, payments) and the dashboard's money figures. */
export const moneyText = catalog('adminMoney', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type MoneyKey = keyof typeof en;
