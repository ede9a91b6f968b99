/**
 * Which competition a page is about. Every route of the app is also mounted under
 * `/c/{key}/…` (router.tsx); a page at such an address is about competition `key`, any other page about
 * the competition the site serves at `/` (GET /site). The key in the address reaches every screen
 * through ScopeContext, set by AppProviders from the router's location, and `useSiteKey`
 * (api/queries/competition.ts) lets it win over the site's: one place for the whole app.
 */
import { createContext, useCallback, useContext } from 'react';

const SCOPED = /^\/c\/([^/?#]+)(\/[^?#]*)?/;

/** `/c/vss24/admin/setup` → `{key: 'vss24', path: '/admin/setup'}`; `/admin` → `{key: null, path: '/admin'}`. */
export function scopeOf(pathname: string): { key: string | null; path: string } {
  const m = SCOPED.exec(pathname);
  if (!m) return { key: null, path: pathname || '/' };
  let key: string;
  try {
    key = decodeURIComponent(m[1]!);
  } catch {
    key = m[1]!;
  }
  return { key, path: m[2] || '/' };
}

/**
 * `path` (an app path like `/results`, maybe with `?…`/`#…`) at competition `key`'s address; itself
 * when `key` is null. A path already at a competition's address is left alone.
 */
export function inScope(key: string | null, path: string): string {
  if (key === null || !path.startsWith('/') || SCOPED.test(path)) return path;
  const base = `/c/${encodeURIComponent(key)}`;
  if (path === '/') return base;
  if (path.startsWith('/?') || path.startsWith('/#')) return base + path.slice(1);
  return base + path;
}

/** The key in the page's address (`/c/{key}/…`), or null at the site's own addresses. */
export const ScopeContext = createContext<string | null>(null);

/** The key in the page's address, or null (the page is about the competition served at `/`). */
export const useScopeKey = (): string | null => useContext(ScopeContext);

/** Maps an app path to this page's competition's address: links stay under `/c/{key}`. */
export function useScopedPath(): (path: string) => string {
  const key = useScopeKey();
  return useCallback((path: string) => inScope(key, path), [key]);
}
