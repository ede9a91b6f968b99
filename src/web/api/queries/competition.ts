import * as endpoints from '../../../domain/schemas/endpoints.ts';
import {
  queryOptions,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { call, ApiError } from '../client.ts';
import type { Me } from '../types.ts';
import { competitionRead, MIRROR_REST, nullWhenMissing, retryUnlessAnswered } from './keys.ts';
import { useScopeKey } from '../../shared/competitionScope.ts';

/** The site-wide query (not per competition): which competition `/` serves. It does not change while the app runs. */
export const siteQuery = () =>
  queryOptions({ queryKey: ['site'], queryFn: () => call(endpoints.getSite, {}), staleTime: Infinity });

/** The server's competitions not archived, newest first (the public list). */
export const competitionsQuery = () =>
  queryOptions({
    queryKey: ['site', 'competitions'],
    queryFn: () => call(endpoints.getCompetitions, {}),
  });

/** The admin area's competitions: all for a site administrator, else the account's own. */
export const adminCompetitionsQuery = () =>
  queryOptions({
    queryKey: ['staff', 'competitions'],
    queryFn: () => call(endpoints.getAdminCompetitions, {}),
  });

export const competitionQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'competition' }, (k) => call(endpoints.getCompetitionsOne, { key: k }));

/**
 * Whether the competition is run here or mirrored from a venue, and how live that is (docs/mirror.md).
 * Null from a server without mirrors (404). Kept under `competition` (keys.ts: MIRROR_REST).
 */
export const mirrorQuery = (key: string | undefined) => ({
  ...competitionRead(key, { topic: 'competition', rest: MIRROR_REST }, (k) =>
    nullWhenMissing(call(endpoints.getMirror, { key: k })),
  ),
  retry: retryUnlessAnswered,
});

/** Event settings (spec §3). */
export const eventSettingsQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'settings' }, (k) => call(endpoints.getSettingsEvents, { key: k }));

export const dashboardQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'dashboard' }, (k) => call(endpoints.getDashboard, { key: k }));

/** The audit trail's hash chain checked; read when the admin asks, never kept as fresh. */
export const auditVerifyQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'audit' }, (k) => call(endpoints.getAuditVerify, { key: k }));

/** The site's own chain (people merged and split, results imported): site administrators. */
export const siteAuditVerifyQuery = () =>
  queryOptions({
    // Typed as a competition's key is, so a screen can take either read (AuditRecord).
    queryKey: ['staff', 'siteAuditVerify'] as readonly unknown[],
    queryFn: () => call(endpoints.getSiteAuditVerify, {}),
  });

/** Not a feed topic: the list changes only through its screen, which refreshes it itself. */
export const adminsQuery = (key: string | undefined) =>
  competitionRead(key, { topic: 'admins' }, (k) => call(endpoints.getAdmins, { key: k }));

/** GET /auth/me: an admin, an official with their code, or nobody (`{}`); other failures throw. */
export async function readMe(): Promise<Me> {
  try {
    return await call(endpoints.getAuthMe, {});
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return {};
    throw e;
  }
}

/** Who is signed in on a staff screen (see readMe). */
export const meQuery = () => queryOptions({ queryKey: ['staff', 'me'], queryFn: readMe });

/**
 * The key of the page's competition: the one in the address (`/c/{key}/…`, shared/competitionScope.ts)
 * wins; elsewhere the one served at `/`. Every read of a competition's data goes through here.
 */
export function useSiteKey() {
  const scoped = useScopeKey();
  const query = useQuery({ ...siteQuery(), enabled: scoped === null });
  if (scoped !== null) return { ...query, key: scoped, error: null, isError: false };
  return { ...query, key: query.data?.competition };
}

/**
 * The site competition's metadata. `key` is undefined until /site has answered; `competition` until
 * the metadata has. Pass `competitionKey` to read another competition than the site's.
 */
export function useCompetition(competitionKey?: string) {
  const site = useSiteKey();
  const key = competitionKey ?? site.key;
  const query = useQuery(competitionQuery(key));
  return {
    ...query,
    competition: query.data,
    key,
    // A failure to learn the site key is as fatal for the page as a failure to load the competition.
    error: query.error ?? (competitionKey ? null : site.error),
    isError: query.isError || (!competitionKey && site.isError),
    isPending: key === undefined ? !site.isError : query.isPending,
  };
}

/**
 * One read of the site competition (or of `competitionKey`): the query, its data also under `name`
 * (`competitors`, `results`, …) and the competition's key. The thin hooks of this folder are built on it.
 */
export function useSiteRead<Name extends string, T>(
  name: Name,
  read: (key: string | undefined) => UseQueryOptions<T, Error, T, QueryKey>,
  competitionKey?: string,
) {
  const site = useSiteKey();
  const key = competitionKey ?? site.key;
  const query = useQuery(read(key));
  return { ...query, [name]: query.data, key } as UseQueryResult<T> &
    Record<Name, T | undefined> & {
      key: string | undefined;
    };
}

/** Event settings (spec §3) of the site competition. */
export const useEventSettings = (competitionKey?: string) =>
  useSiteRead('settings', eventSettingsQuery, competitionKey);
