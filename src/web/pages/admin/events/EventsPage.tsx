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

/** Admin → setup → events: the event list, its rounds, and the style × level grid. */
export function EventsPage() {
  usePageTitle('Events');
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
        title="Events"
        back={{ to: '/admin/setup', label: 'Setup' }}
        description={
          <>
            The events of the competition, their dances and rounds. The running order is on the{' '}
            <AdminLink to="/admin/eventschedule">event schedule</AdminLink>.
          </>
        }
        actions={
          <Group>
            <Button variant="default" onClick={() => setGrid(true)}>
              Create from grid
            </Button>
            <Button onClick={() => setEditing({ mode: 'new' })}>New event</Button>
          </Group>
        }
      />
      {isError && <ApiErrorAlert error={error} title="The events could not load" />}
      {!events && !isError && <Skeleton h={300} aria-label="Loading the events" />}
      {events && events.length === 0 && (
        <Alert color="blue" title="No events yet">
          Create them from the style × level grid, or one by one with “New event”.
        </Alert>
      )}
      {events && events.length > 0 && (
        // Wider than a phone: the table scrolls inside its frame, never the page (docs/ui.md).
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Group p="sm">
            <TextInput
              aria-label="Search events"
              placeholder="Search events"
              {...textValue(search, setSearch)}
              w={280}
            />
            <Text size="sm" c="dimmed">
              {shown.length} of {events.length} events
            </Text>
          </Group>
          <DataTable
            cards
            striped
            highlightOnHover
            verticalSpacing={6}
            columns={[
              'Event',
              'Style',
              'Level',
              'Dances',
              { label: 'Couples', ta: 'right' },
              'Rounds',
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
                      Own fee {formatMoney(e.fee, competition.currency)} per dancer
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{e.style}</Table.Td>
                <Table.Td>{e.level}</Table.Td>
                <Table.Td>
                  <Text size="sm">{e.dances.join(', ')}</Text>
                </Table.Td>
                <Table.Td ta="right">{e.entries.filter((x) => !x.scratched).length}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {e.rounds.length === 0 && (
                      <Text size="sm" c="dimmed">
                        none
                      </Text>
                    )}
                    {e.rounds.map((r) => (
                      <RoundStateBadge
                        key={r.roundNumber}
                        state={roundStateName(r.roundState) ?? 'Initialized'}
                      >
                        {r.roundName}
                      </RoundStateBadge>
                    ))}
                  </Group>
                </Table.Td>
                <ActionsCell>
                  <Button size="compact-sm" variant="light" onClick={() => setRoundsOf(e.key)}>
                    Rounds
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setEditing({ mode: 'edit', event: e })}
                    aria-label={`Edit ${e.name}`}
                  >
                    Edit
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
