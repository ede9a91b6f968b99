import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useCompetition } from '../api/queries.ts';
import { usePageTitle } from '../components/usePageTitle.ts';

/** The one placeholder issue 2 allows: for screens later work builds (registration, results, live…). */
export default function NotYetPage() {
  const { competition } = useCompetition();
  usePageTitle('Not available yet');
  return (
    <div className="page">
      <p className="page-kicker">{competition?.fullName ?? 'Loading...'}</p>
      <h1>This page is not available yet</h1>
      <p className="page-lead">Check back closer to the competition.</p>
      <Button component={Link} to="/" size="md" className="tap">
        Go to competitor info
      </Button>
    </div>
  );
}
