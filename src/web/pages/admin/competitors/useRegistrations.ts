import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import type { AdminRegistrations } from '../../../../domain/schemas/registration.ts';

/** The organizer's registrations table; under `events` so every entries change refreshes it. */
export function registrationsKey(key: string) {
  return competitionQueryKey(key, 'events', 'registrations');
}

export function useRegistrations(key: string | undefined) {
  return useQuery({
    queryKey: registrationsKey(key ?? ''),
    queryFn: () => api.get<AdminRegistrations>(`/competitions/${encodeURIComponent(key!)}/registrations`),
    enabled: key !== undefined,
  });
}

/** After a write: refresh the table and every public view of entries. */
export function useRefreshEntries(key: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: competitionQueryKey(key, 'events') });
}
