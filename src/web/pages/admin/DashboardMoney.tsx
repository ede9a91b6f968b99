import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MoneyTotals } from '../../../domain/schemas/money.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { formatMoney } from '../../components/format.ts';
import { Link } from '../../components/Link.tsx';

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
  const amount = (cents: number) => formatMoney(cents / 100, money.currency);
  const columns = ['Team', 'Owed', 'Paid', 'Outstanding', 'Credit'].map((label, i) =>
    i === 0 ? label : { label, ta: 'right' as const },
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="dashboard-money">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h4" id="dashboard-money">
          Money
        </Title>
        <Anchor component={Link} to="/admin/money" size="sm">
          Invoices, payments and the ledger
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label="Owed" value={amount(money.owedCents)} hint="Charged, net of credits" />
        <Stat label="Paid" value={amount(money.paidCents)} hint="Taken, net of refunds" />
        <Stat label="Outstanding" value={amount(money.outstandingCents)} hint="Still to collect" />
        <Stat label="Credit" value={amount(money.creditCents)} hint="Owed back to those who paid" />
      </SimpleGrid>
      {money.byTeam.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing billed yet — an invoice opens for each couple (or its paying team) as it registers.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <DataTable columns={columns} striped verticalSpacing={4} aria-label="Money by team">
            {money.byTeam.map((t) => (
              <Table.Tr key={t.team}>
                <Table.Td>
                  {t.team || (
                    <Text span inherit c="dimmed">
                      No team
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  {amount(t.owedCents)}
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  {amount(t.paidCents)}
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS} fw={t.outstandingCents > 0 ? 600 : undefined}>
                  {amount(t.outstandingCents)}
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  {amount(t.creditCents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}
    </Stack>
  );
}
