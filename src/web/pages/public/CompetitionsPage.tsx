import { useQuery } from '@tanstack/react-query';
import type { CompetitionSummary } from '../../../domain/schemas/competition.ts';
import { competitionsQuery } from '../../api/queries/competition.ts';
import { Link } from '../../components/Link.tsx';
import { ErrorPage } from '../../components/Page.tsx';
import { formatDateRange } from '../../components/format.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import './competitions.css';

/**
 * /competitions: every competition on this server that is not archived, the ones to come
 * first, then the past ones newest first, each with its own pages at /c/{key} and its results.
 */
export default function CompetitionsPage() {
  usePageTitle('Competitions');
  const { data, error, refetch } = useQuery(competitionsQuery());
  if (error && !data) return <ErrorPage error={error} refetch={refetch} />;
  const current = (data ?? []).filter((c) => c.state !== 'finished').reverse();
  const past = (data ?? []).filter((c) => c.state === 'finished');
  return (
    <div className="page">
      <h1>Competitions</h1>
      <p className="page-lead">Every competition run on this site, with its results.</p>
      {!data ? (
        <p className="empty-state">Loading...</p>
      ) : (
        <>
          <section aria-labelledby="comps-current">
            <h2 id="comps-current">Now and coming up</h2>
            <CompetitionList list={current} empty="No competition is coming up yet." />
          </section>
          <section aria-labelledby="comps-past">
            <h2 id="comps-past">Past competitions</h2>
            <CompetitionList list={past} empty="No past competitions yet." />
          </section>
        </>
      )}
    </div>
  );
}

function CompetitionList({ list, empty }: { list: CompetitionSummary[]; empty: string }) {
  if (list.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="comps-list">
      {list.map((c) => {
        // Always the competition's own address: right from whichever competition's pages it is opened.
        const home = `/c/${encodeURIComponent(c.key)}`;
        return (
          <li key={c.key}>
            <Link to={home} className="comps-name">
              {c.fullName}
            </Link>
            <span className="comps-dates">
              {formatDateRange(c.startDate, c.endDate)}
              {c.state === 'running' && <span className="comps-live"> · on now</span>}
            </span>
            <span className="comps-links">
              {c.state === 'upcoming' ? (
                <Link to={`${home}/register`}>Register</Link>
              ) : (
                <Link to={`${home}/results`}>Results</Link>
              )}
              {c.state === 'running' && <Link to={`${home}/live`}>Live</Link>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
