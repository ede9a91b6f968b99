/** What the MC announces next: the rounds on the floor and coming up, with their couples. */
import { Box, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert.tsx';
import { useSchedule } from '../../../api/queries/schedule.ts';
import { comingUp } from './announce.ts';
import { big } from './largeType.ts';
import { DEFAULT_CLOCK, formatTime, type ClockFormat } from '../../../../domain/time.ts';
import { onFollowedFloor } from '../../../components/FloorChooser.tsx';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { mcText } from './text.ts';

export function ComingUp({
  timeZone,
  clock,
  floor = null,
}: {
  timeZone: string | undefined;
  clock: ClockFormat | undefined;
  /** Only this floor's rounds; null: every floor, each round saying its floor. */
  floor?: string | null;
}) {
  const t = useT(mcText);
  const { data, isError, error } = useSchedule({ followClock: true });
  if (isError) return <ApiErrorAlert error={error} title={t('schedule.error')} />;
  if (!data) return <Skeleton h={160} aria-label={t('schedule.loading')} />;
  const { onFloor, next } = comingUp(data.items.filter(onFollowedFloor(floor)));
  const sayFloor = floor === null && data.floors.length > 1;
  // A first round not started yet dances the event's entries; a later round's couples are named
  // only once the round before is posted (a recall size is not a list the MC can announce).
  const expected = (r: ScheduleItem) => (r.expectedFrom === 'recall' ? 0 : r.expectedCouples);
  const line = (r: ScheduleItem, first?: boolean) => (
    <RoundLine
      key={r.roundId}
      r={r}
      couples={expected(r)}
      timeZone={timeZone}
      clock={clock}
      first={first}
      sayFloor={sayFloor}
    />
  );
  return (
    <Paper withBorder p="sm" data-testid="mc-coming-up">
      {onFloor.length > 0 && (
        <Stack gap={4} mb="sm" data-testid="mc-on-floor">
          <Title order={2} fz={big.body}>
            {t('onFloor')}
          </Title>
          {onFloor.map((r) => line(r))}
        </Stack>
      )}
      <Title order={2} fz={big.body} mb={4}>
        {t('comingUp')}
      </Title>
      {next.length === 0 ? (
        <Text fz={big.body} c="dimmed">
          {t('nothingElse')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="mc-next">
          {next.map((r, i) => line(r, i === 0))}
        </Stack>
      )}
    </Paper>
  );
}

export function RoundLine({
  r,
  couples: count,
  timeZone,
  clock,
  first,
  sayFloor = false,
}: {
  r: ScheduleItem;
  couples: number;
  timeZone: string | undefined;
  clock: ClockFormat | undefined;
  first?: boolean;
  sayFloor?: boolean;
}) {
  const t = useT(mcText);
  const ts = useT(sportText);
  const locale = useLocale();
  const at = r.estimatedStart ?? r.roundStartTime;
  // No time until the competition (its zone and clock) is known, rather than the browser's clock.
  const time = at && timeZone ? formatTime(at, timeZone, clock ?? DEFAULT_CLOCK, false, locale) : null;
  const couples = count > 0 ? t('round.couples', { count }) : t('round.couplesLater');
  // An Awards or a Break has no round and no couples: its name, time and floor.
  const what =
    r.kind === 'round'
      ? [
          `${roundLabel(ts, r.roundName)} · ${r.heats > 1 ? t('round.heats', { couples, heats: r.heats }) : couples}`,
        ]
      : [];
  const line = [...what, ...(time ? [time] : []), ...(sayFloor ? [r.floor] : [])].join(' · ');
  return (
    <Box data-testid="mc-round">
      <Text fz={first ? big.heading : big.body} fw={700} lh={1.25}>
        {r.eventName}
      </Text>
      {line && <Text fz={big.body}>{line}</Text>}
    </Box>
  );
}
