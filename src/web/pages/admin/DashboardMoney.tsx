import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MoneyTotals } from '../../../domain/schemas/money.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { formatMoney } from '../../components/format.ts';
import { Link } from '../../components/Link.tsx';
import { useLocale, useT } from '../../i18n/locale.ts';
import { moneyText } from './money/text.ts';

/** One figure of the dashboard: its label, the number, and a line saying what it counts. */
export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The money at a glance: what the accounts were charged, what was paid, what is still to collect and
 * what is owed back, in all and by team: the same sums as the treasurer's ledger, to the cent.
 */
export function DashboardMoney({ money }: { money: MoneyTotals }) {
  const t = useT(moneyText);
  const locale = useLocale();
  const amount = (cents: number) => formatMoney(cents / 100, money.currency, locale);
  const columns = [
    t('column.team'),
    t('figure.owed'),
    t('figure.paid'),
    t('figure.outstanding'),
    t('figure.credit'),
  ].map((label, i) => (i === 0 ? label : { label, ta: 'right' as const }));
  return (
    <Stack gap="xs" component="section" aria-labelledby="dashboard-money">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h4" id="dashboard-money">
          {t('title')}
        </Title>
        <Anchor component={Link} to="/admin/money" size="sm">
          {t('dashboard.link')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label={t('figure.owed')} value={amount(money.owedCents)} hint={t('dashboard.owedHint')} />
        <Stat label={t('figure.paid')} value={amount(money.paidCents)} hint={t('dashboard.paidHint')} />
        <Stat
          label={t('figure.outstanding')}
          value={amount(money.outstandingCents)}
          hint={t('dashboard.outstandingHint')}
        />
        <Stat label={t('figure.credit')} value={amount(money.creditCents)} hint={t('dashboard.creditHint')} />
      </SimpleGrid>
      {money.byTeam.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.empty')}
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <DataTable columns={columns} striped verticalSpacing={4} aria-label={t('dashboard.byTeam')}>
            {money.byTeam.map((row) => (
              <Table.Tr key={row.team}>
                <Table.Td>
                  {row.team || (
                    <Text span inherit c="dimmed">
                      {t('noTeam')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  {amount(row.owedCents)}
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  {amount(row.paidCents)}
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS} fw={row.outstandingCents > 0 ? 600 : undefined}>
                  {amount(row.outstandingCents)}
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  {amount(row.creditCents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}
    </Stack>
  );
}
