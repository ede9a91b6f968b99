import { Alert, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Schedule, ScheduleConflicts as Conflicts } from '../../../../domain/schemas/events.ts';
import { scheduleConflictsQuery } from '../../../api/queries/schedule.ts';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert.tsx';
import { useT } from '../../../i18n/locale.ts';
import { scheduleText, type ScheduleT } from './text.ts';
import { useRoundName } from './words.ts';

type Conflict = Conflicts['conflicts'][number];

/** "Gold Latin — Final (Studio B)": a round as the organizer knows it, with its floor when there are several. */
export function roundLabel(
  schedule: Schedule,
  roundId: string,
  roundName: (name: string) => string = (name) => name,
): string {
  const item = schedule.items.find((i) => i.roundId === roundId);
  if (!item) return roundId;
  const floor = schedule.floors.length > 1 ? ` (${item.floor})` : '';
  return `${item.eventName} — ${roundName(item.roundName)}${floor}`;
}

/** What is wrong, in the organizer's words. */
export function conflictWords(t: ScheduleT, c: Conflict, minRest: number): string {
  return c.kind === 'overlap'
    ? t('conflict.overlap', { minutes: c.minutes })
    : t('conflict.rest', { minutes: c.minutes, minRest });
}

/**
 * The schedule's conflicts, read again whenever the schedule, the entries or the minimum rest change
 * (see scheduleConflictsQuery).
 */
export function useScheduleConflicts(
  competitionKey: string | undefined,
  schedule: Schedule | undefined,
  minRestMinutes: number | undefined,
) {
  // Estimates move while a round runs late without the version changing: the times count too.
  const times = useMemo(
    () => schedule?.items.map((i) => `${i.estimatedStart}-${i.estimatedEnd}`).join() ?? '',
    [schedule?.items],
  );
  return useQuery({
    ...scheduleConflictsQuery(competitionKey, [schedule?.version, times, minRestMinutes]),
    enabled: competitionKey !== undefined && schedule !== undefined,
    placeholderData: (previous) => previous,
  });
}

/** The rounds in at least one conflict, to mark them on the time line. */
export const roundsInConflict = (data: Conflicts | undefined): ReadonlySet<string> =>
  new Set(data?.conflicts.flatMap((c) => c.rounds) ?? []);

/**
 * Every dancer the schedule puts in two rounds at once, or with less rest than the
 * competition's minimum, with the rounds and by how much.
 */
export function ScheduleConflicts({
  schedule,
  query: { data, error, isError },
}: {
  schedule: Schedule;
  query: ReturnType<typeof useScheduleConflicts>;
}) {
  const t = useT(scheduleText);
  const roundName = useRoundName();
  if (isError) return <ApiErrorAlert error={error} title={t('conflicts.error')} />;
  if (!data) return null;
  const { conflicts } = data;
  if (conflicts.length === 0) {
    return (
      <Alert color="teal" title={t('conflicts.noneTitle')} data-testid="schedule-conflicts">
        {data.minRestMinutes > 0
          ? t('conflicts.noneWithRest', { minutes: data.minRestMinutes })
          : t('conflicts.none')}
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      title={t('conflicts.title', { count: conflicts.length })}
      data-testid="schedule-conflicts"
    >
      <Text size="sm" mb="xs">
        {t('conflicts.note')}
      </Text>
      <List size="sm" spacing={4}>
        {conflicts.map((c) => (
          <List.Item key={`${c.personName}|${c.rounds.join('|')}`} data-testid="conflict">
            <b>{c.personName}</b> —{' '}
            {t('conflicts.item', {
              what: conflictWords(t, c, data.minRestMinutes),
              first: roundLabel(schedule, c.rounds[0], roundName),
              second: roundLabel(schedule, c.rounds[1], roundName),
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
