import { useQuery } from '@tanstack/react-query';
import type { Announcements } from '../../../api/types.ts';
import { api } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';

/** Posted rounds in posting order. Keyed under `results`: every post or un-post refreshes it live. */
export function useAnnouncements(key: string | undefined) {
  return useQuery({
    queryKey: competitionQueryKey(key ?? '', 'results', 'announcements'),
    queryFn: () => api.get<Announcements>(`/competitions/${encodeURIComponent(key!)}/announcements`),
    enabled: key !== undefined,
  });
}
