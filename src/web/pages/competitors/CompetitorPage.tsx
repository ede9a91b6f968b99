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
import { useT } from '../../i18n/locale.ts';
import { competitorsText } from './text.ts';

/** /competitors/{id}: one competitor — partners, events and numbers, and their posted results. */
export default function CompetitorPage() {
  const { id: param } = useParams();
  // Competitor ids are whole numbers: anything else names nobody, and is not asked for.
  const id = param && /^[1-9]\d{0,8}$/.test(param) ? param : undefined;
  const { competitor: c, error, refetch } = useCompetitor(id);
  const t = useT(competitorsText);
  const allCompetitors = { to: '/competitors', label: t('all') };
  usePageTitle(c?.name ?? t('competitor'));

  if (!id || (error instanceof ApiError && error.status === 404))
    return (
      <MissingPage
        back={allCompetitors}
        title={t('notFound')}
        lead={t('notFound.lead', { id: param ?? '' })}
      />
    );
  if (error && !c)
    return (
      <ErrorPage error={error} refetch={refetch}>
        <p>
          <Link to="/competitors">{t('all')}</Link>
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
            {numbers.length > 0 && (
              <> · {t('numbers', { count: numbers.length, numbers: numbers.join(', ') })}</>
            )}
          </>
        }
      />
      <section className="section" aria-labelledby="partners">
        <h2 id="partners">{t('partners')}</h2>
        <ul className="link-list">
          {c.partners.map((p) => (
            <li key={`${p.id}:${p.name}`}>
              {p.id ? <Link to={`/competitors/${p.id}`}>{p.name}</Link> : p.name}
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="events">
        <h2 id="events">{t('eventsTitle')}</h2>
        {c.entries.length === 0 ? (
          <p className="entries-none">{t('notEntered')}</p>
        ) : (
          <ul className="entries-list">
            {c.entries.map((e) => (
              <li key={e.entryId} className={e.scratched ? 'entries-scratched' : undefined}>
                <span className="entries-number">{e.leadNumber}</span>
                <span className="entries-names">
                  {e.eventName}
                  <span className="entries-team">
                    {e.role === 'lead' ? t('leads') : t('follows')} · {t('with', { partner: e.partner.name })}
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
          <Link to={`/people/${c.personId}`}>{t('everywhere', { name: c.name })}</Link>
        </p>
      )}
    </div>
  );
}
