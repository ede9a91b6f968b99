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
import { useT } from '../../../i18n/locale.ts';
import { officialsText, type OfficialsT } from './text.ts';

/** The groups a judge may be given (docs/ajs.md): the two JS 3.0 groups, one component, or all four. */
const groups = (t: OfficialsT): { value: string; label: string }[] => [
  { value: 'TQ,PS', label: 'TQ + PS' },
  { value: 'MM,CP', label: 'MM + CP' },
  { value: 'TQ,MM', label: t('ajs.technical') },
  { value: 'PS,CP', label: t('ajs.artistic') },
  ...AJS_COMPONENTS.map((c) => ({ value: c, label: t('ajs.only', { component: c }) })),
  { value: AJS_COMPONENTS.join(','), label: t('ajs.all') },
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
  const t = useT(officialsText);
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
      title: t('ajs.saved'),
      message: t('ajs.savedText', { event: event.name }),
    }),
    refresh: [competitionQueryKey(competitionKey, 'events')],
  });
  const ajs = (events ?? []).filter((e) => e.scoringSystem === 'ajs');
  if (!ajs.length || !panels) return null;
  const name = new Map(officials.map((o) => [o.id, o]));
  return (
    <AdminSection id="ajs-split-title" title={t('ajs.title')} description={t('ajs.description')}>
      <CommandError command={save} title={t('notSaved')} />
      <Stack>
        {ajs.map((event) => {
          const panel = panels.find((p) => p.eventKey === event.key);
          const ids = (panel?.officialIds ?? []).map(String);
          const split = panelAjsAssignments(ids, event.ajsComponents);
          return (
            <Paper key={event.key} withBorder radius="md" p="sm">
              <Text fw={600} mb="xs">
                {event.name}
                {event.ajsComponents ? '' : ` — ${t('ajs.default')}`}
              </Text>
              <DataTable
                verticalSpacing={4}
                aria-label={t('ajs.tableLabel', { event: event.name })}
                columns={[t('col.judge'), t('col.scores')]}
              >
                {ids.map((id) => {
                  const o = name.get(Number(id));
                  const label = o ? `${o.letter} ${o.name}` : id;
                  return (
                    <Table.Tr key={id}>
                      <Table.Td>{label}</Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={t('ajs.scores', { judge: label })}
                          data={groups(t)}
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
