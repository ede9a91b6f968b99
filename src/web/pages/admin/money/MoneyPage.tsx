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
import { Link } from '../../../components/Link.tsx';
import { textValue } from '../../../components/textValue.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AdminSection, PageHeader } from '../PageHeader.tsx';
import { BalanceText, useMoney } from './moneyWords.tsx';
import { TeamsSection } from './TeamsSection.tsx';
import { moneyText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';

type Filter = 'all' | 'owes' | 'credit';

/**
 * Admin → Money: what the competition is owed and has taken, in all and by team; every invoice, to
 * open and take a payment on; the teams' billing (who pays, the captain's link); the treasurer's ledger.
 */
export function MoneyPage() {
  const t = useT(moneyText);
  usePageTitle(t('title'));
  const { key } = useCompetition();
  const totals = useQuery(moneyTotalsQuery(key));
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          key && (
            <Group gap="xs">
              <Button component={Link} to="/print-sheets/invoices?which=due" variant="default">
                {t('printInvoices')}
              </Button>
              <Button component="a" href={hrefOf(endpoints.getLedgerCsv, { key })} download variant="default">
                {t('ledger')}
              </Button>
            </Group>
          )
        }
      />
      <AdminSection id="money-totals" title={t('totals.title')} description={t('totals.description')}>
        {totals.isError ? (
          <ApiErrorAlert error={totals.error} title={t('totals.loadError')} />
        ) : !totals.data ? (
          <Skeleton h={92} aria-label={t('totals.loading')} />
        ) : (
          <Totals totals={totals.data} />
        )}
      </AdminSection>
      <AdminSection id="money-invoices" title={t('invoices.title')} description={t('invoices.description')}>
        {key && <InvoiceList competitionKey={key} />}
      </AdminSection>
      <AdminSection id="money-teams" title={t('teams.title')} description={t('teams.description')}>
        {key && <TeamsSection competitionKey={key} />}
      </AdminSection>
      {totals.data && totals.data.byTeam.length > 0 && (
        <AdminSection id="money-by-team" title={t('byTeam.title')} description={t('byTeam.description')}>
          <ByTeam totals={totals.data} />
        </AdminSection>
      )}
    </Stack>
  );
}

function Totals({ totals: m }: { totals: MoneyTotals }) {
  const t = useT(moneyText);
  const money = useMoney();
  const figures = [
    { label: t('figure.owed'), cents: m.owedCents },
    { label: t('figure.paid'), cents: m.paidCents },
    { label: t('figure.outstanding'), cents: m.outstandingCents },
    { label: t('figure.credit'), cents: m.creditCents },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="money-totals">
      {figures.map((f) => (
        <Paper key={f.label} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {f.label}
          </Text>
          <Text fz={26} fw={700} lh={1.25} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {money(f.cents, m.currency)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function ByTeam({ totals: m }: { totals: MoneyTotals }) {
  const t = useT(moneyText);
  return (
    <Paper withBorder radius="md">
      <DataTable
        striped
        fz="sm"
        verticalSpacing={6}
        aria-label={t('byTeam.title')}
        columns={[
          t('column.team'),
          { label: t('figure.owed'), ta: 'right' },
          { label: t('figure.paid'), ta: 'right' },
          { label: t('figure.outstanding'), ta: 'right' },
          { label: t('figure.credit'), ta: 'right' },
        ]}
      >
        {m.byTeam.map((b) => (
          <Table.Tr key={b.team}>
            <Table.Td>{b.team || <Text c="dimmed">{t('noTeam')}</Text>}</Table.Td>
            <Amount cents={b.owedCents} currency={m.currency} />
            <Amount cents={b.paidCents} currency={m.currency} />
            <Amount cents={b.outstandingCents} currency={m.currency} />
            <Amount cents={b.creditCents} currency={m.currency} />
          </Table.Tr>
        ))}
      </DataTable>
    </Paper>
  );
}

function Amount({ cents, currency }: { cents: number; currency: string }) {
  const money = useMoney();
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
  const t = useT(moneyText);
  const invoices = useQuery(invoicesQuery(competitionKey));
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const all = invoices.data?.invoices;
  const q = normalizeName(search);
  const shown = useMemo(() => (all ?? []).filter((i) => matches(i, filter, q)), [all, filter, q]);
  const owing = all?.filter((i) => i.balanceCents > 0).length ?? 0;
  const inCredit = all?.filter((i) => i.balanceCents < 0).length ?? 0;
  if (invoices.isError) return <ApiErrorAlert error={invoices.error} title={t('invoices.loadError')} />;
  if (!invoices.data) return <Skeleton h={320} aria-label={t('invoices.loading')} />;
  const { currency } = invoices.data;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          type="search"
          w={320}
          {...textValue(search, setSearch)}
        />
        <SegmentedControl
          aria-label={t('filter.label')}
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          data={[
            { value: 'all', label: t('filter.all', { count: all!.length }) },
            { value: 'owes', label: t('filter.owes', { count: owing }) },
            { value: 'credit', label: t('filter.credit', { count: inCredit }) },
          ]}
        />
      </Group>
      {all!.length === 0 ? (
        <Text c="dimmed" className="empty-state">
          {t('invoices.empty')}
        </Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed">{t('invoices.noMatch')}</Text>
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
            aria-label={t('invoices.title')}
            columns={[
              { label: t('column.no'), w: 64 },
              t('column.name'),
              t('column.team'),
              { label: t('column.charged'), ta: 'right' },
              { label: t('figure.paid'), ta: 'right' },
              { label: t('column.balance'), ta: 'right' },
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
                      <Badge size="xs" variant="light" color="grape" style={{ flexShrink: 0 }}>
                        {t('badge.team')}
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
          {t('invoices.showing', { count: shown.length, total: all!.length })}
        </Text>
      )}
    </Stack>
  );
}
