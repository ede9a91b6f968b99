import { Button, Group, Paper, Select, Table, Text, TextInput, Title } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { useEvents } from '../../../api/queries/events.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { CommandError } from '../../../components/ApiErrorAlert.tsx';
import { ActionsCell, actionsColumn, DataTable } from '../../../components/DataTable.tsx';
import type { AdhocEntry } from '../../../../domain/schemas/registration.ts';
import { entriesKey, eventChoices } from './entriesKey.ts';
import { textValue } from '../../../components/textValue.ts';

/** Day-of entries (spec §3 placeholder): a couple dances now and is named later. */
export function AdhocSection({ competitionKey, entries }: { competitionKey: string; entries: AdhocEntry[] }) {
  const { events } = useEvents();
  const [eventKey, setEventKey] = useState<string | null>(null);
  const [leadName, setLeadName] = useState('');
  const [followName, setFollowName] = useState('');
  const refresh = [entriesKey(competitionKey)];
  const add = useCommand({
    run: () =>
      call(
        endpoints.postEntriesAdhoc,
        { key: competitionKey },
        {
          // The button is disabled until an event is chosen.
          eventKey: eventKey!,
          ...(leadName.trim() ? { leadName } : {}),
          ...(followName.trim() ? { followName } : {}),
        },
      ),
    refresh,
    success: (e) => ({ message: `Ad hoc couple ${e.leadNumber} added to ${e.eventName}.` }),
    onSuccess: () => {
      setLeadName('');
      setFollowName('');
    },
  });
  const remove = useCommand({
    run: (id: number) => call(endpoints.deleteEntriesOne, { key: competitionKey, entryId: id }),
    refresh,
    success: () => ({ message: 'Ad hoc entry removed.' }),
  });
  return (
    // Its table is wider than a phone: it scrolls inside this frame, never the page (docs/ui.md).
    <Paper withBorder radius="md" p="md" style={{ overflowX: 'auto' }}>
      <Title order={2} size="h4">
        Ad hoc day-of entries
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A couple who turns up unregistered can dance now: names default to “dummy”, team to “Other” and the
        number to 999 (the next free number from 999 if taken). Give them their names when you have them;
        registered couples are added with “Add competitor”.
      </Text>
      <Group align="flex-end" gap="sm" mb="sm">
        <Select
          label="Event"
          placeholder="Choose"
          {...eventChoices(events)}
          value={eventKey}
          onChange={setEventKey}
          w={260}
        />
        <TextInput label="Lead (optional)" {...textValue(leadName, setLeadName)} />
        <TextInput label="Follow (optional)" {...textValue(followName, setFollowName)} />
        <Button disabled={!eventKey} loading={add.busy} onClick={() => void add.run()}>
          Add ad hoc entry
        </Button>
      </Group>
      <CommandError command={add} title="Not added" />
      <CommandError command={remove} title="Not removed" />
      {entries.length > 0 && (
        <DataTable
          cards
          fz="sm"
          verticalSpacing={4}
          aria-label="Ad hoc entries"
          columns={['Number', 'Event', 'Lead', 'Follow', 'Team', actionsColumn]}
        >
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{e.leadNumber}</Table.Td>
              <Table.Td>{e.eventName}</Table.Td>
              <Table.Td>{e.leadName}</Table.Td>
              <Table.Td>{e.followName}</Table.Td>
              <Table.Td>{e.affiliation}</Table.Td>
              <ActionsCell>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove.run(e.id)}>
                  Remove
                </Button>
              </ActionsCell>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Paper>
  );
}
