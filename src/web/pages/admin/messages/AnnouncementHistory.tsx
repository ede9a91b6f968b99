import { Alert, Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { AnnouncementRecord } from '../../../../domain/schemas/mailings.ts';
import { counted } from '../../../../domain/words.ts';
import { formatTime, type ClockFormat } from '../../../../domain/time.ts';
import { formatShortDay } from '../../../components/format.ts';
import { currentLocale } from '../../../i18n/locale.ts';

/** "Sent 30 Oct 3:45 PM by Ada Admin". */
const sentWhen = (a: AnnouncementRecord, timeZone: string, clock: ClockFormat) =>
  `${formatShortDay(a.createdAt, timeZone, undefined, currentLocale())} ${formatTime(a.createdAt, timeZone, clock)}`;

/**
 * The announcements sent, newest first: to whom, when and by whom, and how their messages fared —
 * delivered, failed (each failing address with the mail server's reason), waiting or not sent.
 */
export function AnnouncementHistory({
  announcements,
  timeZone,
  clock,
}: {
  announcements: readonly AnnouncementRecord[];
  timeZone: string;
  clock: ClockFormat;
}) {
  if (announcements.length === 0)
    return (
      <Alert color="blue" title="No announcements yet">
        Write one above: it goes to every dancer, one event’s or one team’s.
      </Alert>
    );
  return (
    <Stack gap="sm">
      {announcements.map((a) => (
        <Paper withBorder p="sm" key={a.id} component="article" aria-label={a.subject}>
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {a.subject}
                </Text>
                <Text size="sm" c="dimmed">
                  {a.audienceLabel} · {sentWhen(a, timeZone, clock)} · by {a.createdBy}
                </Text>
              </Stack>
              <Group gap={6} wrap="wrap">
                <Badge variant="light" color="gray">
                  {counted(a.recipients, 'recipient')}
                </Badge>
                <Badge variant="light" color="green">
                  {a.delivered} delivered
                </Badge>
                {a.failed > 0 && (
                  <Badge variant="light" color="red">
                    {a.failed} failed
                  </Badge>
                )}
                {a.pending > 0 && (
                  <Badge variant="light" color="blue">
                    {a.pending} waiting
                  </Badge>
                )}
                {a.unsent > 0 && (
                  <Badge variant="light" color="orange">
                    {a.unsent} not sent: no mail server
                  </Badge>
                )}
              </Group>
            </Group>
            {a.failures.length > 0 && (
              <List size="sm" spacing={2} aria-label={`Failed deliveries of ${a.subject}`}>
                {a.failures.map((f) => (
                  <List.Item key={f.to} style={{ overflowWrap: 'anywhere' }}>
                    {f.to}: {f.reason}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
