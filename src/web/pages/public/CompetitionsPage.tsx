import { useQuery } from '@tanstack/react-query';
import type { CompetitionSummary } from '../../../domain/schemas/competition.ts';
import { competitionsQuery } from '../../api/queries/competition.ts';
import { Link } from '../../components/Link.tsx';
import { ErrorPage } from '../../components/Page.tsx';
import { formatDateRange } from '../../components/format.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { publicText } from './text.ts';
import './competitions.css';

/**
 * /competitions: every competition on this server that is not archived, the ones to come
 * first, then the past ones newest first, each with its own pages at /c/{key} and its results.
 */
export default function CompetitionsPage() {
  const t = useT(publicText);
  usePageTitle(t('comps.title'));
  const { data, error, refetch } = useQuery(competitionsQuery());
  if (error && !data) return <ErrorPage error={error} refetch={refetch} />;
  const current = (data ?? []).filter((c) => c.state !== 'finished').reverse();
  const past = (data ?? []).filter((c) => c.state === 'finished');
  return (
    <div className="page">
      <h1>{t('comps.title')}</h1>
      <p className="page-lead">{t('comps.lead')}</p>
      {!data ? (
        <p className="empty-state">{t('loadingText')}</p>
      ) : (
        <>
          <section aria-labelledby="comps-current">
            <h2 id="comps-current">{t('comps.current')}</h2>
            <CompetitionList list={current} empty={t('comps.noCurrent')} />
          </section>
          <section aria-labelledby="comps-past">
            <h2 id="comps-past">{t('comps.past')}</h2>
            <CompetitionList list={past} empty={t('comps.noPast')} />
          </section>
        </>
      )}
    </div>
  );
}

function CompetitionList({ list, empty }: { list: CompetitionSummary[]; empty: string }) {
  const t = useT(publicText);
  const locale = useLocale();
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
              {formatDateRange(c.startDate, c.endDate, locale)}
              {c.state === 'running' && <span className="comps-live"> · {t('comps.onNow')}</span>}
            </span>
            <span className="comps-links">
              {c.state === 'upcoming' ? (
                <Link to={`${home}/register`}>{t('comps.register')}</Link>
              ) : (
                <Link to={`${home}/results`}>{t('comps.results')}</Link>
              )}
              {c.state === 'running' && <Link to={`${home}/live`}>{t('comps.live')}</Link>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
