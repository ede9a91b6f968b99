import { Text } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { moneyKey } from '../../../api/queries/money.ts';
import { invoiceDay } from '../../../components/invoice/InvoiceView.tsx';
import { dateFormat, formatMoney, safeZone } from '../../../components/format.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../../domain/i18n/locales.ts';
import type { RecordedMethod } from '../../../../domain/schemas/money.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { moneyText, type MoneyKey } from './text.ts';

/**
 * What a money command changes: every account and total, the competitors table's "Owes" and the
 * dashboard's sums.
 */
export const moneyRefresh = (key: string): QueryKey[] => [
  moneyKey(key),
  competitionQueryKey(key, 'events', 'registrations'),
  competitionQueryKey(key, 'dashboard'),
];

/** An amount in cents in the reader's language: "$25", "$27.50", "−$12.50"; in German "25 $". */
export const moneyIn = (locale: Locale) => (cents: number, currency: string) =>
  formatMoney(cents / 100, currency, locale).replace(/^-/, '−');

/** `moneyIn` for the reader's language. */
export function useMoney(): (cents: number, currency: string) => string {
  const locale = useLocale();
  return useCallback((cents: number, currency: string) => moneyIn(locale)(cents, currency), [locale]);
}

/** "7 Dec 2026" in the competition's time zone; in German "7. Dez. 2026". */
export function dayIn(instant: string, timeZone: string, locale: Locale): string {
  if (locale === 'en') return invoiceDay(instant, timeZone);
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(
    { day: 'numeric', month: 'short', year: 'numeric', timeZone: safeZone(timeZone) },
    locale,
  ).format(date);
}

/** How a payment was made, in the reader's words. */
export const methodWords = (t: Translate<MoneyKey>, method: RecordedMethod): string => t(`method.${method}`);

/** The same inside a sentence ("the card payment of $50"; German keeps its capital). */
export const methodInline = (t: Translate<MoneyKey>, method: RecordedMethod): string =>
  t(`methodInline.${method}`);

/**
 * What the account still owes, or is owed: "Balance due $40", "Credit $12.50", "Paid in full";
 * `inline` is the label inside a sentence ("· balance due $40").
 */
export function balanceIn(
  t: Translate<MoneyKey>,
  money: (cents: number, currency: string) => string,
  cents: number,
  currency: string,
): { label: string; inline: string; amount: string } {
  if (cents > 0)
    return { label: t('balance.due'), inline: t('balance.dueInline'), amount: money(cents, currency) };
  if (cents < 0)
    return { label: t('balance.credit'), inline: t('balance.creditInline'), amount: money(-cents, currency) };
  return { label: t('balance.label'), inline: t('balance.labelInline'), amount: t('balance.paidInFull') };
}

/** An account's balance in a table cell: what it owes (red), its credit (green), or settled. */
export function BalanceText({ cents, currency }: { cents: number; currency: string }) {
  const t = useT(moneyText);
  const money = useMoney();
  if (cents > 0)
    return (
      <Text span inherit c="red.9" fw={600}>
        {t('balance.owes', { amount: money(cents, currency) })}
      </Text>
    );
  if (cents < 0)
    return (
      <Text span inherit c="#237032" fw={600}>
        {t('balance.inCredit', { amount: money(-cents, currency) })}
      </Text>
    );
  return (
    <Text span inherit c="dimmed">
      {t('balance.settled')}
    </Text>
  );
}
