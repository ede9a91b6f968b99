/**
 * The setup form's discount categories (a student, a junior: percent off each entry fee). A category's
 * key is kept on every dancer given it, so it is made once, from the name, and never changes after:
 * renaming "Student" to "Students" keeps the key `student`.
 */
import { keyFromName, uniqueKey, type KeyShape } from '../../../../domain/keys.ts';
import type { DiscountCategory } from '../../../../domain/money/feeRules.ts';
import type { FieldErrors } from '../../../shared/formErrors.ts';
import { translator, type Translate } from '../../../../domain/i18n/catalog.ts';
import { setupText } from './text.ts';

/** The competition's limit (schemas/competition.ts). */
export const MAX_DISCOUNTS = 10;

export interface DiscountRow {
  /** Client-only React key; never sent. */
  rowKey: string;
  /** Set once saved; a new row's key is made from its name when it is sent. */
  key?: string;
  name: string;
  /** '' while typed. */
  percent: number | string;
}

let rowCounter = 0;
export function emptyDiscount(): DiscountRow {
  rowCounter += 1;
  return { rowKey: `discount-new-${rowCounter}`, name: '', percent: '' };
}

export const discountRows = (list: readonly DiscountCategory[]): DiscountRow[] =>
  list.map((d) => ({ rowKey: `discount-${d.key}`, key: d.key, name: d.name, percent: d.percent }));

/** Discount keys as the competition's schema takes them: up to 40 characters. */
const DISCOUNT_KEY: KeyShape = { max: 40, fallback: 'discount' };

/** "Student (graduate)" → `student-graduate`: lower-case letters, digits and dashes; "discount" if none. */
export const discountKeyFromName = (name: string) => keyFromName(name, DISCOUNT_KEY);

/** The list as the API takes it: saved categories keep their key, new ones get one. */
export function discountsBody(rows: readonly DiscountRow[]): DiscountCategory[] {
  const taken = new Set(rows.flatMap((r) => (r.key ? [r.key] : [])));
  return rows.map((r) => {
    // A new category's key: from its name, with -2, -3 … when another category holds it.
    const key = r.key ?? uniqueKey(r.name, taken, DISCOUNT_KEY);
    taken.add(key);
    return {
      key,
      name: r.name,
      // '' becomes NaN so the schema says a number is needed instead of sending 0.
      percent:
        typeof r.percent === 'number' ? r.percent : r.percent.trim() === '' ? Number.NaN : Number(r.percent),
    };
  });
}

const sameName = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/** Two categories of one name would read alike to the organizer and on the public page: the later one says so. */
export function duplicateDiscountNames(
  rows: readonly DiscountRow[],
  t: Translate<'discounts.duplicate'> = translator(setupText, 'en'),
): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const name = sameName(r.name);
    if (!name) return;
    if (seen.has(name)) errors[`discounts.${i}.name`] = t('discounts.duplicate', { name: r.name.trim() });
    seen.add(name);
  });
  return errors;
}
