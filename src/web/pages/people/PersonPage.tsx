import '../register/mantineStyles.ts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../components/Link.tsx';
import { ApiError } from '../../api/client.ts';
import { personPointsQuery, personQuery } from '../../api/queries/people.ts';
import { ErrorPage, MissingPage, PageHead } from '../../components/Page.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { PLACE_OUT_POINTS } from '../../../domain/proficiency/ycn.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';
import { dateFormat } from '../../../domain/format.ts';
import { danceLabel, placeLabel, roundLabel, sportText, styleLabel } from '../../../domain/i18n/sport.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { personText, type PersonKey } from './text.ts';
import type { PersonResult, StandingView } from '../../../domain/schemas/people.ts';
import '../entries/entries.css';
import './people.css';
import { StandingLevels } from '../../components/StandingLevels.tsx';

type PersonT = Translate<PersonKey>;

/** Day as "Mar 1, 2025": the page's only date format. */
const day = (iso: string, locale: Locale) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso)
    ? dateFormat({ month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }, locale).format(
        new Date(`${iso}T00:00:00Z`),
      )
    : iso;

/** What the event danced before its final: what its points depend on. */
const roundsText = (n: number, t: PersonT) =>
  n === 1 ? t('straightFinal') : n === 2 ? t('afterSemi') : t('afterRounds', { count: n - 1 });

function ResultRow({ r }: { r: PersonResult }) {
  const t = useT(personText);
  const ts = useT(sportText);
  // A shared place keeps its "=" ("2nd=").
  const place = (p: number) => `${placeLabel(ts, Math.floor(p))}${Number.isInteger(p) ? '' : '='}`;
  const reached = r.roundReached === null ? null : roundLabel(ts, r.roundReached);
  const how = r.place !== null ? place(r.place) : r.entered ? t('entered') : (reached ?? '—');
  const event =
    r.competitionKey && r.eventKey ? (
      <Link to={`/c/${encodeURIComponent(r.competitionKey)}/results/${encodeURIComponent(r.eventKey)}`}>
        {r.eventName}
      </Link>
    ) : (
      r.eventName
    );
  return (
    <li>
      <span
        className="person-place"
        aria-label={
          r.place !== null
            ? t('place', { place: how })
            : r.entered
              ? t('entered')
              : t('reached', { round: how })
        }
      >
        {how}
      </span>
      <span className="entries-names">
        {event}
        <span className="entries-team">
          {r.level} {styleLabel(ts, r.style)} · {r.dances.map((d) => danceLabel(ts, d)).join(', ')}
        </span>
        <span className="entries-team">
          {t(r.role === 'lead' ? 'led' : 'followed', { partner: r.partner })}
          {r.place !== null && reached ? ` · ${reached}` : ''}
          {r.roundsDanced !== null && r.place !== null ? ` · ${roundsText(r.roundsDanced, t)}` : ''}
        </span>
      </span>
    </li>
  );
}

/** "3 results, 1 event entered on this site". */
function personLead(results: readonly PersonResult[], t: PersonT): string {
  const entered = results.filter((r) => r.entered).length;
  const done = results.length - entered;
  const parts = [t('results', { count: done })];
  if (entered) parts.push(t('eventsEntered', { count: entered }));
  return t('lead', { parts: parts.join(', ') });
}

/** Results grouped by competition, in the order given (newest first). */
function byCompetition(results: readonly PersonResult[]) {
  const groups: { name: string; date: string; imported: boolean; results: PersonResult[] }[] = [];
  for (const r of results) {
    const last = groups.at(-1);
    if (last && last.name === r.competitionName && last.date === r.date) last.results.push(r);
    else groups.push({ name: r.competitionName, date: r.date, imported: r.imported, results: [r] });
  }
  return groups;
}

function Points({ standings }: { standings: readonly StandingView[] }) {
  const t = useT(personText);
  const ts = useT(sportText);
  const dances = new Map<string, StandingView[]>();
  for (const s of standings) {
    const name = `${styleLabel(ts, s.style)} ${danceLabel(ts, s.dance)}`;
    dances.set(name, [...(dances.get(name) ?? []), s]);
  }
  return (
    <section className="section" aria-labelledby="points">
      <h2 id="points">{t('points.title')}</h2>
      {dances.size === 0 ? (
        <p className="entries-none">{t('points.none')}</p>
      ) : (
        <>
          <ul className="person-points">
            {[...dances].map(([dance, levels]) => (
              <li key={dance}>
                <strong>{dance}</strong> <StandingLevels levels={levels} outClass="person-out" />
              </li>
            ))}
          </ul>
          <p className="entries-team">{t('points.rule', { points: PLACE_OUT_POINTS })}</p>
        </>
      )}
    </section>
  );
}

/** /people/{id}: a dancer's results on this server, every competition, newest first, and their points. */
export default function PersonPage() {
  const { id: param } = useParams();
  const id = param && /^[1-9]\d{0,8}$/.test(param) ? param : undefined;
  const person = useQuery(personQuery(id));
  const points = useQuery(personPointsQuery(person.data?.id));
  const p = person.data;
  const t = useT(personText);
  const locale = useLocale();
  const home = { to: '/', label: t('home') };
  usePageTitle(p?.name ?? t('dancer'));

  if (!id || (person.error instanceof ApiError && person.error.status === 404))
    return <MissingPage back={home} title={t('notFound')} lead={t('notFound.lead', { id: param ?? '' })} />;
  if (person.error && !p) return <ErrorPage error={person.error} refetch={person.refetch} />;
  if (!p) return <PageSkeleton body={240} />;
  const groups = byCompetition(p.results);
  return (
    <div className="page">
      <PageHead back={home} title={p.name} lead={personLead(p.results, t)} />
      <section className="section" aria-labelledby="results">
        <h2 id="results">{t('resultsTitle')}</h2>
        {groups.length === 0 && <p className="entries-none">{t('noResults')}</p>}
        {groups.map((g) => (
          <div key={`${g.name}|${g.date}`} className="person-competition">
            <h3>
              {g.name}
              <span className="entries-count"> · {day(g.date, locale)}</span>
              {g.imported && <span className="entries-count"> · {t('imported')}</span>}
            </h3>
            <ul className="entries-list">
              {g.results.map((r, i) => (
                <ResultRow key={i} r={r} />
              ))}
            </ul>
          </div>
        ))}
      </section>
      {points.data && <Points standings={points.data.standings} />}
    </div>
  );
}
