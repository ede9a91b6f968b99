import { scopeOf } from '../shared/competitionScope.ts';

/**
 * When the public top bar and footer show (spec §2). Decided by the route name (the deepest matched
 * route's `handle.name`) and, for the admin area, by the path.
 */
const TOP_BAR_HIDDEN: ReadonlySet<string> = new Set([
  'markentry',
  'register',
  'deckCaptainView',
  'liveCompView',
  'liveRoundResultView',
  'liveDisplay',
  'resultDetails',
  'login',
  'printSheets',
]);

const FOOTER_HIDDEN: ReadonlySet<string> = new Set([
  'markentry',
  'scrutineerView',
  'deckCaptainView',
  'liveCompView',
  'liveRoundResultView',
  'liveDisplay',
  'resultDetails',
]);

function isAdminPath(pathname: string): boolean {
  // The competition's key (`/c/{key}/…`) is not part of it: a key may contain "admin".
  return scopeOf(pathname).path.toLowerCase().includes('admin');
}

export function isTopBarVisible(routeName: string | undefined, pathname: string): boolean {
  return !(routeName !== undefined && TOP_BAR_HIDDEN.has(routeName)) && !isAdminPath(pathname);
}

/** Whether the footer's place is shown at all; it renders only when the competition has socials. */
export function isFooterVisible(routeName: string | undefined, pathname: string): boolean {
  return !(routeName !== undefined && FOOTER_HIDDEN.has(routeName)) && !isAdminPath(pathname);
}

export interface RouteHandle {
  name?: string;
}

/** The route name of the deepest match that has one. */
export function routeNameOf(matches: ReadonlyArray<{ handle?: unknown }>): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as RouteHandle | undefined;
    if (handle && typeof handle.name === 'string') return handle.name;
  }
  return undefined;
}
