import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { BootReads } from '../boot.ts';
import { api } from './client.ts';
import { siteQuery } from './queries/competition.ts';

/**
 * Hands the reads boot.ts started (before the app's code arrived) to the query cache, under the
 * keys the pages' hooks use, so a page finds its data in flight instead of asking again. A read the
 * boot script could not complete is asked again through the API client, which explains errors.
 */
export function adoptBootReads(queryClient: QueryClient, boot: BootReads | undefined): void {
  if (!boot) return;
  const adopt = (queryKey: QueryKey, path: string, answer: Promise<unknown>) =>
    void queryClient.prefetchQuery({
      queryKey,
      queryFn: () => answer.then((data) => (data === undefined ? api.get(path) : data)),
    });
  // Registered before the site read is adopted, so the page's reads are in the cache before any
  // hook learns the competition's key.
  void boot.reads.then((reads) => {
    for (const r of reads) adopt(r.queryKey, r.path, r.answer);
  });
  adopt(siteQuery().queryKey, '/site', boot.site);
}
