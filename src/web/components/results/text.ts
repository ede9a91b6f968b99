import en from './locales/en.json' with { type: 'json' };
import { catalog, type Translate } from '../../../domain/i18n/catalog.ts';

/** The tables of posted results: recall tallies, the Skating System working, AJS scores. */
export const resultTablesText = catalog('resultTables', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type ResultTablesKey = keyof typeof en;
type T = Translate<ResultTablesKey>;

/** A rule as the working names it: "Rule 5", "Rule 7 (next column)", "Shared". */
export function ruleLabel(t: T, rule: string | null | undefined): string {
  if (!rule) return '';
  if (rule === 'Shared') return t('rule.shared');
  const m = /^Rule (\d+)( \(next column\))?$/.exec(rule);
  if (!m) return rule;
  return m[2] ? t('rule.nextColumn', { n: Number(m[1]) }) : t('rule', { n: Number(m[1]) });
}
