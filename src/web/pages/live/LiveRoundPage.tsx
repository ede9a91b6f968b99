import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../components/Link.tsx';
import type { MultiDanceResult } from '../../../domain/scoring/types.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { useEvents } from '../../api/queries/events.ts';
import type { EntryView as EventEntryView, EventView } from '../../api/types.ts';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { HeadRow } from '../../components/HeadRow.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useLiveUpdates } from '../../realtime/useLiveUpdates.ts';
import { FeedState } from './FeedState.tsx';
import { useLogMissingResults } from '../../components/results/useLogMissingResults.ts';
import { byNumber, publicState, STATE } from './liveLogic.ts';
import { useQuery } from '@tanstack/react-query';
import { roundResultsQuery } from '../../api/queries/rounds.ts';
import type { RoundResultsView } from '../../api/types.ts';
import { LiveFrame } from './LiveFrame.tsx';
import { useProjectorMode } from './useFullscreen.ts';
import './live.css';
import { LazyAjsWorking } from '../../components/results/LazyAjsWorking.tsx';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, placeLabel, roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { liveText } from './text.ts';
import { roundWordsText, WITHDRAWAL_KEY } from '../../shared/roundWords/text.ts';

type EntryNames = Pick<
  EventEntryView,
  'leadNumber' | 'leadName' | 'followName' | 'affiliation' | 'withdrawal'
>;

/**
 * /live/{eventKey}/{roundNumber}: one round's published result, large enough for a projector. A recall
 * round lists the recalled couples; a final its placings and the judges' marks. Before the round is
 * posted the page says so, and fills in by itself once it is.
 */
export default function LiveRoundPage() {
  const t = useT(liveText);
  const sport = useT(sportText);
  const params = useParams();
  const eventKey = params.eventKey ?? '';
  const roundNumber = Number(params.roundNumber);
  const { competition, key } = useCompetition();
  const { events, error, refetch } = useEvents();
  const feed = useLiveUpdates(key);
  const { projector, toggleProjector } = useProjectorMode();

  const event = events?.find((e) => e.key === eventKey);
  const round = event?.rounds.find((r) => r.roundNumber === roundNumber);
  const posted = round?.roundState === STATE.Posted;
  // Asked only once the round is Posted: the public has no result before.
  const {
    data: result,
    error: resultError,
    refetch: refetchResult,
  } = useQuery({
    ...roundResultsQuery(key, { eventKey, roundNumber }),
    enabled: key !== undefined && posted,
  });
  const eventRound =
    event && round ? t('eventRound', { event: event.name, round: roundLabel(sport, round.roundName) }) : '';
  usePageTitle(event && round ? eventRound : t('round.pageTitle'));
  useLogMissingResults(posted && result === null, `${eventKey} round ${params.roundNumber ?? ''}`);

  let heading = t('loading');
  let body: ReactNode;
  if (error && !events) {
    body = <ErrorNotice error={error} onRetry={() => void refetch()} />;
  } else if (!events) {
    body = <ResultSkeleton />;
  } else if (!event || !round) {
    heading = t('round.notFound');
    body = (
      <div className="live-message" role="status" data-testid="round-not-found">
        <p>
          {event
            ? t('round.noRound', { number: params.roundNumber ?? '', event: event.name })
            : t('round.noEvent')}
        </p>
        <BackLink />
      </div>
    );
  } else if (!posted) {
    heading = eventRound;
    body = (
      <div className="live-message" role="status" data-testid="not-posted">
        <p>
          <strong>{t('notPosted.title')}</strong>{' '}
          {t('notPosted.body', {
            state: publicState({ roundState: round.roundState, couples: round.entries.length }),
          })}
        </p>
        <BackLink />
      </div>
    );
  } else if (resultError && !result) {
    heading = eventRound;
    body = <ErrorNotice error={resultError} onRetry={() => void refetchResult()} />;
  } else if (result === null) {
    // The round reads Posted but its result is not public: it was un-posted meanwhile (the list of
    // events follows within a moment), most likely to be corrected.
    heading = eventRound;
    body = (
      <div className="live-message" role="status" data-testid="withdrawn">
        <p>
          <strong>{t('withdrawn.title')}</strong> {t('withdrawn.body')}
        </p>
        <BackLink />
      </div>
    );
  } else if (!result) {
    heading = eventRound;
    body = <ResultSkeleton />;
  } else {
    heading = eventRound;
    const names = new Map(event.entries.map((e) => [String(e.leadNumber), e]));
    body = <RoundResultView result={result} names={names} event={event} entered={round.entries} />;
  }

  return (
    <LiveFrame
      variant="live-round"
      projector={projector}
      onToggleProjector={toggleProjector}
      title={
        <>
          <Link to="/live" className="live-competition">
            {t('round.back', { competition: competition?.fullName ?? t('loading') })}
          </Link>
          <h1>{heading}</h1>
          <FeedState state={feed} />
        </>
      }
    >
      {body}
    </LiveFrame>
  );
}

function BackLink() {
  const t = useT(liveText);
  return (
    <Link to="/live" className="live-button live-back">
      {t('backToLive')}
    </Link>
  );
}

function coupleNames(names: Map<string, EntryNames>, couple: string): string {
  const e = names.get(couple);
  return e ? `${e.leadName} & ${e.followName}` : '';
}

