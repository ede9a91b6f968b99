import { formatShortDay } from '../../../components/format.ts';
import { Alert, Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { AnnouncementRecord } from '../../../../domain/schemas/mailings.ts';
import { formatTime, type ClockFormat } from '../../../../domain/time.ts';
import type { Locale } from '../../../../domain/i18n/locales.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { messagesText } from './text.ts';

/** "30 Oct 3:45 PM". */
const sentWhen = (a: AnnouncementRecord, timeZone: string, clock: ClockFormat, locale: Locale) =>
  `${formatShortDay(a.createdAt, timeZone, undefined, locale)} ${formatTime(a.createdAt, timeZone, clock, false, locale)}`;

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
  const t = useT(messagesText);
  const locale = useLocale();
  if (announcements.length === 0)
    return (
      <Alert color="blue" title={t('history.none.title')}>
        {t('history.none.text')}
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
                  {t('history.sent', {
                    audience: a.audienceLabel,
                    when: sentWhen(a, timeZone, clock, locale),
                    by: a.createdBy,
                  })}
                </Text>
              </Stack>
              <Group gap={6} wrap="wrap">
                <Badge variant="light" color="gray">
                  {t('history.recipients', { count: a.recipients })}
                </Badge>
                <Badge variant="light" color="green">
                  {t('history.delivered', { count: a.delivered })}
                </Badge>
                {a.failed > 0 && (
                  <Badge variant="light" color="red">
                    {t('history.failed', { count: a.failed })}
                  </Badge>
                )}
                {a.pending > 0 && (
                  <Badge variant="light" color="blue">
                    {t('history.waiting', { count: a.pending })}
                  </Badge>
                )}
                {a.unsent > 0 && (
                  <Badge variant="light" color="orange">
                    {t('history.unsent', { count: a.unsent })}
                  </Badge>
                )}
              </Group>
            </Group>
            {a.failures.length > 0 && (
              <List size="sm" spacing={2} aria-label={t('history.failures', { subject: a.subject })}>
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
