import { Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import type {
  MessageKindName,
  MessageStatus,
  OutboxList,
  OutboxMessage,
} from '../../../../domain/schemas/outbox.ts';
import { call } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { messagesQuery } from '../../../api/queries/messages.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { ActionsCell, actionsColumn, DataTable } from '../../../components/DataTable.tsx';
import { dateFormat, formatShortDay, safeZone } from '../../../components/format.ts';
import { currentLocale } from '../../../i18n/locale.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { counted } from '../../../../domain/words.ts';

const KIND_LABEL: Record<MessageKindName, string> = {
  confirmation: 'Confirmation',
  entries_changed: 'Entries changed',
  recovery: 'Entry link',
  your_day: 'Your day',
  results: 'Results',
  announcement: 'Announcement',
};

/** Each status in the organizer's words, with the colour its badge has everywhere. */
const STATUS: Record<MessageStatus, { label: string; color: string }> = {
  sent: { label: 'sent', color: 'green' },
  pending: { label: 'waiting', color: 'blue' },
  failed: { label: 'failed', color: 'red' },
  unsent: { label: 'not sent', color: 'gray' },
};

/** "28 Nov 14:05": the day, and the time in the competition's zone. */
function when(instant: string, timeZone: string): string {
  const time = dateFormat({
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: safeZone(timeZone),
  });
  return `${formatShortDay(instant, timeZone, undefined, currentLocale())} ${time.format(new Date(instant))}`;
}

const FILTERS: readonly (MessageStatus | 'all')[] = ['all', 'pending', 'sent', 'failed', 'unsent'];

function filterLabel(filter: MessageStatus | 'all', counts: OutboxList['counts'] | undefined): string {
  const name = filter === 'all' ? 'All' : STATUS[filter].label.replace(/^./, (c) => c.toUpperCase());
  if (!counts) return name;
  const n = filter === 'all' ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[filter];
  return `${name} (${n})`;
}

/** What became of a message: its badge and, when it did not go, why. */
function StatusCell({ message }: { message: OutboxMessage }) {
  const { label, color } = STATUS[message.status];
  return (
    <Stack gap={2}>
      <Badge color={color} variant="light" w="fit-content">
        {label}
      </Badge>
      {message.status === 'unsent' && (
        <Text size="xs" c="dimmed">
          No mail server configured
        </Text>
      )}
      {message.status === 'failed' && message.lastError && (
        <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
          {message.lastError}
        </Text>
      )}
      {message.status === 'pending' && message.lastError && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {`Tried ${message.attempts} ${message.attempts === 1 ? 'time' : 'times'}, trying again: ${message.lastError}`}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Admin → Messages: every email the server wrote for this competition, newest first, with what became
 * of it (sent, waiting, failed with the mail server's answer, not sent because no mail server is
 * configured). A failed or unsent message can be sent again, and every unsent one at once.
 */
export function MessageList({ competitionKey, timeZone }: { competitionKey: string; timeZone: string }) {
  const [filter, setFilter] = useState<MessageStatus | 'all'>('all');
  const query = useInfiniteQuery(messagesQuery(competitionKey, filter === 'all' ? null : filter));
  const pages = query.data?.pages;
  const messages = pages?.flatMap((p) => p.messages);
  const counts = pages?.[0]?.counts;
  const retry = useCommand({
    run: (m: OutboxMessage) =>
      call(endpoints.postMessagesRetry, { key: competitionKey, messageId: m.id }, {}),
    refresh: [competitionQueryKey(competitionKey, 'messages')],
    success: (_r, m) => ({ title: 'Sending again', message: `${m.subject} to ${m.to}` }),
    failureTitle: (m) => `${m.subject} to ${m.to} was not sent again`,
  });
  const sendUnsent = useCommand({
    run: () => call(endpoints.postMessagesSendUnsent, { key: competitionKey }, {}),
    refresh: [competitionQueryKey(competitionKey, 'messages')],
    success: (r) => ({ title: 'Sending', message: `${counted(r.count, 'message')} on the way.` }),
    failureTitle: () => 'The messages kept unsent did not go',
  });
  const [confirm, confirmDialog] = useConfirm();
  const unsent = counts?.unsent ?? 0;
  const askSendUnsent = async () => {
    const messages = counted(unsent, 'message');
    const yes = await confirm({
      title: `Send ${messages} not sent?`,
      message: `${unsent === 1 ? 'It was' : 'They were'} written while no mail server was configured. Each goes once, to the address it was written for, as it was written then.`,
      confirmLabel: `Send ${messages}`,
    });
    if (yes) await sendUnsent.run();
  };

  return (
    <Stack gap="sm" component="section" aria-label="Messages sent">
      <SegmentedControl
        aria-label="Show messages"
        w="fit-content"
        maw="100%"
        style={{ overflowX: 'auto' }}
        value={filter}
        onChange={(v) => setFilter(v as MessageStatus | 'all')}
        data={FILTERS.map((f) => ({ value: f, label: filterLabel(f, counts) }))}
      />
      {unsent > 0 && (
        <Group>
          <Button variant="light" onClick={() => void askSendUnsent()} loading={sendUnsent.busy}>
            {`Send all not sent (${unsent})`}
          </Button>
        </Group>
      )}
      {confirmDialog}
      {query.isError && <ApiErrorAlert error={query.error} title="The messages could not load" />}
      <CommandError command={retry} />
      <CommandError command={sendUnsent} />
      {!messages && !query.isError && <Skeleton h={200} aria-label="Loading the messages" />}
      {messages && messages.length === 0 && (
        <Text size="sm" c="dimmed">
          {filter === 'all'
            ? 'No message yet. Confirmations and entry links appear here as couples register.'
            : `No message is ${STATUS[filter].label} now.`}
        </Text>
      )}
      {messages && messages.length > 0 && (
        <Paper withBorder radius="md">
          <DataTable
            cards
            striped
            verticalSpacing={6}
            aria-label="Messages"
            columns={['When', 'Kind', 'To', 'Subject', 'Status', actionsColumn]}
          >
            {messages.map((m) => (
              <Table.Tr key={m.id} data-testid={`message-${m.id}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{when(m.sentAt ?? m.createdAt, timeZone)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{KIND_LABEL[m.kind]}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {m.toName ? `${m.toName} <${m.to}>` : m.to}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} maw={360}>
                    {m.subject}
                  </Text>
                </Table.Td>
                <Table.Td maw={320}>
                  <StatusCell message={m} />
                </Table.Td>
                <ActionsCell>
                  {(m.status === 'failed' || m.status === 'unsent') && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={`Send again: ${m.subject} to ${m.to}`}
                      onClick={() => void retry.run(m)}
                      disabled={retry.busy}
                    >
                      Send again
                    </Button>
                  )}
                </ActionsCell>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}
      {query.hasNextPage && (
        <Group>
          <Button
            variant="default"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            Show older messages
          </Button>
        </Group>
      )}
    </Stack>
  );
}
