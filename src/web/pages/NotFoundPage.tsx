import { Button } from '@mantine/core';
import { useLocation } from 'react-router';
import { Link } from '../components/Link.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';

/** Any path the app does not know (the server answers every non-API path with the app). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle('Page not found');
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p className="page-lead">
        There is no page at <code className="path">{pathname}</code>. The link may be mistyped or out of date.
      </p>
      <Button component={Link} to="/" size="md" className="tap">
        Go to competitor info
      </Button>
    </div>
  );
}
