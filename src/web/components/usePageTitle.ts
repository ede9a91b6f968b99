import { useEffect } from 'react';
import { useCompetition } from '../api/queries/competition.ts';

/** Sets the browser tab title: "Rules · Vanderbilt Spring Swing", or the competition name alone. */
export function usePageTitle(page?: string): void {
  const { competition } = useCompetition();
  const name = competition?.fullName;
  useEffect(() => {
    const parts = [page, name ?? 'Promenade'].filter(Boolean);
    document.title = parts.join(' · ');
  }, [page, name]);
}
