import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { BootReads, BootSession } from '../boot.ts';
import type { Me } from './types.ts';
import * as endpoints from '../../domain/schemas/endpoints.ts';
import { pathOf, readPath } from './client.ts';
import { meQuery, readMe, siteQuery } from './queries/competition.ts';

/** The boot script's GET /auth/me, until the admin guard's first check takes it. */
let bootSession: Promise<BootSession | undefined> | undefined;

/**
 * Hands the reads boot.ts started (before the app's code arrived) to the query cache, under the
 * keys the pages' hooks use, so a page finds its data in flight instead of asking again. A read the
 * boot script could not complete is asked again through the API client, which explains errors.
 * Call it before the router starts: the admin guard's first check takes the boot's session read.
 */
export function adoptBootReads(queryClient: QueryClient, boot: BootReads | undefined): void {
  if (!boot) return;
  const adopt = (queryKey: QueryKey, path: string, answer: Promise<unknown>) =>
    void queryClient.prefetchQuery({
      queryKey,
      queryFn: () => answer.then((data) => (data === undefined ? readPath(path) : data)),
    });
  bootSession = boot.session;
  const { session } = boot;
  // The open staff screens' "who is signed in" (StaffAccess).
  if (session) void queryClient.prefetchQuery({ ...meQuery(), queryFn: () => bootOrReadMe(session) });
  // Registered before the site read is adopted, so the page's reads are in the cache before any
  // hook learns the competition's key.
  const registered = boot.reads.then((reads) => {
    for (const r of reads) adopt(r.queryKey, r.path, r.answer);
  });
  adopt(
    siteQuery().queryKey,
    pathOf(endpoints.getSite, {}),
    registered.then(() => boot.site),
  );
}

/**
 * The session from the boot script's GET /auth/me (nobody: `{}`), or, when it has none or could not
 * read it, from asking the server (readMe).
 */
export async function bootOrReadMe(session: Promise<BootSession | undefined> | undefined): Promise<Me> {
  const answer = await session;
  if (answer?.status === 200) return answer.body as Me;
  if (answer?.status === 401) return {};
  return readMe();
}

/**
 * The boot script's answer to GET /auth/me, once: the first guard check of the page uses it instead
 * of asking again; every later check asks the server. Undefined when there is none (left).
 */
export function takeBootSession(): Promise<BootSession | undefined> | undefined {
  const session = bootSession;
  bootSession = undefined;
  return session;
}
