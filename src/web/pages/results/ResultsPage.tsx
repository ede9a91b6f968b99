import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { hrefOf } from '../../api/client.ts';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/Link.tsx';
import { ErrorPage } from '../../components/Page.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useLogMissingResults } from '../../components/results/useLogMissingResults.ts';
import { LEVELS } from '../../../domain/levels.ts';
import { STYLES } from '../../../domain/styles.ts';
import { useCompetition } from '../../api/queries/competition.ts';
import { useResultsSummary } from '../../api/queries/results.ts';
import type { ResultsSummary } from '../../api/types.ts';
import { coupleMatcher } from '../../components/coupleSearch.ts';
import { withWithdrawn, PlacingsList, type Placing } from './Placings.tsx';
import { NotPublished, ResultsLoading } from './states.tsx';
import './results-pages.css';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, roundLabel, sportText, styleLabel } from '../../../domain/i18n/sport.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import { resultsText, type ResultsKey } from './text.ts';
import { MirrorLine } from '../../components/mirror/MirrorLine.tsx';

type SummaryEvent = ResultsSummary['events'][number];

const FILTERS = [
  { name: 'style', label: 'filter.style', all: 'filter.allStyles' },
  { name: 'level', label: 'filter.level', all: 'filter.allLevels' },
  { name: 'team', label: 'filter.team', all: 'filter.allTeams' },
] as const satisfies readonly { name: string; label: ResultsKey; all: ResultsKey }[];
type FilterName = (typeof FILTERS)[number]['name'];

/** The choices each filter offers: only what the events hold, in the sport's order. */
function filterOptions(events: SummaryEvent[]): Record<FilterName, string[]> {
  const order = (list: readonly string[]) => (a: string, b: string) =>
    (list.indexOf(a) + 1 || 99) - (list.indexOf(b) + 1 || 99) || a.localeCompare(b);
  return {
    style: [...new Set(events.map((e) => e.style))].sort(order(STYLES)),
    level: [...new Set(events.map((e) => e.level))].sort(order(LEVELS)),
    team: [...new Set(events.flatMap((e) => e.teams))].sort((a, b) => a.localeCompare(b)),
  };
}

