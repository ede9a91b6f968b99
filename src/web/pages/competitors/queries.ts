import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { competitionQueryKey } from '../../api/queries/keys.ts';
import { useSiteKey } from '../../api/queries/competition.ts';
import type { PublicCompetitor } from '../../../domain/schemas/registration.ts';

/**
 * Competitors change when entries do, so their keys live under the `events` topic: the live feed's
 * `events` message refreshes them.
 */
export function useCompetitors() {
  const { key } = useSiteKey();
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'events', 'competitors'),
    queryFn: () => api.get<PublicCompetitor[]>(`/competitions/${encodeURIComponent(key!)}/competitors`),
    enabled: key !== undefined,
  });
  return { ...query, competitors: query.data, key };
}

export function useCompetitor(id: string | undefined) {
  const { key } = useSiteKey();
  const query = useQuery({
    queryKey: competitionQueryKey(key ?? '', 'events', 'competitors', id),
    queryFn: () =>
      api.get<PublicCompetitor>(
        `/competitions/${encodeURIComponent(key!)}/competitors/${encodeURIComponent(id!)}`,
      ),
    enabled: key !== undefined && id !== undefined,
  });
  return { ...query, competitor: query.data, key };
}
