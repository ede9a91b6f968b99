import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { Alert, Badge, Button, Group, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { PanelProgressTable, progressText, RoundHeading } from '../scrutineer/PanelProgress.tsx';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FinalResultsView, RoundMarksView, TieDecision } from '../../../../domain/schemas/marks.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { call } from '../../../api/client.ts';
import { roundParams } from '../../../api/paths.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { roundCouplesQuery, roundMarksQuery, roundResultsQuery } from '../../../api/queries/rounds.ts';
import type { RoundResultsView } from '../../../api/types.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { placingColumns } from '../mc/Awards.tsx';
import { RecallResultTable } from '../scrutineer/ResultTables.tsx';
import { tieAtCutoff, tieOptionLabels } from './tie.ts';
import { signedBy } from '../../../components/signedBy.ts';
import { UnlockMarks } from './UnlockMarks.tsx';
import { useT } from '../../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { scrutineerText } from '../scrutineer/text.ts';
import { mcText } from '../mc/text.ts';
import { chairmanText, type ChairmanKey } from './text.ts';

const POLL_MS = 4_000;

interface Props {
  competitionKey: string;
  item: ScheduleItem;
  requireApproval: boolean;
}

/** One current round as the chairman supervises it: progress, a tie to settle, the result to approve. */
/** The notice's title once an action went through: what happened, not the button's name. */
const DONE: Record<string, ChairmanKey> = {
  Approve: 'done.approve',
  'Tie decision': 'done.tie',
};

