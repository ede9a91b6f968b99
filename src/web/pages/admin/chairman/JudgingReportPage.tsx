import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  List,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import type { JudgingReport } from '../../../../domain/schemas/judgingReport.ts';
import { isScheduleItem } from '../../../../domain/schemas/events.ts';
import {
  AJS_DROPPED_MIN,
  AJS_MEAN_ALONE,
  DEVIATION_FLOOR,
  FAR_AWAY_MIN,
  FAR_AWAY_PLACES,
  PANEL_FACTOR,
  detailsInWords,
  deviationText,
  systemName,
} from '../../../../domain/judgingReport.ts';
import { counted } from '../../../../domain/words.ts';
import { hrefOf } from '../../../api/client.ts';
import { judgingReportQuery } from '../../../api/queries/results.ts';
import { eventsQuery } from '../../../api/queries/events.ts';
import { useCompetition } from '../../../api/queries/competition.ts';
import { ApiErrorAlert } from '../../../components/ApiErrorAlert.tsx';
import { Link } from '../../../components/Link.tsx';
import { StaffAccess } from '../StaffAccess.tsx';

/** The print sheet of the report, for the same choice of event. */
export const judgingReportSheetHref = (event: string | undefined) =>
  `/print-sheets/judging-report${event ? `?event=${encodeURIComponent(event)}` : ''}`;

/**
 * /admin/chairman/judging-report: for each judge, how far their marks were from the result in every
 * posted round, the judges who stand out flagged with the reasons (docs/judging-report.md). For the
 * chairman (their code) and administrators; never public.
 */
export function JudgingReportPage() {
  return (
    <StaffAccess role="Chairman" title="Judging report" path="/admin/chairman/judging-report">
      {() => <JudgingReportScreen />}
    </StaffAccess>
  );
}

export function JudgingReportScreen() {
  const { key } = useCompetition();
  const [params, setParams] = useSearchParams();
  const event = params.get('event') || undefined;
  const report = useQuery(judgingReportQuery(key, event));
  const events = useQuery(eventsQuery(key));
  const eventOptions = [
    { value: '', label: 'All events' },
    // Breaks and other items of the running order have no judging to report.
    ...(events.data ?? [])
      .filter((e) => !isScheduleItem(e.dances))
      .map((e) => ({ value: e.key, label: e.name })),
  ];
  const flagged = (report.data?.judges ?? []).filter((j) => j.rounds.some((r) => r.flagged));
  return (
    <Box p="md" maw={1200}>
      <Group justify="space-between" align="flex-end" mb="xs" gap="sm">
        <div>
          <Title order={1} size="h2">
            Report on the judging
          </Title>
          <Text size="sm" c="dimmed">
            Each judge&apos;s marks against the result of every posted round. How a judge is flagged is
            explained under the tables.
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/admin/chairman" variant="default">
            Chairman screen
          </Button>
          <Button component={Link} to={judgingReportSheetHref(event)} variant="default">
            Print sheet
          </Button>
          {key && (
            <Button
              component="a"
              href={hrefOf(endpoints.getJudgingReportCsv, { key, event })}
              variant="default"
            >
              Download CSV
            </Button>
          )}
        </Group>
      </Group>
      <Select
        label="Event"
        data={eventOptions}
        value={event ?? ''}
        onChange={(v) => setParams(v ? { event: v } : {}, { replace: true })}
        allowDeselect={false}
        maw={360}
        mb="md"
      />
      {report.isError && <ApiErrorAlert error={report.error} title="The report could not load" />}
      {report.isPending && <Skeleton h={300} aria-label="Loading the report" />}
      {report.data && report.data.judges.length === 0 && (
        <Alert color="gray" title="No posted rounds yet">
          <Text size="sm">The report fills in as the scrutineer posts rounds.</Text>
        </Alert>
      )}
      {report.data && report.data.judges.length > 0 && (
        <Stack gap="md">
          <Alert
            color={flagged.length ? 'orange' : 'green'}
            variant="light"
            title={
              flagged.length
                ? `${counted(flagged.length, 'judge')} flagged: ${flagged.map((j) => `${j.label} (${j.name})`).join(', ')}`
                : 'No judge flagged'
            }
            data-testid="flagged-summary"
          />
          {report.data.judges.map((j) => (
            <JudgeReport key={j.label} judge={j} />
          ))}
          <HowFlagged />
        </Stack>
      )}
    </Box>
  );
}

