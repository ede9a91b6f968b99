import '@mantine/core/styles.layer.css';
import './print.css';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, List, Loader, Text } from '@mantine/core';
import { roundAjsPanelQuery, roundCouplesQuery, roundMarksQuery } from '../../api/queries/rounds.ts';
import { meQuery, useCompetition } from '../../api/queries/competition.ts';
import { entryCodeUrl } from '../../shared/entryCode.ts';
import { RoundState } from '../../shared/roundStates.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ApiErrorAlert } from '../../components/ApiErrorAlert.tsx';
import { Link } from '../../components/Link.tsx';
import { useAfterFirstPaint } from '../../components/deferred.tsx';
import { SheetPages } from './SheetPages.tsx';
import { usePrintData } from './usePrintData.ts';
import type { Paper } from './pagination.ts';
import { PrintChoices, SCOPES, type ScopeKind } from './PrintChoices.tsx';
import { PrintControls } from './PrintControls.tsx';
import { SHEET_KINDS, buildPrintOut, type NumberCard, type SheetKind } from './sheets.ts';
import { competitionDays, dancedRounds, selectRounds, type Scope } from './selection.ts';
import type { RoundCouples } from '../../../domain/schemas/floor.ts';
import type { AjsPanelOfRound } from './types.ts';
import { printText } from './text.ts';
import { LocaleScope, useT } from '../../i18n/locale.ts';
import { sportText } from '../../../domain/i18n/sport.ts';
import { resultTablesText } from '../../components/results/text.ts';
import { useReasonWords } from '../../components/results/reasons.ts';

/** Pages drawn for the first paint; the rest follow just after it. */
const FIRST_PAGES = 2;

/**
 * /print-sheets: choose what to print (a round, an event, a range of the schedule or a whole day) and
 * which sheets; preview them as paper pages and print with the browser. Reads public data only:
 * results appear only once posted. The choice lives in the address, so a print-out can be bookmarked.
 */
