/**
 * People across competitions. Not per competition, so their keys start with 'people' (the
 * live feed, per competition, never names them; they are read when a page opens).
 */
import { queryOptions } from '@tanstack/react-query';
import * as endpoints from '../../../domain/schemas/endpoints.ts';
import { call } from '../client.ts';
import { retryUnlessAnswered } from './keys.ts';

/** A part of one person's page, read once the person is known (the points wait for the person). */
const personPart = <Id extends string | number, T>(
  part: string,
  id: Id | undefined,
  read: (id: Id) => Promise<T>,
) =>
  queryOptions({
    queryKey: ['people', part, id],
    queryFn: () => read(id!),
    enabled: id !== undefined,
    retry: retryUnlessAnswered,
  });

export const personQuery = (id: string | undefined) =>
  personPart('person', id, (personId) => call(endpoints.getPeopleOne, { personId }));

export const personPointsQuery = (id: number | undefined) =>
  personPart('points', id, (personId) => call(endpoints.getPeoplePoints, { personId }));

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
