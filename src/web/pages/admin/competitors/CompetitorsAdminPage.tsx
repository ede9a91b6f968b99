import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { hrefOf } from '../../../api/client.ts';
import {
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { Link } from '../../../components/Link.tsx';
import { useCompetition } from '../../../api/queries/competition.ts';
import { registrationsQuery } from '../../../api/queries/registrations.ts';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert.tsx';
import { actionsColumn, DataTable } from '../../../components/DataTable.tsx';
import { lazyPart, useAfterFirstPaint } from '../../../components/deferred.tsx';
import { formatMoney } from '../../../components/format.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { normalizeName } from '../../../../domain/entries.ts';
import type { AdminRegistration } from '../../../../domain/schemas/registration.ts';
import { PageHeader } from '../PageHeader.tsx';
import { useAdminUser } from '../AdminLayout.tsx';
import { CoupleRow, feeStatus } from './CoupleRow.tsx';
import './competitors.css';
import { textValue } from '../../../components/textValue.ts';
import { competitorsText } from './text.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';

/** The organizer's downloads. */
const CSV_FILES = {
  entries: endpoints.getEntriesCsv,
  registrations: endpoints.getRegistrationsCsv,
  fees: endpoints.getFeesCsv,
} as const;

// What a click opens, and the ad hoc entries below the table, load their code when first shown: the
// couples show without it.
const AdhocSection = lazyPart(() => import('./AdhocSection.tsx'), 'AdhocSection');
const EditCouple = lazyPart(() => import('./EditCouple.tsx'), 'EditCouple');
const HeldRegistrations = lazyPart(() => import('./HeldRegistrations.tsx'), 'HeldRegistrations');
const ImportPanel = lazyPart(() => import('./ImportPanel.tsx'), 'ImportPanel');
/** Rows drawn for the first paint (more than a laptop screen holds); the rest follow just after it. */
const FIRST_ROWS = 10;

/** Admin → competitors: every couple with numbers, entries, scratches and fees; import and export. */
export function CompetitorsAdminPage() {
  const t = useT(competitorsText);
  const locale = useLocale();
  usePageTitle(t('page.title'));
  const { key, competition } = useCompetition();
  const me = useAdminUser();
  const regs = useQuery(registrationsQuery(key));
  const [search, setSearch] = useState('');
  const [fees, setFees] = useState<'all' | 'owes' | 'paid'>('all');
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<AdminRegistration | null>(null);

  const data = regs.data;
  // The review panel stays for the visit once shown: the code of a couple just accepted is shown in it.
  const [reviewing, setReviewing] = useState(false);
  if (!reviewing && data && data.reviews.length > 0) setReviewing(true);
  const q = normalizeName(search);
  const shown = useMemo(
    () =>
      (data?.registrations ?? []).filter((r) => {
        if (fees === 'paid' && feeStatus(r) !== 'paid') return false;
        if (fees === 'owes' && feeStatus(r) === 'paid') return false;
        if (!q) return true;
        const text = normalizeName(
          `${r.lead.name} ${r.lead.email} ${r.follow.name} ${r.follow.email} ${r.affiliation}`,
        );
        return text.includes(q) || String(r.lead.number ?? '') === q;
      }),
    [data, q, fees],
  );
  const totals = useMemo(() => {
    const list = data?.registrations ?? [];
    return {
      couples: list.length,
      due: list.reduce((s, r) => s + r.amountDue, 0),
      paid: list.reduce((s, r) => s + Math.min(r.amountPaid, r.amountDue), 0),
    };
  }, [data]);
  const currency = data?.currency ?? competition?.currency ?? 'USD';
  const allRows = useAfterFirstPaint(data !== undefined);
  const rows = allRows ? shown : shown.slice(0, FIRST_ROWS);
  const csv = (table: 'entries' | 'registrations' | 'fees') => (key ? hrefOf(CSV_FILES[table], { key }) : '');

  return (
    <Stack gap="md">
      <PageHeader
        title={t('page.title')}
        description={
          data &&
          t('page.summary', {
            couples: totals.couples,
            due: formatMoney(totals.due, currency, locale),
            paid: formatMoney(totals.paid, currency, locale),
            outstanding: formatMoney(totals.due - totals.paid, currency, locale),
          })
        }
        actions={
          <Group gap="xs">
            <Button component={Link} to="/admin/competitors/add-competitor">
              {t('page.add')}
            </Button>
            <Button variant="default" onClick={() => setImporting((v) => !v)}>
              {importing ? t('page.closeImport') : t('page.import')}
            </Button>
            {/* Dancers across every competition: site administrators only. */}
            {me.isSuperAdmin && (
              <Button component={Link} to="/admin/people" variant="default">
                {t('page.people')}
              </Button>
            )}
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default">{t('page.export')}</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component="a" href={csv('entries')} download>
                  {t('page.exportEntries')}
                </Menu.Item>
                <Menu.Item component="a" href={csv('registrations')} download>
                  {t('page.exportRegistrations')}
                </Menu.Item>
                <Menu.Item component="a" href={csv('fees')} download>
                  {t('page.exportFees')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        }
      />

      {key && data && reviewing && (
        <Suspense fallback={null}>
          <HeldRegistrations
            competitionKey={key}
            reviews={data.reviews}
            timeZone={competition?.timeZone ?? 'UTC'}
          />
        </Suspense>
      )}

      {importing && key && (
        <Suspense fallback={null}>
          <ImportPanel competitionKey={key} onDone={() => void regs.refetch()} />
        </Suspense>
      )}

      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('page.search')}
          placeholder={t('page.searchPlaceholder')}
          {...textValue(search, setSearch)}
          w={320}
          type="search"
        />
        <SegmentedControl
          value={fees}
          onChange={(v) => setFees(v as typeof fees)}
          data={[
            { value: 'all', label: t('page.all') },
            { value: 'owes', label: t('page.owes') },
            { value: 'paid', label: t('page.paid') },
          ]}
          aria-label={t('page.feeStatus')}
        />
      </Group>

      {regs.isError ? (
        <ApiErrorAlert error={regs.error} title={t('page.loadError')} />
      ) : !data || !key ? (
        <Skeleton h={300} />
      ) : (
        <Paper withBorder radius="md">
          {/* Wide table (numbers, events, fees, actions): it keeps its columns readable and scrolls inside itself. */}
          <DataTable
            cards
            striped
            highlightOnHover
            verticalSpacing={6}
            fz="sm"
            miw={960}
            aria-label={t('page.couples')}
            columns={[
              { label: t('col.number'), w: 150 },
              t('col.lead'),
              t('col.follow'),
              t('col.team'),
              { label: t('col.events'), miw: 220 },
              t('col.fee'),
              actionsColumn,
            ]}
          >
            {rows.map((r) => (
              <CoupleRow key={r.id} r={r} competitionKey={key} currency={currency} onEdit={setEditing} />
            ))}
            {shown.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center" py="md">
                    {t('page.noMatch')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </DataTable>
        </Paper>
      )}

      {data && key && (
        <Suspense fallback={null}>
          <AdhocSection competitionKey={key} entries={data.adhoc} />
        </Suspense>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('page.editCouple')}
        size="lg"
      >
        {editing && key && (
          <Suspense fallback={<Skeleton h={200} />}>
            <EditCouple r={editing} competitionKey={key} onDone={() => setEditing(null)} />
          </Suspense>
        )}
      </Modal>
    </Stack>
  );
}
