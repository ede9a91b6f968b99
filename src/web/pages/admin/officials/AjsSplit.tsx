import { Paper, Select, Stack, Table, Text } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { eventsQuery, panelsQuery } from '../../../api/queries/events.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import type { AdminOfficial, EventView } from '../../../api/types.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { AJS_COMPONENTS, panelAjsAssignments, type AjsComponent } from '../../../../domain/scoring/ajs.ts';
import { AdminSection } from '../PageHeader.tsx';

/** The groups a judge may be given (docs/ajs.md): the two JS 3.0 groups, one component, or all four. */
const GROUPS: { value: string; label: string }[] = [
  { value: 'TQ,PS', label: 'TQ + PS' },
  { value: 'MM,CP', label: 'MM + CP' },
  { value: 'TQ,MM', label: 'TQ + MM (technical)' },
  { value: 'PS,CP', label: 'PS + CP (artistic)' },
  ...AJS_COMPONENTS.map((c) => ({ value: c, label: `${c} only` })),
  { value: AJS_COMPONENTS.join(','), label: 'All four' },
];

/**
 * The component groups of each AJS event's panel: the default split (first half TQ + PS, second half
 * MM + CP) until the organizer changes a judge. Saved on the event, where each AJS round starts from
 * it until the scrutineer draws or sets the round's own; refused once a round it affects has marks.
 */
export function AjsSplit({
  competitionKey,
  officials,
}: {
  competitionKey: string;
  officials: AdminOfficial[];
}) {
  const { data: events } = useQuery(eventsQuery(competitionKey));
  const { data: panels } = useQuery(panelsQuery(competitionKey));
  const save = useCommand({
    run: ({ event, split }: { event: EventView; split: Record<string, AjsComponent[]> }) =>
      call(
        endpoints.patchEventsOne,
        { key: competitionKey, eventKey: event.key },
        { ajsComponents: split, version: event.version },
      ),
    success: (_, { event }) => ({
      title: 'Components saved',
      message: `${event.name}: judges' components updated.`,
    }),
    refresh: [competitionQueryKey(competitionKey, 'events')],
  });
  const ajs = (events ?? []).filter((e) => e.scoringSystem === 'ajs');
  if (!ajs.length || !panels) return null;
  const name = new Map(officials.map((o) => [o.id, o]));
  return (
    <AdminSection
      id="ajs-split-title"
      title="AJS components"
      description="Events scored under WDSF AJS 3.0: which components each judge of the panel scores. Each AJS round starts from this split; the scrutineer may draw or set the round's own."
    >
      <CommandError command={save} title="Not saved" />
      <Stack>
        {ajs.map((event) => {
          const panel = panels.find((p) => p.eventKey === event.key);
          const ids = (panel?.officialIds ?? []).map(String);
          const split = panelAjsAssignments(ids, event.ajsComponents);
          return (
            <Paper key={event.key} withBorder radius="md" p="sm">
              <Text fw={600} mb="xs">
                {event.name}
                {event.ajsComponents ? '' : ' — default split'}
              </Text>
              <DataTable
                verticalSpacing={4}
                aria-label={`${event.name}: judges' components`}
                columns={['Judge', 'Scores']}
              >
                {ids.map((id) => {
                  const o = name.get(Number(id));
                  const label = o ? `${o.letter} ${o.name}` : id;
                  return (
                    <Table.Tr key={id}>
                      <Table.Td>{label}</Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`${label} scores`}
                          data={GROUPS}
                          allowDeselect={false}
                          value={(split[id] ?? []).join(',')}
                          onChange={(v) =>
                            v &&
                            void save.run({
                              event,
                              split: { ...split, [id]: v.split(',') as AjsComponent[] },
                            })
                          }
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </DataTable>
            </Paper>
          );
        })}
      </Stack>
    </AdminSection>
  );
}
