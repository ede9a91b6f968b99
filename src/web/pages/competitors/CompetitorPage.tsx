import '../register/mantineStyles.ts';
import { useParams } from 'react-router';
import { Link } from '../../components/Link.tsx';
import { ApiError } from '../../api/client.ts';
import { ErrorPage, MissingPage, PageHead } from '../../components/Page.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { PageSkeleton } from '../../components/PageSkeleton.tsx';
import { useCompetitor } from '../../api/queries/registrations.ts';
import { CompetitorResults } from '../results/CompetitorResults.tsx';
import { CompetitorSchedule } from './CompetitorSchedule.tsx';
import { ScratchedBadge } from '../entries/ListFilters.tsx';
import '../entries/entries.css';

const allCompetitors = { to: '/competitors', label: 'All competitors' };

/** /competitors/{id}: one competitor — partners, events and numbers, and their posted results. */
export default function CompetitorPage() {
  const { id: param } = useParams();
  // Competitor ids are whole numbers: anything else names nobody, and is not asked for.
  const id = param && /^[1-9]\d{0,8}$/.test(param) ? param : undefined;
  const { competitor: c, error, refetch } = useCompetitor(id);
  usePageTitle(c?.name ?? 'Competitor');

  if (!id || (error instanceof ApiError && error.status === 404))
    return (
      <MissingPage
        back={allCompetitors}
        title="Competitor not found"
        lead={`There is no competitor #${param ?? ''} in this competition. The link may be mistyped, or the registration withdrawn.`}
      />
    );
  if (error && !c)
    return (
      <ErrorPage error={error} refetch={refetch}>
        <p>
          <Link to="/competitors">All competitors</Link>
        </p>
      </ErrorPage>
    );
  if (!c) return <PageSkeleton body={200} />;
  const numbers = [...new Set(c.entries.map((e) => e.leadNumber))];
  return (
    <div className="page">
      <PageHead
        back={allCompetitors}
        title={c.name}
        lead={
          <>
            {c.affiliation}
            {numbers.length > 0 && ` · couple number${numbers.length > 1 ? 's' : ''} ${numbers.join(', ')}`}
          </>
        }
      />
      <section className="section" aria-labelledby="partners">
        <h2 id="partners">Partners</h2>
        <ul className="link-list">
          {c.partners.map((p) => (
            <li key={`${p.id}:${p.name}`}>
              {p.id ? <Link to={`/competitors/${p.id}`}>{p.name}</Link> : p.name}
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="events">
        <h2 id="events">Events</h2>
        {c.entries.length === 0 ? (
          <p className="entries-none">Not entered in any event.</p>
        ) : (
          <ul className="entries-list">
            {c.entries.map((e) => (
              <li key={e.entryId} className={e.scratched ? 'entries-scratched' : undefined}>
                <span className="entries-number">{e.leadNumber}</span>
                <span className="entries-names">
                  {e.eventName}
                  <span className="entries-team">
                    {e.role === 'lead' ? 'Leads' : 'Follows'} · with {e.partner.name}
                  </span>
                </span>
                {e.scratched && <ScratchedBadge />}
              </li>
            ))}
          </ul>
        )}
      </section>
      <CompetitorSchedule competitor={c} />
      <CompetitorResults id={id} />
      {c.personId !== null && (
        <p>
          <Link to={`/people/${c.personId}`}>{c.name}&apos;s results at every competition on this site</Link>
        </p>
      )}
    </div>
  );
}
