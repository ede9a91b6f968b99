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
import { competitorsText } from './text.ts';
import { useT } from '../../../i18n/locale.ts';

/** Day-of entries (spec §3 placeholder): a couple dances now and is named later. */
export function AdhocSection({ competitionKey, entries }: { competitionKey: string; entries: AdhocEntry[] }) {
  const t = useT(competitorsText);
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
    success: (e) => ({ message: t('adhoc.added', { number: e.leadNumber, event: e.eventName }) }),
    onSuccess: () => {
      setLeadName('');
      setFollowName('');
    },
  });
  const remove = useCommand({
    run: (id: number) => call(endpoints.deleteEntriesOne, { key: competitionKey, entryId: id }),
    refresh,
    success: () => ({ message: t('adhoc.removed') }),
  });
  return (
    // Its table is wider than a phone: it scrolls inside this frame, never the page (docs/ui.md).
    <Paper withBorder radius="md" p="md" style={{ overflowX: 'auto' }}>
      <Title order={2} size="h4">
        {t('adhoc.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('adhoc.lead')}
      </Text>
      <Group align="flex-end" gap="sm" mb="sm">
        <Select
          label={t('adhoc.event')}
          placeholder={t('adhoc.choose')}
          {...eventChoices(events)}
          value={eventKey}
          onChange={setEventKey}
          w={260}
        />
        <TextInput label={t('adhoc.leadName')} {...textValue(leadName, setLeadName)} />
        <TextInput label={t('adhoc.followName')} {...textValue(followName, setFollowName)} />
        <Button disabled={!eventKey} loading={add.busy} onClick={() => void add.run()}>
          {t('adhoc.add')}
        </Button>
      </Group>
      <CommandError command={add} title={t('adhoc.notAdded')} />
      <CommandError command={remove} title={t('adhoc.notRemoved')} />
      {entries.length > 0 && (
        <DataTable
          cards
          fz="sm"
          verticalSpacing={4}
          aria-label={t('adhoc.table')}
          columns={[
            t('col.number'),
            t('col.event'),
            t('col.lead'),
            t('col.follow'),
            t('col.team'),
            actionsColumn,
          ]}
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
                  {t('adhoc.remove')}
                </Button>
              </ActionsCell>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Paper>
  );
}
