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
  return (
    <StaffAccess role="Scrutineer" title="Scrutineer" path="/admin/scrutineer" session={session}>
      {() => <ScrutineerScreen />}
    </StaffAccess>
  );
}

function ScrutineerScreen() {
  const { data, isError, error, key } = useSchedule({ followClock: true });
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState('');
  const selectedEvent = params.get('event');
  const selectedRound = Number(params.get('round') ?? NaN);
  const rounds = useMemo(() => scrutineerOrder(data?.items ?? []), [data]);
  const shown = rounds.filter((r) =>
    `${r.eventName} ${r.roundName}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  const selected =
    rounds.find((r) => r.eventKey === selectedEvent && r.roundNumber === selectedRound) ??
    (selectedEvent === null ? rounds.find((r) => CURRENT.has(r.roundState)) : undefined) ??
    null;

  return (
    <Box p="md">
      <Title order={1} size="h2" mb="sm">
        Scrutineer
      </Title>
      {key && <RecordCheck competitionKey={key} />}
      {isError && <ApiErrorAlert error={error} title="The running order could not load" />}
      {!data && !isError && <Skeleton h={400} aria-label="Loading the running order" />}
      {data && (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs">
              <TextInput
                label="Find a round"
                placeholder="Event or round name"
                {...textValue(filter, setFilter)}
                size="xs"
              />
              {rounds.length === 0 && (
                <Alert color="blue" title="No rounds yet">
                  Generate rounds for the events on the Events screen first.
                </Alert>
              )}
              <DataTable
                highlightOnHover
                stickyHeader
                fz="sm"
                aria-label="Rounds by schedule"
                maxHeight="calc(100vh - 190px)"
                columns={['Event', 'Round', 'State']}
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
                      <Table.Td>{r.roundName}</Table.Td>
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
              <Alert color="gray" title="Pick a round">
                <Text size="sm">Choose a round on the left to see its marks, compute and post it.</Text>
              </Alert>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Box>
  );
}
