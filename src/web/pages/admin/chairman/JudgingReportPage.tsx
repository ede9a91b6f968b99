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
import type { JudgingDetails, JudgingReport } from '../../../../domain/schemas/judgingReport.ts';
import { isScheduleItem } from '../../../../domain/schemas/events.ts';
import {
  AJS_DROPPED_MIN,
  AJS_MEAN_ALONE,
  DEVIATION_FLOOR,
  FAR_AWAY_MIN,
  FAR_AWAY_PLACES,
  PANEL_FACTOR,
} from '../../../../domain/judgingReport.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';
import { danceLabel, roundLabel, sportText, type SportKey } from '../../../../domain/i18n/sport.ts';
import { useT } from '../../../i18n/locale.ts';
import { chairmanText, type ChairmanKey } from './text.ts';
import { judgeReasons } from '../../../components/judgeFlags.ts';
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

type T = Translate<ChairmanKey>;

/** A deviation in its system's unit: "0.33 places" (final), "67%" (recall), "1.1 points" (AJS). */
function deviationText(t: T, system: JudgingDetails['system'], x: number): string {
  if (system === 'skating-recall') return t('deviation.percent', { n: Math.round(x * 100) });
  return t(system === 'ajs' ? 'deviation.points' : 'deviation.places', { x });
}

/** What a line of the report says in a few words (as the CSV's "details", in the reader's language). */
function detailsText(t: T, ts: Translate<SportKey>, d: JudgingDetails): string {
  const counted = (c: { count: number; couples: string[] }) =>
    `${c.count}${c.couples.length ? ` (${c.couples.join(' ')})` : ''}`;
  switch (d.system) {
    case 'skating-final':
      return t('details.final', {
        sum: d.sum,
        far: FAR_AWAY_PLACES,
        list:
          d.farAway
            .map((f) =>
              t('details.farAway', {
                couple: f.couple,
                dance: danceLabel(ts, f.dance),
                own: f.own,
                official: f.official,
              }),
            )
            .join(', ') || t('details.none'),
      });
    case 'skating-recall':
      return t('details.recall', {
        crosses: d.crossesGiven,
        toNotRecalled: counted(d.toNotRecalled),
        withheld: counted(d.withheldFromRecalled),
      });
    case 'ajs':
      return d.components
        .map((c) => {
          const dropped = c.dropped
            .map((x) =>
              t('details.dropped', {
                couple: x.couple,
                dance: danceLabel(ts, x.dance),
                score: x.score,
                median: x.median,
              }),
            )
            .join(', ');
          return t('details.ajs', {
            component: c.component,
            mean: c.meanFromMedian,
            panel: c.panelMeanFromMedian,
            dropped: `${c.dropped.length}${dropped ? ` (${dropped})` : ''}`,
          });
        })
        .join('; ');
  }
}

/**
 * /admin/chairman/judging-report: for each judge, how far their marks were from the result in every
 * posted round, the judges who stand out flagged with the reasons (docs/judging-report.md). For the
 * chairman (their code) and administrators; never public.
 */
export function JudgingReportPage() {
  const t = useT(chairmanText);
  return (
    <StaffAccess role="Chairman" title={t('report.title')} path="/admin/chairman/judging-report">
      {() => <JudgingReportScreen />}
    </StaffAccess>
  );
}

