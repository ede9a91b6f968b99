import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { normalizeName } from '../../../../domain/entries.ts';
import type { Invoice, MoneyTotals } from '../../../../domain/schemas/money.ts';
import { hrefOf } from '../../../api/client.ts';
import { useCompetition } from '../../../api/queries/competition.ts';
import { invoicesQuery, moneyTotalsQuery } from '../../../api/queries/money.ts';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { money } from '../../../components/invoice/InvoiceView.tsx';
import { Link } from '../../../components/Link.tsx';
import { textValue } from '../../../components/textValue.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { counted } from '../../../../domain/words.ts';
import { AdminSection, PageHeader } from '../PageHeader.tsx';
import { BalanceText } from './moneyWords.tsx';
import { TeamsSection } from './TeamsSection.tsx';

type Filter = 'all' | 'owes' | 'credit';

/**
 * Admin → Money: what the competition is owed and has taken, in all and by team; every invoice, to
 * open and take a payment on; the teams' billing (who pays, the captain's link); the treasurer's ledger.
 */
export function MoneyPage() {
  usePageTitle('Money');
  const { key } = useCompetition();
  const totals = useQuery(moneyTotalsQuery(key));
  return (
    <Stack gap="lg">
      <PageHeader
        title="Money"
        description="What every couple and team was charged and has paid. Open an invoice to take a payment, give a refund or print it."
        actions={
          key && (
            <Button component="a" href={hrefOf(endpoints.getLedgerCsv, { key })} download variant="default">
              Download ledger (CSV)
            </Button>
          )
        }
      />
      <AdminSection
        id="money-totals"
        title="Totals"
        description="Owed is what was charged, net of credits; outstanding is what accounts still owe; credit is what is owed back. The ledger’s columns add up to these figures."
      >
        {totals.isError ? (
          <ApiErrorAlert error={totals.error} title="The totals could not load" />
        ) : !totals.data ? (
          <Skeleton h={92} aria-label="Loading the totals" />
        ) : (
          <Totals totals={totals.data} />
        )}
      </AdminSection>
      <AdminSection
        id="money-invoices"
        title="Invoices"
        description="One per couple, and one per team that pays for its couples, numbered without gaps."
      >
        {key && <InvoiceList competitionKey={key} />}
      </AdminSection>
      <AdminSection
        id="money-teams"
        title="Teams"
        description="A team that pays is billed for its couples’ entries on one invoice; its captain sees it through a private link."
      >
        {key && <TeamsSection competitionKey={key} />}
      </AdminSection>
      {totals.data && totals.data.byTeam.length > 0 && (
        <AdminSection
          id="money-by-team"
          title="Totals by team"
          description="Every account of a team’s couples and the team’s own, added up."
        >
          <ByTeam totals={totals.data} />
        </AdminSection>
      )}
    </Stack>
  );
}

function Totals({ totals: t }: { totals: MoneyTotals }) {
  const figures = [
    { label: 'Owed', cents: t.owedCents },
    { label: 'Paid', cents: t.paidCents },
    { label: 'Outstanding', cents: t.outstandingCents },
    { label: 'Credit', cents: t.creditCents },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="money-totals">
      {figures.map((f) => (
        <Paper key={f.label} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {f.label}
          </Text>
          <Text fz={26} fw={700} lh={1.25} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {money(f.cents, t.currency)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function ByTeam({ totals: t }: { totals: MoneyTotals }) {
  return (
    <Paper withBorder radius="md">
      <DataTable
        striped
        fz="sm"
        verticalSpacing={6}
        aria-label="Totals by team"
        columns={[
          'Team',
          { label: 'Owed', ta: 'right' },
          { label: 'Paid', ta: 'right' },
          { label: 'Outstanding', ta: 'right' },
          { label: 'Credit', ta: 'right' },
        ]}
      >
        {t.byTeam.map((b) => (
          <Table.Tr key={b.team}>
            <Table.Td>{b.team || <Text c="dimmed">No team</Text>}</Table.Td>
            <Amount cents={b.owedCents} currency={t.currency} />
            <Amount cents={b.paidCents} currency={t.currency} />
            <Amount cents={b.outstandingCents} currency={t.currency} />
            <Amount cents={b.creditCents} currency={t.currency} />
          </Table.Tr>
        ))}
      </DataTable>
    </Paper>
  );
}

function Amount({ cents, currency }: { cents: number; currency: string }) {
  return (
    <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {money(cents, currency)}
    </Table.Td>
  );
}

/** Whether an invoice is shown under the filter and the search (name, team or invoice number). */
function matches(i: Invoice, filter: Filter, q: string): boolean {
  if (filter === 'owes' && i.balanceCents <= 0) return false;
  if (filter === 'credit' && i.balanceCents >= 0) return false;
  if (!q) return true;
  const number = q.replace(/^#/, '');
  return String(i.number) === number || normalizeName(`${i.name} ${i.team}`).includes(q);
}

function InvoiceList({ competitionKey }: { competitionKey: string }) {
  const invoices = useQuery(invoicesQuery(competitionKey));
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const all = invoices.data?.invoices;
  const q = normalizeName(search);
  const shown = useMemo(() => (all ?? []).filter((i) => matches(i, filter, q)), [all, filter, q]);
  const owing = all?.filter((i) => i.balanceCents > 0).length ?? 0;
  const inCredit = all?.filter((i) => i.balanceCents < 0).length ?? 0;
  if (invoices.isError) return <ApiErrorAlert error={invoices.error} title="The invoices could not load" />;
  if (!invoices.data) return <Skeleton h={320} aria-label="Loading the invoices" />;
  const { currency } = invoices.data;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name, team or invoice number"
          type="search"
          w={320}
          {...textValue(search, setSearch)}
        />
        <SegmentedControl
          aria-label="Show invoices"
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          data={[
            { value: 'all', label: `All (${all!.length})` },
            { value: 'owes', label: `Owes (${owing})` },
            { value: 'credit', label: `In credit (${inCredit})` },
          ]}
        />
      </Group>
      {all!.length === 0 ? (
        <Text c="dimmed" className="empty-state">
          No invoice yet. A couple’s invoice opens when they register; a team’s when it pays for its couples
          or its captain is given a link.
        </Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed">No invoice matches. Clear the search or choose All.</Text>
      ) : (
        <Paper withBorder radius="md">
          <DataTable
            striped
            highlightOnHover
            stickyHeader
            maxHeight="min(70vh, 640px)"
            fz="sm"
            verticalSpacing={6}
            miw={760}
            aria-label="Invoices"
            columns={[
              { label: 'No.', w: 64 },
              'Name',
              'Team',
              { label: 'Charged', ta: 'right' },
              { label: 'Paid', ta: 'right' },
              { label: 'Balance', ta: 'right' },
            ]}
          >
            {shown.map((i) => (
              <Table.Tr key={i.id} data-testid={`invoice-row-${i.number}`}>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{i.number}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={`/admin/money/invoices/${i.id}`} fz="sm" fw={500}>
                      {i.name}
                    </Anchor>
                    {i.kind === 'team' && (
                      <Badge size="xs" variant="light" color="grape">
                        Team
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{i.team}</Table.Td>
                <Amount cents={i.chargedCents} currency={currency} />
                <Amount cents={i.paidCents} currency={currency} />
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <BalanceText cents={i.balanceCents} currency={currency} />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}
      {shown.length > 0 && shown.length < all!.length && (
        <Text size="sm" c="dimmed">
          Showing {counted(shown.length, 'invoice')} of {all!.length}.
        </Text>
      )}
    </Stack>
  );
}