function RoundResultView({
  result,
  names,
  event,
  entered,
}: {
  result: RoundResultsView;
  names: Map<string, EntryNames>;
  event: EventView;
  /** The round's couples: a finalist disqualified (or who withdrew) without a place is listed after. */
  entered: readonly { leadNumber: number }[];
}) {
  const t = useT(liveText);
  const sport = useT(sportText);
  const words = useT(roundWordsText);
  if (result.kind === 'recall') {
    const recalled = [...result.recalled].sort(byNumber);
    return (
      <section aria-labelledby="recalled-title">
        <h2 id="recalled-title" className="live-h2">
          {t('round.recalled', { count: recalled.length })}
        </h2>
        <ul className="live-couples" data-testid="recalled">
          {recalled.map((c) => (
            <li key={c}>
              <span className="live-number">{c}</span>
              <span className="live-names">{coupleNames(names, c)}</span>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const places = Object.entries(result.placements).sort(([a, pa], [b, pb]) => pa - pb || byNumber(a, b));
  const status = (c: string) => {
    const w = names.get(c)?.withdrawal;
    return w ? (
      <span className="live-status" data-testid={`status-${c}`}>
        {words(WITHDRAWAL_KEY[w])}
      </span>
    ) : null;
  };
  const out = entered
    .map((e) => String(e.leadNumber))
    .filter((c) => result.placements[c] === undefined && names.get(c)?.withdrawal)
    .sort(byNumber);
  const table = result.finalTable as MultiDanceResult | null;
  return (
    <>
      <section aria-labelledby="placings-title">
        <h2 id="placings-title" className="live-h2">
          {t('round.placings')}
        </h2>
        <ol className="live-couples live-placings" data-testid="placings">
          {places.map(([couple, place]) => (
            <li key={couple}>
              <span className="live-place">{placeLabel(sport, place)}</span>
              <span className="live-number">{couple}</span>
              <span className="live-names">
                {coupleNames(names, couple)}
                {names.get(couple)?.affiliation && (
                  <span className="live-affiliation">{names.get(couple)!.affiliation}</span>
                )}
                {status(couple)}
              </span>
            </li>
          ))}
          {out.map((couple) => (
            <li key={couple}>
              <span className="live-place" />
              <span className="live-number">{couple}</span>
              <span className="live-names">
                {coupleNames(names, couple)}
                {status(couple)}
              </span>
            </li>
          ))}
        </ol>
      </section>
      {table && <FinalMarks table={table} dances={event.dances} places={places.map(([c]) => c)} />}
      {result.ajs && <LazyAjsWorking result={result.ajs} />}
    </>
  );
}

/**
 * The judges' marks: per dance each judge's place for each couple and the place in that dance, then
 * (several dances) the places per dance and their total. Couples in final order.
 */
function FinalMarks({
  table,
  dances,
  places,
}: {
  table: MultiDanceResult;
  dances: string[];
  places: string[];
}) {
  const t = useT(liveText);
  const sport = useT(sportText);
  const tableDances = dances
    .filter((d) => table.tables[d])
    .concat(Object.keys(table.tables).filter((d) => !dances.includes(d)));
  return (
    <section aria-labelledby="marks-title">
      <h2 id="marks-title" className="live-h2">
        {t('marks.title')}
      </h2>
      {table.given && (
        <p className="live-note" data-testid="marks-given-note">
          {t('marks.given')}
        </p>
      )}
      {tableDances.map((dance) => {
        const tab = table.tables[dance]!;
        const rows = new Map(tab.rows.map((r) => [r.couple, r]));
        const given = table.given?.[dance];
        // Couples taken out of the final keep their row: the marks they were given, no place in it.
        const takenOut = given
          ? Object.keys(given)
              .filter((c) => !rows.has(c))
              .sort(byNumber)
          : [];
        return (
          <div className="live-table-wrap" key={dance}>
            <table className="live-table" data-testid={`marks-${dance}`}>
              <caption>{danceLabel(sport, dance)}</caption>
              <thead>
                <HeadRow heads={[t('marks.couple'), ...tab.judges, t('marks.place')]} />
              </thead>
              <tbody>
                {places.map((couple) => {
                  const r = rows.get(couple);
                  if (!r) return null;
                  return (
                    <tr key={couple}>
                      <th scope="row">{couple}</th>
                      {r.marks.map((used, i) => {
                        const mark = given?.[couple]?.[i];
                        return (
                          <td key={i}>{mark === undefined || mark === used ? used : `${mark} (${used})`}</td>
                        );
                      })}
                      <td className="live-table-place">{table.perDance[dance]?.[couple] ?? r.place}</td>
                    </tr>
                  );
                })}
                {takenOut.map((couple) => (
                  <tr key={couple} className="live-table-out">
                    <th scope="row">{couple}</th>
                    {(given?.[couple] ?? []).map((mark, i) => (
                      <td key={i}>{mark}</td>
                    ))}
                    <td className="live-table-place">—</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
      {tableDances.length > 1 && (
        <div className="live-table-wrap">
          <table className="live-table" data-testid="marks-total">
            <caption>{t('marks.total')}</caption>
            <thead>
              <HeadRow
                heads={[
                  t('marks.couple'),
                  ...tableDances.map((d) => danceLabel(sport, d)),
                  t('marks.total'),
                  t('marks.place'),
                ]}
              />
            </thead>
            <tbody>
              {places.map((couple) => (
                <tr key={couple}>
                  <th scope="row">{couple}</th>
                  {tableDances.map((d) => (
                    <td key={d}>{table.perDance[d]?.[couple] ?? ''}</td>
                  ))}
                  <td>{table.totals[couple] ?? ''}</td>
                  <td className="live-table-place">{table.places[couple] ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ResultSkeleton() {
  const t = useT(liveText);
  return (
    <div aria-busy="true" aria-label={t('loading.result')}>
      <p className="live-loading">{t('loading')}</p>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="live-skeleton live-skeleton-row" />
      ))}
    </div>
  );
}