export function JudgingReportScreen() {
  const t = useT(chairmanText);
  const { key } = useCompetition();
  const [params, setParams] = useSearchParams();
  const event = params.get('event') || undefined;
  const report = useQuery(judgingReportQuery(key, event));
  const events = useQuery(eventsQuery(key));
  const eventOptions = [
    { value: '', label: t('report.allEvents') },
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
            {t('report.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('report.intro')}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/admin/chairman" variant="default">
            {t('report.chairman')}
          </Button>
          <Button component={Link} to={judgingReportSheetHref(event)} variant="default">
            {t('report.print')}
          </Button>
          {key && (
            <Button
              component="a"
              href={hrefOf(endpoints.getJudgingReportCsv, { key, event })}
              variant="default"
            >
              {t('report.csv')}
            </Button>
          )}
        </Group>
      </Group>
      <Select
        label={t('report.event')}
        data={eventOptions}
        value={event ?? ''}
        onChange={(v) => setParams(v ? { event: v } : {}, { replace: true })}
        allowDeselect={false}
        maw={360}
        mb="md"
      />
      {report.isError && <ApiErrorAlert error={report.error} title={t('report.error')} />}
      {report.isPending && <Skeleton h={300} aria-label={t('report.loading')} />}
      {report.data && report.data.judges.length === 0 && (
        <Alert color="gray" title={t('report.empty.title')}>
          <Text size="sm">{t('report.empty.text')}</Text>
        </Alert>
      )}
      {report.data && report.data.judges.length > 0 && (
        <Stack gap="md">
          <Alert
            color={flagged.length ? 'orange' : 'green'}
            variant="light"
            title={
              flagged.length
                ? t('report.flagged', {
                    count: flagged.length,
                    names: flagged.map((j) => `${j.label} (${j.name})`).join(', '),
                  })
                : t('report.noneFlagged')
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
  const t = useT(chairmanText);
  const ts = useT(sportText);
  const flaggedRounds = judge.rounds.filter((r) => r.flagged).length;
  const title = judge.label === judge.name ? judge.name : `${judge.label} — ${judge.name}`;
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-label={t('report.judge', { title })}
      data-testid="judge-report"
    >
      <Group gap="sm" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {flaggedRounds > 0 ? (
          <Badge color="orange" variant="filled" tt="none">
            {t('report.flaggedIn', { count: flaggedRounds })}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" tt="none">
            {t('report.notFlagged')}
          </Badge>
        )}
      </Group>
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table withTableBorder fz="sm" miw={760} layout="fixed" aria-label={t('report.rounds', { title })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="20%">{t('report.col.event')}</Table.Th>
              <Table.Th w="11%">{t('report.col.round')}</Table.Th>
              <Table.Th w="10%">{t('report.col.system')}</Table.Th>
              <Table.Th w="10%">{t('report.col.deviation')}</Table.Th>
              <Table.Th w="10%">{t('report.col.panel')}</Table.Th>
              <Table.Th w="9%">{t('report.col.flagged')}</Table.Th>
              <Table.Th>{t('report.col.reasons')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {judge.rounds.map((r) => (
              <Table.Tr key={`${r.eventKey}-${r.roundNumber}`} data-flagged={r.flagged}>
                <Table.Td>{r.eventName}</Table.Td>
                <Table.Td>{roundLabel(ts, r.roundName)}</Table.Td>
                <Table.Td>{t(`system.${r.system}`)}</Table.Td>
                <Table.Td>{deviationText(t, r.system, r.deviation)}</Table.Td>
                <Table.Td>{deviationText(t, r.system, r.panelDeviation)}</Table.Td>
                <Table.Td fw={r.flagged ? 700 : undefined}>
                  {r.flagged ? t('report.flaggedCell') : t('report.no')}
                </Table.Td>
                <Table.Td>
                  {r.reasons.length > 0 && (
                    <List size="sm" fw={600}>
                      {judgeReasons(t, r).map((reason) => (
                        <List.Item key={reason}>{reason}</List.Item>
                      ))}
                    </List>
                  )}
                  <Text size="xs" c="dimmed">
                    {detailsText(t, ts, r.details)}
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
  const t = useT(chairmanText);
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('how.title')}>
      <Title order={2} size="h4" mb="xs">
        {t('how.title')}
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          {t('how.final', {
            min: FAR_AWAY_MIN,
            places: FAR_AWAY_PLACES,
            floor: DEVIATION_FLOOR['skating-final'],
            factor: PANEL_FACTOR,
          })}
        </List.Item>
        <List.Item>
          {t('how.recall', {
            share: deviationText(t, 'skating-recall', DEVIATION_FLOOR['skating-recall']),
            factor: PANEL_FACTOR,
          })}
        </List.Item>
        <List.Item>
          {t('how.ajs', {
            alone: AJS_MEAN_ALONE,
            floor: DEVIATION_FLOOR.ajs,
            factor: PANEL_FACTOR,
            dropped: AJS_DROPPED_MIN,
          })}
        </List.Item>
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        {t('how.note')}{' '}
        <Anchor component={Link} to="/admin/chairman" size="xs">
          {t('how.chairmanLink')}
        </Anchor>
        .
      </Text>
    </Paper>
  );
}