export default function PrintSheetsPage() {
  const t = useT(printText);
  usePageTitle(t('page.title'));
  const [params, setParams] = useSearchParams();
  const { competition, key, error: competitionError } = useCompetition();
  // The sheets are printed in the competition's language (Settings); the controls in the reader's.
  const sheetLocale = competition?.language;
  const sheetWords = useT(printText, sheetLocale);
  const sport = useT(sportText, sheetLocale);
  const results = useT(resultTablesText, sheetLocale);
  const reasons = useReasonWords(sheetLocale);
  // Stable, so the memoised preview does not redraw every QR code on each render.
  const cardCode = useCallback(
    (card: NumberCard) =>
      entryCodeUrl(window.location.origin, {
        competitionKey: key ?? '',
        coupleNumber: Number(card.number),
        entryId: card.entryId,
        competitorId: card.competitorId,
      }),
    [key],
  );

  const kind = (
    SHEET_KINDS.some((k) => k.value === params.get('kind')) ? params.get('kind') : 'judge'
  ) as SheetKind;
  const scopeKind = (
    SCOPES.some((s) => s.value === params.get('scope')) ? params.get('scope') : 'day'
  ) as ScopeKind;
  const paper: Paper = params.get('paper') === 'Letter' ? 'Letter' : 'A4';
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const { data, events, panels, schedule } = usePrintData(
    key,
    competition,
    kind === 'recalls' || kind === 'results',
  );

  const rounds = useMemo(() => (data ? dancedRounds(data) : []), [data]);
  const days = competition ? competitionDays(competition.startDate, competition.endDate) : [];
  const eventKey = params.get('event') ?? events.data?.[0]?.key ?? '';
  const eventRounds = rounds.filter((r) => r.event.key === eventKey);
  const roundId = params.get('round') ?? eventRounds[0]?.round.roundId ?? '';
  const indexes = rounds.map((r) => r.round.scheduleIndex);
  const from = Number(params.get('from') ?? Math.min(...indexes, 1));
  const to = Number(params.get('to') ?? Math.max(...indexes, 1));
  const day = params.get('day') ?? days[0] ?? '';

  const scope: Scope = useMemo(
    () =>
      scopeKind === 'round'
        ? { kind: 'round', roundId }
        : scopeKind === 'event'
          ? { kind: 'event', eventKey }
          : scopeKind === 'session'
            ? { kind: 'session', from, to }
            : { kind: 'day', day },
    [scopeKind, roundId, eventKey, from, to, day],
  );

  // Heat lists read each round's couples as the deck captain sees them (heats drawn, check-ins).
  const heatRounds = useMemo(
    () => (kind === 'heats' && data ? selectRounds(data, scope) : []),
    [kind, data, scope],
  );
  const floor = useQueries({
    queries: heatRounds.map((r) =>
      roundCouplesQuery(key, { eventKey: r.event.key, roundNumber: r.round.roundNumber }),
    ),
    combine: combineAll,
  });

  // Judges' sheets printed by those who see unposted marks carry each dance's receipt.
  const me = useQuery(meQuery());
  const seesMarks =
    me.data?.user !== undefined ||
    me.data?.official?.role === 'Scrutineer' ||
    me.data?.official?.role === 'Chairman';
  const markedRounds = useMemo(
    () =>
      kind === 'judge' && seesMarks && data
        ? selectRounds(data, scope).filter((r) => r.round.roundState >= RoundState.Running)
        : [],
    [kind, seesMarks, data, scope],
  );
  const marks = useQueries({
    queries: markedRounds.map((r) =>
      roundMarksQuery(key, { eventKey: r.event.key, roundNumber: r.round.roundNumber }),
    ),
    combine: combineAll,
  });

  // An AJS event's rounds, started or not: the sheet prints the round's own split and scoring mode.
  const ajsRounds = useMemo(
    () =>
      kind === 'judge' && seesMarks && data
        ? selectRounds(data, scope).filter((r) => r.event.scoringSystem === 'ajs')
        : [],
    [kind, seesMarks, data, scope],
  );
  const ajsSplits = useQueries({
    queries: ajsRounds.map((r) =>
      // A round of the event not scored under AJS answers 404: its sheet asks for crosses anyway.
      ({
        ...roundAjsPanelQuery(key, { eventKey: r.event.key, roundNumber: r.round.roundNumber }),
        retry: false,
      }),
    ),
    combine: (results) => ({
      data: results.map((q) => q.data),
      pending: results.some((q) => q.isPending && q.fetchStatus !== 'idle'),
    }),
  });

  const printOut = useMemo(() => {
    if (!data || floor.pending || marks.pending || ajsSplits.pending) return null;
    const roundCouples = new Map<string, RoundCouples>();
    heatRounds.forEach((r, i) => {
      const c = floor.data[i];
      if (c) roundCouples.set(r.round.roundId, c);
    });
    const receipts = new Map<string, Record<string, Record<string, string | null>>>();
    const ajsPanels = new Map<string, AjsPanelOfRound>();
    ajsRounds.forEach((r, i) => {
      const p = ajsSplits.data[i];
      if (p)
        ajsPanels.set(r.round.roundId, {
          ajsComponents: p.ajsComponents,
          separateDances: p.ajsPanel.separateDances,
        });
    });
    markedRounds.forEach((r, i) => {
      const m = marks.data[i];
      if (!m) return;
      receipts.set(
        r.round.roundId,
        Object.fromEntries(
          Object.entries(m.marks).map(([dance, byJudge]) => [
            dance,
            Object.fromEntries(Object.entries(byJudge).map(([id, mark]) => [id, mark.receipt])),
          ]),
        ),
      );
    });
    return buildPrintOut({ ...data, roundCouples, receipts, ajsPanels }, kind, scope, paper, {
      t: sheetWords,
      sport,
      results,
      reasons,
    });
  }, [
    sheetWords,
    sport,
    results,
    reasons,
    data,
    kind,
    scope,
    paper,
    heatRounds,
    floor.data,
    floor.pending,
    markedRounds,
    marks,
    ajsRounds,
    ajsSplits,
  ]);

  const loadError =
    competitionError ?? events.error ?? panels.error ?? schedule.error ?? floor.error ?? marks.error;
  const pageCount = printOut?.pages.length ?? 0;
  // The first pages show at once; a whole day's dozens follow just after. The count and the Print
  // button wait for all of them: what prints is what the summary states.
  const allPages = useAfterFirstPaint(printOut !== null);
  const shownPages = useMemo(
    () => (printOut ? (allPages ? printOut.pages : printOut.pages.slice(0, FIRST_PAGES)) : []),
    [printOut, allPages],
  );

  return (
    <div className="print-screen">
      {/* The browser prints on the chosen paper with no margin of its own: each page box has its own. */}
      <PrintControls
        title={t('page.title')}
        lead={t('page.lead', { competition: competition?.fullName ?? t('loading') })}
        paper={paper}
        margin="0"
        actions={
          <Group gap="xs">
            {/* Invoices are read by organizers only: the link is theirs. */}
            {me.data?.user && (
              <Button size="md" component={Link} to="/print-sheets/invoices" variant="default">
                {t('page.invoices')}
              </Button>
            )}
            <Button size="md" onClick={() => window.print()} disabled={!pageCount || !allPages}>
              {pageCount ? t('printPages', { count: pageCount }) : t('print')}
            </Button>
          </Group>
        }
      >
        <PrintChoices
          kind={kind}
          scopeKind={scopeKind}
          paper={paper}
          events={events.data ?? []}
          eventKey={eventKey}
          eventRounds={eventRounds}
          roundId={roundId}
          from={from}
          to={to}
          days={days}
          day={day}
          set={set}
        />
        {loadError && <ApiErrorAlert error={loadError} title={t('page.loadError')} />}
        {!printOut && !loadError && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('page.loading')}</Text>
          </Group>
        )}
        {printOut && allPages && (
          <Text size="sm" data-testid="print-summary" data-pages={pageCount}>
            {pageCount
              ? t('page.summary', {
                  count: pageCount,
                  paper: t(paper === 'A4' ? 'paper.A4' : 'paper.Letter'),
                })
              : t('page.nothing')}
            {scopeKind === 'session' && rounds.length > 0 && ` ${t('page.session', { from, to })}`}
          </Text>
        )}
        {printOut && printOut.notPrinted.length > 0 && (
          <Alert color="yellow" variant="light" title={t('page.notPrinted')}>
            <List size="sm">
              {printOut.notPrinted.map((n) => (
                <List.Item key={n}>{n}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </PrintControls>
      {printOut && competition && (
        <LocaleScope locale={competition.language}>
          <SheetPages
            pages={shownPages}
            paper={paper}
            competition={competition.fullName}
            timeZone={competition.timeZone}
            clock={competition.clock}
            cardCode={cardCode}
          />
        </LocaleScope>
      )}
    </div>
  );
}

/** Stable (module level), so TanStack keeps the combined answer's identity while nothing changes. */

/** Many reads as one: each answer in order, pending while any is, the first error. */
function combineAll<T>(rs: { data?: T; isPending: boolean; error: Error | null }[]) {
  return {
    data: rs.map((r) => r.data),
    pending: rs.some((r) => r.isPending),
    error: rs.find((r) => r.error)?.error ?? null,
  };
}
