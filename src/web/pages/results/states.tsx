import { Link } from '../../components/Link.tsx';
import { useT } from '../../i18n/locale.ts';
import { resultsText } from './text.ts';

/** The page's frame while data loads, the size of what comes (no jump when it arrives). */
export function ResultsLoading({ title }: { title: string }) {
  const t = useT(resultsText);
  return (
    <div className="page" aria-busy="true">
      <h1>{title}</h1>
      <p className="page-lead res-loading">{t('loading')}</p>
      <div className="res-placeholder" />
    </div>
  );
}

/** `resultsPageShown` is off: say so plainly, and where to look meanwhile. */
export function NotPublished() {
  const t = useT(resultsText);
  return (
    <div className="page">
      <h1>{t('unpublished.title')}</h1>
      <p className="page-lead">{t('unpublished.lead')}</p>
      <ul className="link-list">
        <li>
          <Link to="/live">{t('unpublished.live')}</Link>
        </li>
        <li>
          <Link to="/">{t('unpublished.info')}</Link>
        </li>
      </ul>
    </div>
  );
}
