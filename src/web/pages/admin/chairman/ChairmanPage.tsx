import { Alert, Anchor, Box, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../components/Link.tsx';
import { useCompetition } from '../../../api/queries/competition.ts';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert.tsx';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { useSchedule } from '../../../api/queries/schedule.ts';
import { RoundState } from '../../../shared/roundStates.ts';
import { StaffAccess } from '../StaffAccess.tsx';
import { RoundSupervision } from './RoundSupervision.tsx';
import { CoupleWithdrawal } from './CoupleWithdrawal.tsx';
import { useT } from '../../../i18n/locale.ts';
import { chairmanText } from './text.ts';

/** Rounds the chairman watches: being danced and marked, or computed and waiting to be posted. */
export function currentRounds(items: readonly ScheduleItem[]): ScheduleItem[] {
  return items
    .filter((i) => i.roundState === RoundState.Running || i.roundState === RoundState.Marked)
    .sort((a, b) => a.scheduleIndex - b.scheduleIndex);
}

/** /admin/chairman: the panel's progress, ties at the cut-off, approval of results (spec §2). */
export function ChairmanPage() {
  const t = useT(chairmanText);
  return (
    <StaffAccess role="Chairman" title={t('title')} path="/admin/chairman">
      {() => <ChairmanScreen />}
    </StaffAccess>
  );
}

function ChairmanScreen() {
  const t = useT(chairmanText);
  const { data, isError, error, key } = useSchedule({ followClock: true });
  const { competition } = useCompetition();
  const requireApproval = competition?.requireApproval ?? false;
  const rounds = currentRounds(data?.items ?? []);
  return (
    <Box p="md" maw={1200}>
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={1} size="h2">
          {t('heading')}
        </Title>
        <Anchor component={Link} to="/admin/chairman/judging-report">
          {t('reportLink')}
        </Anchor>
      </Group>
      <Alert color={requireApproval ? 'blue' : 'gray'} variant="light" mb="md" data-testid="approval-rule">
        <Text size="sm">{requireApproval ? t('approval.required') : t('approval.optional')}</Text>
      </Alert>
      {isError && <ApiErrorAlert error={error} title={t('schedule.error')} />}
      {!data && !isError && <Skeleton h={300} aria-label={t('schedule.loading')} />}
      {data && rounds.length === 0 && (
        <Alert color="gray" title={t('noRound.title')}>
          <Text size="sm">{t('noRound.text')}</Text>
        </Alert>
      )}
      {key && (
        <Stack gap="md">
          {rounds.map((r) => (
            <RoundSupervision
              key={r.roundId}
              competitionKey={key}
              item={r}
              requireApproval={requireApproval}
            />
          ))}
          <CoupleWithdrawal competitionKey={key} />
        </Stack>
      )}
    </Box>
  );
}
