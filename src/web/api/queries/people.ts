/**
 * People across competitions. Not per competition, so their keys start with 'people' (the
 * live feed, per competition, never names them; they are read when a page opens).
 */
import { queryOptions } from '@tanstack/react-query';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { call } from '../client.ts';
import { retryUnlessAnswered } from './keys.ts';

export const personQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: ['people', 'person', id],
    queryFn: () => call(endpoints.getPeopleOne, { personId: id! }),
    enabled: id !== undefined,
    retry: retryUnlessAnswered,
  });

export const personPointsQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: ['people', 'points', id],
    queryFn: () => call(endpoints.getPeoplePoints, { personId: id! }),
    enabled: id !== undefined,
    retry: retryUnlessAnswered,
  });

/** A dancer's standing by the name and email typed on the registration form. */
export const standingQuery = (name: string, email: string) =>
  queryOptions({
    queryKey: ['people', 'standing', name, email],
    queryFn: () => call(endpoints.postPeopleStanding, {}, { name, email }),
    enabled: name !== '' && email !== '',
    staleTime: 60_000,
    retry: retryUnlessAnswered,
  });

export const duplicatesQuery = () =>
  queryOptions({
    queryKey: ['people', 'duplicates'],
    queryFn: () => call(endpoints.getPeopleDuplicates, {}),
  });

export const personAdminQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: ['people', 'admin', id],
    queryFn: () => call(endpoints.getPeopleAdmin, { personId: id! }),
    enabled: id !== undefined,
    retry: retryUnlessAnswered,
  });
