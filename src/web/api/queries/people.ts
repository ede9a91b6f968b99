/**
 * People across competitions. Not per competition, so their keys start with 'people' (the
 * live feed, per competition, never names them; they are read when a page opens).
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  DuplicateGroup,
  PersonAdmin,
  PersonPoints,
  PersonPublic,
  StandingAnswer,
} from '../../../domain/schemas/people.ts';
import { api } from '../client.ts';
import { paths } from '../paths.ts';
import { retryUnlessAnswered } from './keys.ts';

export const personQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: ['people', 'person', id],
    queryFn: () => api.get<PersonPublic>(paths.person(id!)),
    enabled: id !== undefined,
    retry: retryUnlessAnswered,
  });

export const personPointsQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: ['people', 'points', id],
    queryFn: () => api.get<PersonPoints>(paths.personPoints(id!)),
    enabled: id !== undefined,
    retry: retryUnlessAnswered,
  });

/** A dancer's standing by the name and email typed on the registration form. */
export const standingQuery = (name: string, email: string) =>
  queryOptions({
    queryKey: ['people', 'standing', name, email],
    queryFn: () => api.post<StandingAnswer>(paths.personStanding(), { name, email }),
    enabled: name !== '' && email !== '',
    staleTime: 60_000,
    retry: retryUnlessAnswered,
  });

export const duplicatesQuery = () =>
  queryOptions({
    queryKey: ['people', 'duplicates'],
    queryFn: () => api.get<DuplicateGroup[]>(paths.peopleDuplicates()),
  });

export const personAdminQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: ['people', 'admin', id],
    queryFn: () => api.get<PersonAdmin>(paths.personAdmin(id!)),
    enabled: id !== undefined,
    retry: retryUnlessAnswered,
  });
