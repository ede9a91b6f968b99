import { Alert, Box, Grid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert.tsx';
import { DataTable, SelectableRow } from '../../../components/DataTable.tsx';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { RoundState, roundStateName } from '../../../shared/roundStates.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { useSchedule } from '../../../api/queries/schedule.ts';
import { RoundPanel } from './RoundPanel.tsx';
import { RecordCheck } from './RecordCheck.tsx';
import { useGuardSession } from '../../../shared/session.ts';
import { StaffAccess } from '../StaffAccess.tsx';
import { textValue } from '../../../components/textValue.ts';
import { useT } from '../../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { scrutineerText } from './text.ts';

/** Rounds the scrutineer is busy with now: being danced or marked and waiting to be posted. */
const CURRENT: ReadonlySet<number> = new Set([RoundState.Running, RoundState.Marked]);

/** Current rounds first, then the running order. */
export function scrutineerOrder(items: readonly ScheduleItem[]): ScheduleItem[] {
  return [...items].sort(
    (a, b) =>
      Number(CURRENT.has(b.roundState)) - Number(CURRENT.has(a.roundState)) ||
      a.scheduleIndex - b.scheduleIndex,
  );
}

/** /admin/scrutineer: collect marks, compute, resolve ties, post (spec §2). */
export function ScrutineerPage() {
  // The admin guard has read the session: an admin account or the scrutineer's code.
  const session = useGuardSession();
  const t = useT(scrutineerText);
  return (
    <StaffAccess role="Scrutineer" title={t('title')} path="/admin/scrutineer" session={session}>
      {() => <ScrutineerScreen />}
    </StaffAccess>
  );
}

function ScrutineerScreen() {
  const t = useT(scrutineerText);
  const ts = useT(sportText);
  const { data, isError, error, key } = useSchedule({ followClock: true });
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState('');
  const selectedEvent = params.get('event');
  const selectedRound = Number(params.get('round') ?? NaN);
  const rounds = useMemo(() => scrutineerOrder(data?.items ?? []), [data]);
  const shown = rounds.filter((r) =>
    `${r.eventName} ${r.roundName} ${roundLabel(ts, r.roundName)}`
      .toLowerCase()
      .includes(filter.trim().toLowerCase()),
  );
  const selected =
    rounds.find((r) => r.eventKey === selectedEvent && r.roundNumber === selectedRound) ??
    (selectedEvent === null ? rounds.find((r) => CURRENT.has(r.roundState)) : undefined) ??
    null;

  return (
    <Box p="md">
      <Title order={1} size="h2" mb="sm">
        {t('title')}
      </Title>
      {key && <RecordCheck competitionKey={key} />}
      {isError && <ApiErrorAlert error={error} title={t('schedule.error')} />}
      {!data && !isError && <Skeleton h={400} aria-label={t('schedule.loading')} />}
      {data && (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs">
              <TextInput
                label={t('find.label')}
                placeholder={t('find.placeholder')}
                {...textValue(filter, setFilter)}
                size="xs"
              />
              {rounds.length === 0 && (
                <Alert color="blue" title={t('noRounds.title')}>
                  {t('noRounds.text')}
                </Alert>
              )}
              <DataTable
                highlightOnHover
                stickyHeader
                fz="sm"
                aria-label={t('rounds.label')}
                maxHeight="calc(100vh - 190px)"
                columns={[t('col.event'), t('col.round'), t('col.state')]}
              >
                {shown.map((r) => {
                  const state = roundStateName(r.roundState);
                  return (
                    <SelectableRow
                      key={r.roundId}
                      selected={r.roundId === selected?.roundId}
                      onSelect={() => setParams({ event: r.eventKey, round: String(r.roundNumber) })}
                    >
                      <Table.Td>{r.eventName}</Table.Td>
                      <Table.Td>{roundLabel(ts, r.roundName)}</Table.Td>
                      {/* Wide enough for the longest state name: a badge would otherwise cut it short. */}
                      <Table.Td style={{ minWidth: 120 }}>
                        {state && <RoundStateBadge state={state} couples={r.couples} />}
                      </Table.Td>
                    </SelectableRow>
                  );
                })}
              </DataTable>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selected && key ? (
              <RoundPanel key={selected.roundId} competitionKey={key} item={selected} schedule={data.items} />
            ) : (
              <Alert color="gray" title={t('pick.title')}>
                <Text size="sm">{t('pick.text')}</Text>
              </Alert>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Box>
  );
}
