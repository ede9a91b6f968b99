import '../register/mantineStyles.ts';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../components/Link.tsx';
import { ApiError } from '../../api/client.ts';
import { personPointsQuery, personQuery } from '../../api/queries/people.ts';
import { ErrorPage, MissingPage, PageHead } from '../../components/Page.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { ordinal, PLACE_OUT_POINTS } from '../../../domain/proficiency/ycn.ts';
import type { PersonResult, StandingView } from '../../../domain/schemas/people.ts';
import '../entries/entries.css';
import './people.css';
import { StandingLevels } from '../../components/StandingLevels.tsx';

const home = { to: '/', label: 'Home' };

/** Day as "Mar 1, 2025": the page's only date format. */
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? dayFormat.format(new Date(`${iso}T00:00:00Z`)) : iso;

/** What the event danced before its final: what its points depend on. */
const roundsText = (n: number) =>
  n === 1 ? 'straight final' : n === 2 ? 'after a semi-final' : `after ${n - 1} rounds`;

function ResultRow({ r }: { r: PersonResult }) {
  const how = r.place !== null ? ordinal(r.place) : r.entered ? 'Entered' : (r.roundReached ?? '—');
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
        aria-label={r.place !== null ? `Place ${how}` : r.entered ? 'Entered' : `Reached ${how}`}
      >
        {how}
      </span>
      <span className="entries-names">
        {event}
        <span className="entries-team">
          {r.level} {r.style} · {r.dances.join(', ')}
        </span>
        <span className="entries-team">
          {r.role === 'lead' ? 'Led' : 'Followed'} with {r.partner}
          {r.place !== null && r.roundReached ? ` · ${r.roundReached}` : ''}
          {r.roundsDanced !== null && r.place !== null ? ` · ${roundsText(r.roundsDanced)}` : ''}
        </span>
      </span>
    </li>
  );
}

/** "3 results, 1 event entered on this site". */
function personLead(results: readonly PersonResult[]): string {
  const entered = results.filter((r) => r.entered).length;
  const done = results.length - entered;
  const parts = [`${done} result${done === 1 ? '' : 's'}`];
  if (entered) parts.push(`${entered} event${entered === 1 ? '' : 's'} entered`);
  return `${parts.join(', ')} on this site`;
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
  const dances = new Map<string, StandingView[]>();
  for (const s of standings)
    dances.set(`${s.style} ${s.dance}`, [...(dances.get(`${s.style} ${s.dance}`) ?? []), s]);
  return (
    <section className="section" aria-labelledby="points">
      <h2 id="points">Proficiency points (YCN)</h2>
      {dances.size === 0 ? (
        <p className="entries-none">No points: they come from finals that had at least a semi-final.</p>
      ) : (
        <>
          <ul className="person-points">
            {[...dances].map(([dance, levels]) => (
              <li key={dance}>
                <strong>{dance}</strong> <StandingLevels levels={levels} outClass="person-out" />
              </li>
            ))}
          </ul>
          <p className="entries-team">
            {PLACE_OUT_POINTS} points at a level place a dancer out of it and every level below, per dance.
          </p>
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
  usePageTitle(p?.name ?? 'Dancer');

  if (!id || (person.error instanceof ApiError && person.error.status === 404))
    return (
      <MissingPage
        back={home}
        title="Dancer not found"
        lead={`There is no dancer #${param ?? ''} on this site.`}
      />
    );
  if (person.error && !p) return <ErrorPage error={person.error} refetch={person.refetch} />;
  if (!p) return <PageSkeleton body={240} />;
  const groups = byCompetition(p.results);
  return (
    <div className="page">
      <PageHead back={home} title={p.name} lead={personLead(p.results)} />
      <section className="section" aria-labelledby="results">
        <h2 id="results">Results</h2>
        {groups.length === 0 && <p className="entries-none">No results posted yet.</p>}
        {groups.map((g) => (
          <div key={`${g.name}|${g.date}`} className="person-competition">
            <h3>
              {g.name}
              <span className="entries-count"> · {day(g.date)}</span>
              {g.imported && <span className="entries-count"> · from elsewhere</span>}
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
