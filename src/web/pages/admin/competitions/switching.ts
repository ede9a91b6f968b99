/**
 * Moving between competitions in the admin area: the same screen, another competition's
 * address. Every competition is addressed by its key (`/c/{key}/…`), the one served at `/` too, so a
 * link keeps meaning the same competition whichever one `/` serves later.
 */
import { inScope, scopeOf } from '../../../shared/competitionScope.ts';

/** `path` (an app path) of competition `key`. */
export const competitionHome = (key: string, path: string): string => inScope(key, path);

/**
 * The same screen of another competition: `/c/a/admin/setup/events` → `/c/b/admin/setup/events`;
 * from a site address, `/admin/officials` → `/c/b/admin/officials`. The query (a selected event) is
 * the first competition's, so it is left behind.
 */
export function sameScreenOf(pathname: string, key: string): string {
  return inScope(key, scopeOf(pathname).path);
}
