import { formatShortDay } from '../../../components/format.ts';
import { Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import type { MessageStatus, OutboxList, OutboxMessage } from '../../../../domain/schemas/outbox.ts';
import { call } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { messagesQuery } from '../../../api/queries/messages.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { ActionsCell, actionsColumn, DataTable } from '../../../components/DataTable.tsx';
import { dateFormat, safeZone } from '../../../components/format.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import type { Translate } from '../../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../../domain/i18n/locales.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { messagesText } from './text.ts';

type MessagesT = Translate<NonNullable<(typeof messagesText)['keys']>>;

/** Each status's badge colour, the same everywhere; its words are `status.<status>`. */
const STATUS_COLOR: Record<MessageStatus, string> = {
  sent: 'green',
  pending: 'blue',
  failed: 'red',
  unsent: 'gray',
};

/** "28 Nov 14:05": the day, and the time in the competition's zone. */
function when(instant: string, timeZone: string, locale: Locale): string {
  const time = dateFormat({
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: safeZone(timeZone),
  });
  return `${formatShortDay(instant, timeZone, undefined, locale)} ${time.format(new Date(instant))}`;
}

const FILTERS: readonly (MessageStatus | 'all')[] = ['all', 'pending', 'sent', 'failed', 'unsent'];

function filterLabel(
  t: MessagesT,
  filter: MessageStatus | 'all',
  counts: OutboxList['counts'] | undefined,
): string {
  const name = t(`filter.${filter}`);
  if (!counts) return name;
  const n = filter === 'all' ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[filter];
  return t('filter.count', { name, count: n });
}

/** What became of a message: its badge and, when it did not go, why. */
function StatusCell({ message }: { message: OutboxMessage }) {
  const t = useT(messagesText);
  return (
    <Stack gap={2}>
      <Badge color={STATUS_COLOR[message.status]} variant="light" w="fit-content" miw="max-content">
        {t(`status.${message.status}`)}
      </Badge>
      {message.status === 'unsent' && (
        <Text size="xs" c="dimmed">
          {t('list.noMailServer')}
        </Text>
      )}
      {message.status === 'failed' && message.lastError && (
        <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
          {message.lastError}
        </Text>
      )}
      {message.status === 'pending' && message.lastError && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('list.retrying', { count: message.attempts, error: message.lastError })}
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
  const t = useT(messagesText);
  const locale = useLocale();
  const [filter, setFilter] = useState<MessageStatus | 'all'>('all');
  const query = useInfiniteQuery(messagesQuery(competitionKey, filter === 'all' ? null : filter));
  const pages = query.data?.pages;
  const messages = pages?.flatMap((p) => p.messages);
  const counts = pages?.[0]?.counts;
  const retry = useCommand({
    run: (m: OutboxMessage) =>
      call(endpoints.postMessagesRetry, { key: competitionKey, messageId: m.id }, {}),
    refresh: [competitionQueryKey(competitionKey, 'messages')],
    success: (_r, m) => ({
      title: t('list.retry.title'),
      message: t('list.retry.message', { subject: m.subject, to: m.to }),
    }),
    failureTitle: (m) => t('list.retry.failed', { subject: m.subject, to: m.to }),
  });
  const sendUnsent = useCommand({
    run: () => call(endpoints.postMessagesSendUnsent, { key: competitionKey }, {}),
    refresh: [competitionQueryKey(competitionKey, 'messages')],
    success: (r) => ({
      title: t('list.sendUnsent.title'),
      message: t('list.sendUnsent.message', { count: r.count }),
    }),
    failureTitle: () => t('list.sendUnsent.failed'),
  });
  const [confirm, confirmDialog] = useConfirm();
  const unsent = counts?.unsent ?? 0;
  const askSendUnsent = async () => {
    const yes = await confirm({
      title: t('list.sendUnsent.ask', { count: unsent }),
      message: t('list.sendUnsent.askText', { count: unsent }),
      confirmLabel: t('list.sendUnsent.confirm', { count: unsent }),
    });
    if (yes) await sendUnsent.run();
  };

  return (
    <Stack gap="sm" component="section" aria-label={t('list.label')}>
      <SegmentedControl
        aria-label={t('list.show')}
        w="fit-content"
        maw="100%"
        style={{ overflowX: 'auto' }}
        value={filter}
        onChange={(v) => setFilter(v as MessageStatus | 'all')}
        data={FILTERS.map((f) => ({ value: f, label: filterLabel(t, f, counts) }))}
      />
      {unsent > 0 && (
        <Group>
          <Button variant="light" onClick={() => void askSendUnsent()} loading={sendUnsent.busy}>
            {t('list.sendUnsent.button', { count: unsent })}
          </Button>
        </Group>
      )}
      {confirmDialog}
      {query.isError && <ApiErrorAlert error={query.error} title={t('list.loadFailed')} />}
      <CommandError command={retry} />
      <CommandError command={sendUnsent} />
      {!messages && !query.isError && <Skeleton h={200} aria-label={t('list.loading')} />}
      {messages && messages.length === 0 && (
        <Text size="sm" c="dimmed">
          {filter === 'all' ? t('list.empty') : t(`list.empty.${filter}`)}
        </Text>
      )}
      {messages && messages.length > 0 && (
        <Paper withBorder radius="md">
          <DataTable
            cards
            striped
            verticalSpacing={6}
            aria-label={t('list.table')}
            columns={[
              t('column.when'),
              t('column.kind'),
              t('column.to'),
              t('column.subject'),
              t('column.status'),
              actionsColumn,
            ]}
          >
            {messages.map((m) => (
              <Table.Tr key={m.id} data-testid={`message-${m.id}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{when(m.sentAt ?? m.createdAt, timeZone, locale)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`kind.${m.kind}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {m.toName ? t('list.toNamed', { name: m.toName, to: m.to }) : m.to}
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
                      aria-label={t('list.sendAgainFor', { subject: m.subject, to: m.to })}
                      onClick={() => void retry.run(m)}
                      disabled={retry.busy}
                    >
                      {t('list.sendAgain')}
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
            {t('list.older')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