/** /results: every event with its final placings, filtered by style, level and team (in the URL). */
export default function ResultsPage() {
  const t = useT(resultsText);
  const sport = useT(sportText);
  // The switch is the competition's, read as the top bar reads it, so the page follows it live.
  const { competition } = useCompetition();
  const { summary, error, refetch, key } = useResultsSummary();
  const [params, setParams] = useSearchParams();
  usePageTitle(t('title'));
  useLogMissingResults(
    competition?.resultsPageShown === true && summary?.events.every((e) => e.postedRounds === 0) === true,
    'in any event',
  );

  if (competition && !competition.resultsPageShown) return <NotPublished />;
  if (error && !summary) return <ErrorPage error={error} refetch={refetch} />;
  if (!summary || !competition) return <ResultsLoading title={t('title')} />;

  const chosen = {
    style: params.get('style') ?? '',
    level: params.get('level') ?? '',
    team: params.get('team') ?? '',
  };
  const search = params.get('q') ?? '';
  const searching = search.trim() !== '';
  const fits = coupleMatcher(search);
  const hits = new Map(
    summary.events.map((e) => [e.key, searching ? coupleHits(e, fits, t, (r) => roundLabel(sport, r)) : []]),
  );
  const options = filterOptions(summary.events);
  const shown = summary.events.filter(
    (e) =>
      (!chosen.style || e.style === chosen.style) &&
      (!chosen.level || e.level === chosen.level) &&
      (!chosen.team || e.teams.includes(chosen.team)) &&
      (!searching || hits.get(e.key)!.length > 0),
  );
  const setFilter = (name: FilterName | 'q', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const filtered = searching || FILTERS.some((f) => chosen[f.name]);

  return (
    <div className="page">
      <h1>{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      <MirrorLine />
      <form className="res-filters" aria-label={t('filter.label')} onSubmit={(e) => e.preventDefault()}>
        <label className="res-filter res-search">
          <span>{t('search.label')}</span>
          <input
            type="search"
            placeholder={t('search.placeholder')}
            enterKeyHint="search"
            autoComplete="off"
            value={search}
            onChange={(e) => setFilter('q', e.target.value)}
          />
        </label>
        {FILTERS.map((f) => (
          <label key={f.name} className="res-filter">
            <span>{t(f.label)}</span>
            <select value={chosen[f.name]} onChange={(e) => setFilter(f.name, e.target.value)}>
              <option value="">{t(f.all)}</option>
              {options[f.name].map((o) => (
                <option key={o} value={o}>
                  {f.name === 'style' ? styleLabel(sport, o) : o}
                </option>
              ))}
              {chosen[f.name] && !options[f.name].includes(chosen[f.name]) && (
                <option value={chosen[f.name]}>{chosen[f.name]}</option>
              )}
            </select>
          </label>
        ))}
        {filtered && (
          <button type="button" className="res-clear" onClick={() => setParams({}, { replace: true })}>
            {t('filter.clear')}
          </button>
        )}
      </form>
      <p className="res-count" aria-live="polite">
        {shown.length === summary.events.length
          ? t('count.all', { count: shown.length })
          : t('count.some', { shown: shown.length, count: summary.events.length })}
        {key && (
          <>
            {' · '}
            <a href={hrefOf(endpoints.getResultsCsv, { key })} download>
              {t('download.all')}
            </a>
          </>
        )}
      </p>
      {shown.length === 0 && (
        <p className="res-empty">
          {searching
            ? filtered
              ? t('empty.searchFiltered', { search: search.trim() })
              : t('empty.search', { search: search.trim() })
            : t('empty.filters')}{' '}
          <button type="button" className="res-link-button" onClick={() => setParams({}, { replace: true })}>
            {t('empty.showAll')}
          </button>
        </p>
      )}
      {shown.map((e) => (
        <EventCard key={e.key} event={e} team={chosen.team} hits={searching ? hits.get(e.key)! : null} />
      ))}
    </div>
  );
}

/** The couples of one event a search finds: placed in the posted final, or how far they got. */
function coupleHits(
  e: SummaryEvent,
  fits: ReturnType<typeof coupleMatcher>,
  t: Translate<ResultsKey>,
  round: (name: string) => string,
): Placing[] {
  const found = (c: { leadName: string; followName: string; affiliation: string; coupleNumber: string }) =>
    fits(`${c.leadName} ${c.followName}`, c.affiliation, c.coupleNumber);
  return [
    ...(e.final?.placings.filter(found) ?? []),
    ...e.reached.filter(found).map((c) => ({
      ...c,
      place: null,
      note:
        c.recalled && !e.final
          ? t('hit.recalledFrom', { round: round(c.roundName) })
          : t('hit.reached', { round: round(c.roundName) }),
    })),
  ];
}

/** One event: its final placings, or with a search only the couples found in it. */
function EventCard({ event: e, team, hits }: { event: SummaryEvent; team: string; hits: Placing[] | null }) {
  const t = useT(resultsText);
  const sport = useT(sportText);
  return (
    <section className="res-event" aria-labelledby={`ev-${e.key}`} data-testid={`event-${e.key}`}>
      <h2 id={`ev-${e.key}`}>
        <Link to={`/results/${encodeURIComponent(e.key)}`}>{e.name}</Link>
      </h2>
      <p className="res-meta">
        {styleLabel(sport, e.style)} · {e.level} · {e.dances.map((d) => danceLabel(sport, d)).join(', ')}
      </p>
      {hits ? (
        <PlacingsList placings={hits} team={team} />
      ) : e.final ? (
        <PlacingsList placings={withWithdrawn(e.final)} team={team} />
      ) : (
        <p className="res-none">
          {e.postedRounds > 0 ? t('event.finalPending', { count: e.postedRounds }) : t('event.none')}
        </p>
      )}
      {(e.final || e.postedRounds > 0) && (
        <p className="res-more">
          <Link to={`/results/${encodeURIComponent(e.key)}`}>
            {t('event.more')}
            <span className="res-vh"> {t('event.moreOf', { event: e.name })}</span>
          </Link>
        </p>
      )}
    </section>
  );
}