export function RoundSupervision({ competitionKey: key, item, requireApproval }: Props) {
  const t = useT(chairmanText);
  const ts = useT(sportText);
  const ref = { eventKey: item.eventKey, roundNumber: item.roundNumber };
  const label = `${item.eventName}, ${roundLabel(ts, item.roundName)}`;
  // A chairman who signs in with their code on this screen keeps the page's public change feed, which
  // carries no `marks` messages; polling every few seconds keeps the progress live until the next load.
  const marks = useQuery({ ...roundMarksQuery(key, ref), refetchInterval: POLL_MS });
  const results = useQuery({ ...roundResultsQuery(key, ref), refetchInterval: POLL_MS });
  const [choice, setChoice] = useState<TieDecision>('includeTied');
  const view = marks.data;
  const result = results.data ?? null;

  const command = useCommand({
    run: ({ call }: { name: string; call: () => Promise<string> }) => call(),
    success: (said, { name }) => ({
      position: 'bottom-right',
      title: DONE[name] ? t(DONE[name]) : name,
      message: said,
    }),
    refresh: [
      competitionQueryKey(key, 'marks'),
      roundResultsQuery(key, ref).queryKey,
      competitionQueryKey(key, 'schedule'),
    ],
    staleMessage: t('stale', { label }),
  });
  const [running, setRunning] = useState<string | null>(null);
  const busy = command.busy ? running : null;
  const run = async (name: string, call: () => Promise<string>) => {
    setRunning(name);
    await command.run({ name, call });
  };

  const decide = (decision: TieDecision, count: number) =>
    run('Tie decision', async () => {
      await call(endpoints.postEventsRoundsResults, roundParams(key, ref), {
        tieDecision: decision,
        ...(result ? { version: result.version } : {}),
      });
      return t(decision === 'includeTied' ? 'decided.all' : 'decided.none', { label, count });
    });

  const approve = (r: RoundResultsView) =>
    run('Approve', async () => {
      await call(endpoints.postEventsRoundsApprove, roundParams(key, ref), { version: r.version });
      return t(requireApproval ? 'approved.canPost' : 'approved', { label });
    });

  // A tie still to settle: from the marks before anyone computed, or a computed one without a decision.
  const pending = !result && view ? tieAtCutoff(view) : null;
  const decided =
    result?.kind === 'recall' && (result.tiedAtCutoff?.length ?? 0) > 0 && !result.posted ? result : null;

  return (
    <Paper withBorder p="sm" data-testid={`chair-round-${item.eventKey}-${item.roundNumber}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <RoundHeading label={label} item={item} view={view} />
        </Group>
        <CommandError command={command} title={t('action.error')} staleTitle={t('action.stale')} />
        {marks.isError && <ApiErrorAlert error={marks.error} title={t('marks.error')} />}
        {view && <PanelProgress view={view} />}
        {view && !result?.posted && (
          <UnlockMarks
            competitionKey={key}
            round={ref}
            label={label}
            eventName={item.eventName}
            view={view}
          />
        )}

        {pending && (
          <Alert color="orange" title={t('tie.title')} data-testid="chair-tie">
            <TieChoice
              tiedAtCutoff={pending.tiedAtCutoff}
              cutoffMarks={pending.cutoffMarks}
              includeCount={pending.includeTied.length}
              excludeCount={pending.excludeTied.length}
              choice={choice}
              onChoice={setChoice}
            />
            <Group mt="sm">
              <Button
                loading={busy === 'Tie decision'}
                onClick={() =>
                  void decide(
                    choice,
                    (choice === 'includeTied' ? pending.includeTied : pending.excludeTied).length,
                  )
                }
              >
                {t('tie.record')}
              </Button>
            </Group>
          </Alert>
        )}
        {decided && decided.options && (
          <Group gap="sm" data-testid="chair-tie-decided">
            <Text size="sm">
              {t('tie.decided', { couples: decided.tiedAtCutoff!.join(', ') })}{' '}
              <b>
                {decided.tieDecision === 'excludeTied'
                  ? t('tie.decidedNone', { count: decided.options.excludeTied })
                  : t('tie.decidedAll', { count: decided.options.includeTied })}
              </b>
              .
            </Text>
            <Button
              size="xs"
              variant="default"
              loading={busy === 'Tie decision'}
              onClick={() =>
                decided.tieDecision === 'excludeTied'
                  ? void decide('includeTied', decided.options!.includeTied)
                  : void decide('excludeTied', decided.options!.excludeTied)
              }
            >
              {decided.tieDecision === 'excludeTied' ? t('tie.recallAllInstead') : t('tie.recallNoneInstead')}
            </Button>
          </Group>
        )}

        {result && !result.posted && (
          <Paper withBorder p="sm" bg="gray.0" data-testid="chair-result">
            <Group justify="space-between" mb="xs">
              <Title order={3} size="h4">
                {t('result.title')}
              </Title>
              {result.approvedAt ? (
                <Badge color="green" size="lg" tt="none">
                  {t('result.approvedBy', { who: signedBy(result.approvedBy) })}
                </Badge>
              ) : (
                <Button color="green" loading={busy === 'Approve'} onClick={() => void approve(result)}>
                  {t('result.approve')}
                </Button>
              )}
            </Group>
            {result.kind === 'recall' ? (
              <RecallResultTable result={result} />
            ) : (
              <FinalPlacings competitionKey={key} item={item} result={result} />
            )}
          </Paper>
        )}
        {result?.posted && (
          <Text size="sm" c="dimmed">
            {result.approvedAt ? t('posted.approved', { who: signedBy(result.approvedBy) }) : t('posted')}
          </Text>
        )}
        {!result && view?.complete && !pending && (
          <Text size="sm" c="dimmed">
            {requireApproval ? t('noTie.approval') : t('noTie')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function TieChoice(props: {
  tiedAtCutoff: string[];
  cutoffMarks: number;
  includeCount: number;
  excludeCount: number;
  choice: TieDecision;
  onChoice: (c: TieDecision) => void;
}) {
  const t = useT(chairmanText);
  const labels = tieOptionLabels(props, t);
  return (
    <Stack gap="xs">
      <Text size="sm">
        {t('tie.text', {
          count: props.tiedAtCutoff.length,
          couples: props.tiedAtCutoff.join(', '),
          marks: props.cutoffMarks,
        })}
      </Text>
      <Radio.Group
        value={props.choice}
        onChange={(v) => props.onChoice(v as TieDecision)}
        label={t('tie.recall')}
        name="tie-decision"
      >
        <Stack gap="xs" mt={4}>
          <Radio value="includeTied" label={t('tie.default', { label: labels.includeTied })} />
          <Radio value="excludeTied" label={labels.excludeTied} />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

/** Judges × dances: submitted or still to come; a judge's overridden count is flagged. */
function PanelProgress({ view }: { view: RoundMarksView }) {
  const t = useT(chairmanText);
  const tScrutineer = useT(scrutineerText);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} data-testid="chair-progress">
        {progressText(tScrutineer, view)}
      </Text>
      <PanelProgressTable
        view={view}
        label={t('progress.label')}
        cellTestId={(judge, dance) => `chair-cell-${judge}-${dance}`}
        missingText={t('progress.missing')}
      />
    </Stack>
  );
}

/** A final's placings by place with names (the full Skating System working is on the scrutineer screen). */
function FinalPlacings({
  competitionKey,
  item,
  result,
}: {
  competitionKey: string;
  item: ScheduleItem;
  result: FinalResultsView;
}) {
  const t = useT(chairmanText);
  const tMc = useT(mcText);
  const couples = useQuery(
    roundCouplesQuery(competitionKey, { eventKey: item.eventKey, roundNumber: item.roundNumber }),
  );
  const byNumber = new Map((couples.data?.couples ?? []).map((c) => [c.coupleNumber, c]));
  const rows = Object.entries(result.placements).sort((a, b) => a[1] - b[1]);
  return (
    <DataTable striped withTableBorder fz="sm" data-testid="chair-final" columns={placingColumns(tMc)}>
      {rows.map(([n, place]) => {
        const c = byNumber.get(n);
        return (
          <Table.Tr key={n}>
            <Table.Td fw={700}>{place}</Table.Td>
            <Table.Td fw={600}>{n}</Table.Td>
            <Table.Td>{c ? t('couple.names', { lead: c.leadName, follow: c.followName }) : ''}</Table.Td>
            <Table.Td>{c?.affiliation ?? ''}</Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
