import { Text } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { moneyKey } from '../../../api/queries/money.ts';
import { money } from '../../../components/invoice/InvoiceView.tsx';

/**
 * What a money command changes: every account and total, the competitors table's "Owes" and the
 * dashboard's sums.
 */
export const moneyRefresh = (key: string): QueryKey[] => [
  moneyKey(key),
  competitionQueryKey(key, 'events', 'registrations'),
  competitionQueryKey(key, 'dashboard'),
];

/** An account's balance in a table cell: what it owes (red), its credit (green), or settled. */
export function BalanceText({ cents, currency }: { cents: number; currency: string }) {
  if (cents > 0)
    return (
      <Text span inherit c="red.9" fw={600}>
        owes {money(cents, currency)}
      </Text>
    );
  if (cents < 0)
    return (
      <Text span inherit c="#237032" fw={600}>
        credit {money(-cents, currency)}
      </Text>
    );
  return (
    <Text span inherit c="dimmed">
      settled
    </Text>
  );
}
