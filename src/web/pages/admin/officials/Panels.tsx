import { Checkbox, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/client.ts';
import { paths } from '../../../api/paths.ts';
import { panelsQuery } from '../../../api/queries/events.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import type { AdminOfficial, Panel } from '../../../api/types.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';

/** Each event's judge panel: every judge unless some are unticked. */
export function Panels({
  competitionKey,
  officials,
}: {
  competitionKey: string;
  officials: AdminOfficial[];
}) {
  const { data: panels, isError, error } = useQuery(panelsQuery(competitionKey));
  /** A panel that cannot be sent (no judge left), said before asking the server. */
  const [invalid, setInvalid] = useState<string | null>(null);
  const judges = officials.filter((o) => o.role === 'Judge').sort((a, b) => a.letter.localeCompare(b.letter));

  const save = useCommand({
    run: ({ p, next }: { p: Panel; next: number[] }) =>
      api.put(paths.eventPanel(competitionKey, p.eventKey), { officialIds: next, version: p.version }),
    success: (_, { p, next }) => ({
      title: 'Panel saved',
      message: `${p.eventName}: ${judges
        .filter((j) => next.includes(j.id))
        .map((j) => j.letter)
        .join(' ')}`,
    }),
    refresh: [competitionQueryKey(competitionKey, 'events')],
  });

  const toggle = (p: Panel, judgeId: number) => {
    const next = p.officialIds.includes(judgeId)
      ? p.officialIds.filter((id) => id !== judgeId)
      : [...p.officialIds, judgeId];
    if (next.length === 0) {
      save.reset();
      setInvalid(`${p.eventName} needs at least one judge.`);
      return;
    }
    setInvalid(null);
    void save.run({ p, next });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="panels-title">
      <Title order={2} size="h3" id="panels-title">
        Judge panels
      </Title>
      <Text size="sm" c="dimmed">
        Every event is judged by all judges unless you untick some here.
      </Text>
      {isError && <ApiErrorAlert error={error} title="The panels could not load" />}
      {invalid !== null && <ApiErrorAlert error={null} message={invalid} />}
      <CommandError command={save} title="Not saved" />
      {judges.length === 0 && <Text size="sm">Add judges first.</Text>}
      {panels && judges.length > 0 && panels.length === 0 && (
        <Text size="sm">
          No events yet — create them on the Events screen, then choose each event&apos;s judges here.
        </Text>
      )}
      {panels && judges.length > 0 && panels.length > 0 && (
        // One column per judge: the table scrolls inside its frame, never the page (docs/ui.md).
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table stickyHeader striped verticalSpacing={4} aria-label="Judge panels">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                {judges.map((j) => (
                  <Table.Th key={j.id} ta="center" title={j.name}>
                    {j.letter}
                  </Table.Th>
                ))}
                <Table.Th>Panel</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {panels.map((p) => (
                <Table.Tr key={p.eventKey}>
                  <Table.Td>{p.eventName}</Table.Td>
                  {judges.map((j) => (
                    <Table.Td key={j.id} ta="center">
                      <Checkbox
                        style={{ display: 'inline-block' }}
                        aria-label={`${j.name} (${j.letter}) judges ${p.eventName}`}
                        checked={p.officialIds.includes(j.id)}
                        onChange={() => toggle(p, j.id)}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Text size="sm" c={p.isDefault ? 'dimmed' : undefined}>
                      {p.isDefault ? 'All judges' : p.letters.join(' ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