type ReportJudge = JudgingReport['judges'][number];

function JudgeReport({ judge }: { judge: ReportJudge }) {
  const flaggedRounds = judge.rounds.filter((r) => r.flagged).length;
  const title = judge.label === judge.name ? judge.name : `${judge.label} — ${judge.name}`;
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Judge ${title}`} data-testid="judge-report">
      <Group gap="sm" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {flaggedRounds > 0 ? (
          <Badge color="orange" variant="filled" tt="none">
            ⚑ Flagged in {counted(flaggedRounds, 'round')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" tt="none">
            Not flagged
          </Badge>
        )}
      </Group>
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table withTableBorder fz="sm" miw={760} layout="fixed" aria-label={`Rounds judged by ${title}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="20%">Event</Table.Th>
              <Table.Th w="11%">Round</Table.Th>
              <Table.Th w="10%">System</Table.Th>
              <Table.Th w="10%">Deviation</Table.Th>
              <Table.Th w="10%">Panel median</Table.Th>
              <Table.Th w="9%">Flagged</Table.Th>
              <Table.Th>Reasons and details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {judge.rounds.map((r) => (
              <Table.Tr key={`${r.eventKey}-${r.roundNumber}`} data-flagged={r.flagged}>
                <Table.Td>{r.eventName}</Table.Td>
                <Table.Td>{r.roundName}</Table.Td>
                <Table.Td>{systemName(r.system)}</Table.Td>
                <Table.Td>{deviationText(r.system, r.deviation)}</Table.Td>
                <Table.Td>{deviationText(r.system, r.panelDeviation)}</Table.Td>
                <Table.Td fw={r.flagged ? 700 : undefined}>{r.flagged ? '⚑ Flagged' : 'No'}</Table.Td>
                <Table.Td>
                  {r.reasons.length > 0 && (
                    <List size="sm" fw={600}>
                      {r.reasons.map((reason) => (
                        <List.Item key={reason}>{reason}</List.Item>
                      ))}
                    </List>
                  )}
                  <Text size="xs" c="dimmed">
                    {detailsInWords(r.details)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}

/** The rules the report flags by, in the chairman's words (docs/judging-report.md has the reasons). */
function HowFlagged() {
  return (
    <Paper withBorder p="sm" component="section" aria-label="How a judge is flagged">
      <Title order={2} size="h4" mb="xs">
        How a judge is flagged
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          Skating final: {FAR_AWAY_MIN} or more couples (and at least a quarter of the judge&apos;s places){' '}
          {FAR_AWAY_PLACES}+ places from the official place in the dance, or a mean distance of{' '}
          {DEVIATION_FLOOR['skating-final']} places or more and at least {PANEL_FACTOR} times the panel&apos;s
          median.
        </List.Item>
        <List.Item>
          Recall round: half or more of the judge&apos;s crosses to couples not recalled, or{' '}
          {deviationText('skating-recall', DEVIATION_FLOOR['skating-recall'])} or more and at least{' '}
          {PANEL_FACTOR} times the panel&apos;s median share.
        </List.Item>
        <List.Item>
          AJS: in a component, a mean distance from the median of {AJS_MEAN_ALONE} point or more, or{' '}
          {DEVIATION_FLOOR.ajs} or more and at least {PANEL_FACTOR} times the median of the judges of that
          component; or {AJS_DROPPED_MIN} or more (and at least a quarter) of the judge&apos;s scores dropped
          by the tolerance.
        </List.Item>
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        A flag asks the chairman to look, not a verdict on the judge. See also{' '}
        <Anchor component={Link} to="/admin/chairman" size="xs">
          the chairman screen
        </Anchor>
        .
      </Text>
    </Paper>
  );
}
