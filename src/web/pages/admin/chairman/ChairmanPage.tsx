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

/** Rounds the chairman watches: being danced and marked, or computed and waiting to be posted. */
export function currentRounds(items: readonly ScheduleItem[]): ScheduleItem[] {
  return items
    .filter((i) => i.roundState === RoundState.Running || i.roundState === RoundState.Marked)
    .sort((a, b) => a.scheduleIndex - b.scheduleIndex);
}

/** /admin/chairman: the panel's progress, ties at the cut-off, approval of results (spec §2). */
export function ChairmanPage() {
  return (
    <StaffAccess role="Chairman" title="Chairman" path="/admin/chairman">
      {() => <ChairmanScreen />}
    </StaffAccess>
  );
}

function ChairmanScreen() {
  const { data, isError, error, key } = useSchedule({ followClock: true });
  const { competition } = useCompetition();
  const requireApproval = competition?.requireApproval ?? false;
  const rounds = currentRounds(data?.items ?? []);
  return (
    <Box p="md" maw={1200}>
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={1} size="h2">
          Chairman of judges
        </Title>
        <Anchor component={Link} to="/admin/chairman/judging-report">
          Judging report
        </Anchor>
      </Group>
      <Alert color={requireApproval ? 'blue' : 'gray'} variant="light" mb="md" data-testid="approval-rule">
        <Text size="sm">
          {requireApproval
            ? 'This competition requires your approval: a computed result can be posted only once you approve it.'
            : 'Approval is not required at this competition: results can be posted without it. You may still sign off each result here.'}
        </Text>
      </Alert>
      {isError && <ApiErrorAlert error={error} title="The running order could not load" />}
      {!data && !isError && <Skeleton h={300} aria-label="Loading the running order" />}
      {data && rounds.length === 0 && (
        <Alert color="gray" title="No round on the floor">
          <Text size="sm">
            Rounds appear here once the scrutineer or deck captain starts them, with each judge&apos;s
            progress.
          </Text>
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
