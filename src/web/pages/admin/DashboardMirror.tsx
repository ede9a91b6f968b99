import { Box, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MirrorStatus } from '../../../domain/schemas/mirror.ts';
import { formatTime, type ClockFormat } from '../../../domain/time.ts';
import { mirrorQuery } from '../../api/queries/competition.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { adminShellText } from './shell/text.ts';

/**
 * How often the card asks again while there is a link: the link goes offline, comes back and catches
 * up without a word on the feed, and the stream does not re-read a competition run here on every
 * change (realtime/feed.ts), so the changes and seconds behind are at most this old.
 */
export const MIRROR_REFRESH_MS = 5_000;

type Link = NonNullable<MirrorStatus['link']>;

const DOT: Record<'connected' | 'behind' | 'offline', string> = {
  connected: 'green.7',
  behind: 'yellow.6',
  offline: 'red.7',
};

/**
 * At the venue, its link to the public site for this competition (docs/mirror.md): connected and how far
 * behind, or offline since when with how many changes waiting. Nothing when it mirrors nothing.
 */
export function DashboardMirror({
  competitionKey,
  timeZone,
  clock,
}: {
  competitionKey: string | undefined;
  timeZone: string;
  clock: ClockFormat;
}) {
  const t = useT(adminShellText);
  const locale = useLocale();
  const { data } = useQuery({
    ...mirrorQuery(competitionKey),
    refetchInterval: (query) => (query.state.data?.link ? MIRROR_REFRESH_MS : false),
  });
  const link = data?.link;
  if (!link) return null;
  const kind = linkKind(link);
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      radius="md"
      aria-label={t('dashboard.mirror.title')}
      data-testid="dashboard-mirror"
      data-state={kind}
    >
      <Group gap="xs" wrap="nowrap" align="center">
        <Box w={10} h={10} bg={DOT[kind]} style={{ borderRadius: '50%', flex: 'none' }} aria-hidden="true" />
        <Text fw={600}>
          {kind === 'offline'
            ? t('dashboard.mirror.offline', {
                time: formatTime(link.since, timeZone, clock, false, locale),
                behind: link.behind,
              })
            : kind === 'behind'
              ? t('dashboard.mirror.behind', { behind: link.behind, seconds: link.behindSeconds })
              : t('dashboard.mirror.connected', { behind: link.behind })}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {t('dashboard.mirror.lead')}
      </Text>
    </Paper>
  );
}

function linkKind(link: Link): 'connected' | 'behind' | 'offline' {
  if (link.state === 'offline') return 'offline';
  return link.behind > 0 ? 'behind' : 'connected';
}
