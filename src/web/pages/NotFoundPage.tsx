import { Button } from '@mantine/core';
import { useLocation } from 'react-router';
import { Link } from '../components/Link.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { useT } from '../i18n/locale.ts';
import { publicText } from './public/text.ts';

/** Any path the app does not know (the server answers every non-API path with the app). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  const t = useT(publicText);
  usePageTitle(t('notFound.title'));
  return (
    <div className="page">
      <h1>{t('notFound.title')}</h1>
      <p className="page-lead">
        {t('notFound.before')}
        <code className="path">{pathname}</code>
        {t('notFound.after')}
      </p>
      <Button component={Link} to="/" size="md" className="tap">
        {t('notFound.home')}
      </Button>
    </div>
  );
}
