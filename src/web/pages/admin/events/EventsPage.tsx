import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useCompetition } from '../../../api/queries/competition.ts';
import { useEvents } from '../../../api/queries/events.ts';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert.tsx';
import { ActionsCell, actionsColumn, DataTable } from '../../../components/DataTable.tsx';
import { formatMoney } from '../../../components/format.ts';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { roundStateName } from '../../../shared/roundStates.ts';
import { AdminLink, PageHeader } from '../PageHeader.tsx';
import { EventForm, type Editing } from './EventForm.tsx';
import { GridForm } from './GridForm.tsx';
import { RoundsModal } from './RoundsModal.tsx';
import { textValue } from '../../../components/textValue.ts';
import { eventsText } from './text.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { danceLabel, roundLabel, sportText, styleLabel } from '../../../../domain/i18n/sport.ts';

/** Admin → setup → events: the event list, its rounds, and the style × level grid. */
export function EventsPage() {
  const t = useT(eventsText);
  const ts = useT(sportText);
  const locale = useLocale();
  usePageTitle(t('page.title'));
  const { events, isError, error, key } = useEvents();
  const { competition } = useCompetition(key);
  const [editing, setEditing] = useState<Editing>(null);
  const [grid, setGrid] = useState(false);
  const [roundsOf, setRoundsOf] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => (events ?? []).filter((e) => e.name.toLowerCase().includes(search.trim().toLowerCase())),
    [events, search],
  );
  const selected = events?.find((e) => e.key === roundsOf) ?? null;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('page.title')}
        back={{ to: '/admin/setup', label: t('page.back') }}
        description={
          <>
            {t('page.lead')} <AdminLink to="/admin/eventschedule">{t('page.leadLink')}</AdminLink>.
          </>
        }
        actions={
          <Group>
            <Button variant="default" onClick={() => setGrid(true)}>
              {t('page.fromGrid')}
            </Button>
            <Button onClick={() => setEditing({ mode: 'new' })}>{t('page.new')}</Button>
          </Group>
        }
      />
      {isError && <ApiErrorAlert error={error} title={t('page.loadError')} />}
      {!events && !isError && <Skeleton h={300} aria-label={t('page.loading')} />}
      {events && events.length === 0 && (
        <Alert color="blue" title={t('page.emptyTitle')}>
          {t('page.empty')}
        </Alert>
      )}
      {events && events.length > 0 && (
        // Wider than a phone: the table scrolls inside its frame, never the page (docs/ui.md).
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Group p="sm">
            <TextInput
              aria-label={t('page.search')}
              placeholder={t('page.search')}
              {...textValue(search, setSearch)}
              w={280}
            />
            <Text size="sm" c="dimmed">
              {t('page.shown', { shown: shown.length, total: events.length })}
            </Text>
          </Group>
          <DataTable
            cards
            striped
            highlightOnHover
            verticalSpacing={6}
            columns={[
              t('col.event'),
              t('col.style'),
              t('col.level'),
              t('col.dances'),
              { label: t('col.couples'), ta: 'right' },
              t('col.rounds'),
              actionsColumn,
            ]}
          >
            {shown.map((e) => (
              <Table.Tr key={e.key} data-testid={`event-${e.key}`}>
                <Table.Td>
                  <Text fw={600} inherit>
                    {e.name}
                  </Text>
                  {e.fee !== null && competition && (
                    <Text size="xs" c="dimmed">
                      {t('page.ownFee', { fee: formatMoney(e.fee, competition.currency, locale) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{styleLabel(ts, e.style)}</Table.Td>
                <Table.Td>{e.level}</Table.Td>
                <Table.Td>
                  <Text size="sm">{e.dances.map((d) => danceLabel(ts, d)).join(', ')}</Text>
                </Table.Td>
                <Table.Td ta="right">{e.entries.filter((x) => !x.scratched).length}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {e.rounds.length === 0 && (
                      <Text size="sm" c="dimmed">
                        {t('page.noRounds')}
                      </Text>
                    )}
                    {e.rounds.map((r) => (
                      <RoundStateBadge
                        key={r.roundNumber}
                        state={roundStateName(r.roundState) ?? 'Initialized'}
                      >
                        {roundLabel(ts, r.roundName)}
                      </RoundStateBadge>
                    ))}
                  </Group>
                </Table.Td>
                <ActionsCell>
                  <Button size="compact-sm" variant="light" onClick={() => setRoundsOf(e.key)}>
                    {t('page.rounds')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setEditing({ mode: 'edit', event: e })}
                    aria-label={t('page.editLabel', { name: e.name })}
                  >
                    {t('page.edit')}
                  </Button>
                </ActionsCell>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}
      {key && editing && (
        <EventForm competitionKey={key} editing={editing} onClose={() => setEditing(null)} />
      )}
      {key && grid && <GridForm competitionKey={key} onClose={() => setGrid(false)} />}
      {key && selected && (
        <RoundsModal competitionKey={key} event={selected} onClose={() => setRoundsOf(null)} />
      )}
    </Stack>
  );
}
