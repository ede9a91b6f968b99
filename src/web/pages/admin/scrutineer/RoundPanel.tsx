import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { Button, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TieDecision } from '../../../../domain/schemas/marks.ts';
import { call, ApiError } from '../../../api/client.ts';
import { roundParams } from '../../../api/paths.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import {
  roundAjsPanelQuery,
  roundCouplesQuery,
  roundMarksQuery,
  roundResultsQuery,
} from '../../../api/queries/rounds.ts';
import type { TieDecisionDetails } from '../../../api/types.ts';
import { useCommand } from '../../../api/useCommand.ts';
import { ApiErrorAlert, CommandError } from '../../../components/ApiErrorAlert.tsx';
import { RoundState } from '../../../shared/roundStates.ts';
import { nextActiveRound } from '../../../../domain/rounds/edit.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { roundPrintOut } from '../../print/links.ts';
import { StartRoundDialog } from '../StartRoundDialog.tsx';
import { PaperEntry } from './PaperEntry.tsx';
import { AjsPanelCard } from './AjsPanelCard.tsx';
import { RoundHeading } from './PanelProgress.tsx';
import { FinalResultTables, RecallResultTable } from './ResultTables.tsx';
import { Progress, MarksTable } from './RoundMarks.tsx';
import { MarkHistory } from './MarkHistory.tsx';
import { PostDialog, TieDialog, UnpostDialog } from './RoundDialogs.tsx';
import { useT } from '../../../i18n/locale.ts';
import { roundLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { scrutineerText, type ScrutineerKey } from './text.ts';
import { useRoundNotices } from '../../../shared/roundNotices/notices.ts';

interface Props {
  competitionKey: string;
  item: ScheduleItem;
  schedule: readonly ScheduleItem[];
}

/** One round: who has marked what (live), the marks, and start / compute / post / un-post. */
/** The notice's title once an action went through: what happened, not the button's name. */
const DONE: Record<string, ScrutineerKey> = {
  'Start round': 'done.start',
  Post: 'done.post',
  'Un-post': 'done.unpost',
};

export function RoundPanel({ competitionKey: key, item, schedule }: Props) {
  const t = useT(scrutineerText);
  const ts = useT(sportText);
  const notices = useRoundNotices();
  const ref = { eventKey: item.eventKey, roundNumber: item.roundNumber };
  const marks = useQuery(roundMarksQuery(key, ref));
  const results = useQuery(roundResultsQuery(key, ref));
  const ajsPanel = useQuery(roundAjsPanelQuery(key, ref, marks.data?.round.kind === 'ajs'));
  const [tie, setTie] = useState<TieDecisionDetails | null>(null);
  const [tieChoice, setTieChoice] = useState<TieDecision>('includeTied');
  const [confirmPost, setConfirmPost] = useState(false);
  const [unposting, setUnposting] = useState(false);
  const [reason, setReason] = useState('');
  const [paper, setPaper] = useState(false);
  const [starting, setStarting] = useState(false);
  const result = results.data ?? null;
  const label = `${item.eventName}, ${roundLabel(ts, item.roundName)}`;
  const next =
    nextActiveRound(
      schedule.filter((r) => r.eventKey === item.eventKey),
      item.roundNumber,
    ) ?? undefined;

  const refresh = [
    competitionQueryKey(key, 'marks'),
    roundResultsQuery(key, ref).queryKey,
    competitionQueryKey(key, 'schedule'),
  ];

  const computing = useCommand({
    run: (tieDecision?: TieDecision) =>
      call(endpoints.postEventsRoundsResults, roundParams(key, ref), tieDecision ? { tieDecision } : {}),
    success: (r, tieDecision) => ({
      position: 'bottom-right',
      title: t('computed.title'),
      message:
        r.kind === 'recall'
          ? t(
              tieDecision === 'includeTied'
                ? 'computed.recallAll'
                : tieDecision === 'excludeTied'
                  ? 'computed.recallNone'
                  : 'computed.recall',
              { label, count: r.recalled.length },
            )
          : t('computed.final', { label }),
    }),
    refresh,
    onSuccess: () => setTie(null),
    onError: (e) => {
      if (!(e instanceof ApiError && e.code === 'tie_decision_needed')) return false;
      setTieChoice('includeTied');
      setTie(e.details as TieDecisionDetails);
      return true;
    },
  });
  const compute = (tieDecision?: TieDecision) => {
    action.reset();
    return computing.run(tieDecision);
  };

  /** One action of the round: says what it did, and shows any refusal in words. */
  const action = useCommand({
    run: ({ call }: { name: string; call: () => Promise<string> }) => call(),
    // Bottom right: the top of the screen holds the round's actions and the dialogs.
    success: (said, { name }) => ({
      position: 'bottom-right',
      title: DONE[name] ? t(DONE[name]) : name,
      message: said,
    }),
    refresh,
  });
  const [running, setRunning] = useState<string | null>(null);
  const act = async (name: string, call: () => Promise<string>) => {
    computing.reset();
    setRunning(name);
    const done = await action.run({ name, call });
    setRunning(null);
    return done !== undefined;
  };
  const busy = computing.busy ? 'Compute' : action.busy ? running : null;

  const start = async () => {
    await act('Start round', async () =>
      notices.started(await call(endpoints.postEventsRoundsStart, roundParams(key, ref)), item.eventName),
    );
    // Closed either way: a refusal shows on the panel.
    setStarting(false);
  };

  const post = async () => {
    const ok = await act('Post', async () =>
      notices.posted(await call(endpoints.postEventsRoundsPost, roundParams(key, ref))),
    );
    if (ok) setConfirmPost(false);
  };

  const unpost = async () => {
    const ok = await act('Un-post', async () => {
      const said = reason.trim();
      await call(endpoints.postEventsRoundsUnpost, roundParams(key, ref), { reason: said });
      return notices.unposted(item.roundName, item.eventName, said);
    });
    if (ok) {
      setUnposting(false);
      setReason('');
    }
  };

  const view = marks.data;
  const canStart = item.roundState === RoundState.Initialized || item.roundState === RoundState.Empty;
  // Who would dance, for the confirmation (as the deck captain sees them).
  const couples = useQuery({ ...roundCouplesQuery(key, ref), enabled: canStart });
  const canMark = item.roundState === RoundState.Running || item.roundState === RoundState.Marked;
  const posted = result?.posted ?? item.roundState === RoundState.Posted;
  const printOut = roundPrintOut({ eventKey: item.eventKey, roundId: item.roundId, posted, final: !next });

  return (
    <Stack gap="sm">
      <Paper withBorder p="sm">
        <Group justify="space-between" align="flex-start">
          <RoundHeading label={label} item={item} view={view} />
          <Group gap="xs">
            {canStart && (
              <Button size="sm" onClick={() => setStarting(true)} loading={busy === 'Start round'}>
                {t('button.start')}
              </Button>
            )}
            {canMark && view && (
              <Button size="sm" variant="default" onClick={() => setPaper(true)}>
                {t('button.paper')}
              </Button>
            )}
            {canMark && (
              <Button
                size="sm"
                onClick={() => void compute()}
                loading={busy === 'Compute'}
                disabled={!view?.complete}
                title={view?.complete ? undefined : t('compute.notYet')}
              >
                {result ? t('button.computeAgain') : t('button.compute')}
              </Button>
            )}
            {result && !posted && (
              <Button size="sm" color="green" onClick={() => setConfirmPost(true)}>
                {t('button.post')}
              </Button>
            )}
            {posted && (
              <Button size="sm" color="red" variant="light" onClick={() => setUnposting(true)}>
                {t('button.unpost')}
              </Button>
            )}
            {item.roundState !== RoundState.Skipped && (
              // A tab of its own: the scrutineer's screen stays as it is.
              <Button size="sm" variant="default" component="a" href={printOut.href} target="_blank">
                {printOut.label}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>

      <CommandError command={computing.error !== null ? computing : action} title={t('action.error')} />
      {marks.isError && <ApiErrorAlert error={marks.error} title={t('marks.error')} />}
      {marks.isPending && <Skeleton h={200} aria-label={t('marks.loading')} />}
      {view && ajsPanel.data && (
        <AjsPanelCard
          competitionKey={key}
          roundRef={ref}
          view={view}
          split={ajsPanel.data}
          refresh={refresh}
        />
      )}
      {view && <Progress view={view} />}
      {view && <MarksTable view={view} />}
      {view && <MarkHistory competitionKey={key} round={ref} />}
      {result && (
        <Paper withBorder p="sm">
          <Title order={3} size="h4" mb="xs">
            {posted ? t('result.posted') : t('result.notPosted')}
          </Title>
          {result.kind === 'recall' ? (
            <RecallResultTable result={result} />
          ) : (
            <FinalResultTables result={result} />
          )}
        </Paper>
      )}

      {tie && (
        <TieDialog
          tie={tie}
          tieChoice={tieChoice}
          setTieChoice={setTieChoice}
          onClose={() => setTie(null)}
          onCompute={() => void compute(tieChoice)}
          busy={busy === 'Compute'}
        />
      )}

      {confirmPost && result && (
        <PostDialog
          label={label}
          result={result}
          next={next}
          onClose={() => setConfirmPost(false)}
          onPost={() => void post()}
          busy={busy === 'Post'}
        />
      )}

      {unposting && (
        <UnpostDialog
          label={label}
          result={result}
          reason={reason}
          setReason={setReason}
          onClose={() => setUnposting(false)}
          onUnpost={() => void unpost()}
          busy={busy === 'Un-post'}
        />
      )}

      <StartRoundDialog
        opened={starting}
        label={label}
        round={couples.data}
        busy={busy === 'Start round'}
        onStart={() => void start()}
        onClose={() => setStarting(false)}
      />

      {paper && view && (
        <PaperEntry
          competitionKey={key}
          roundRef={ref}
          view={view}
          separateDances={ajsPanel.data?.ajsPanel.separateDances}
          refresh={refresh}
          onClose={() => setPaper(false)}
        />
      )}
    </Stack>
  );
}
