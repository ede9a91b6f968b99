import { redirect, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { OfficialRole, SessionOfficial, SessionUser } from '../../domain/schemas/competition.ts';
import { bootOrReadMe, takeBootSession } from '../api/bootReads.ts';
import { inScope, scopeOf } from './competitionScope.ts';

/** Who the admin guard let in: an admin account, or an official on their own screen (by access code). */
export type SessionData =
  { user: SessionUser; official?: undefined } | { user?: undefined; official: SessionOfficial };

/**
 * Screens under /admin that an official's access code opens as well as an admin account (spec §6
 * lists the scrutineer as a child of /admin, sign-in required; the code is the scrutineer's sign-in).
 */
export const officialScreens: Partial<Record<OfficialRole, string>> = { Scrutineer: '/admin/scrutineer' };

/** The official role whose code opens this path, if any ("/admin/scrutineer" → Scrutineer). */
export function codeRoleFor(path: string): OfficialRole | undefined {
  const pathname = scopeOf(path.split(/[?#]/)[0]!).path.replace(/\/+$/, '');
  return (Object.keys(officialScreens) as OfficialRole[]).find((role) => officialScreens[role] === pathname);
}

/**
 * The session of this browser: an admin account, an official signed in with a code, or null when
 * nobody is signed in (/auth/me answers `{}`; a 401 from an ended session reads the same). Other
 * failures (server down) are thrown.
 */
export async function readSession(): Promise<SessionData | null> {
  // The page's first check uses the session the boot script read while the app loaded.
  const me = await bootOrReadMe(takeBootSession());
  if (me.user) return { user: me.user };
  if (me.official) return { official: me.official };
  return null;
}

/** May this session open `path`? An admin account opens every admin screen; a code only its own. */
export function admits(session: SessionData | null, path: string): session is SessionData {
  if (!session) return false;
  return session.user !== undefined || codeRoleFor(path) === session.official.role;
}

/**
 * Where to go after signing in. Only paths on this site are followed, so a crafted link
 * (`/login?next=https://evil.example`) cannot send a fresh session elsewhere.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/admin';
  const { key, path } = scopeOf(next);
  if (path === '/login' || path.startsWith('/login?') || path.startsWith('/login/'))
    return inScope(key, '/admin');
  return next;
}

/** The sign-in page for `path`, at the same competition's address (its officials' codes are asked there). */
export function loginPathFor(path: string): string {
  return `${inScope(scopeOf(path).key, '/login')}?next=${encodeURIComponent(path)}`;
}

/**
 * The navigation guard of spec §4 for /admin and its children: read the sign-in state before entering;
 * nobody signed in (or an official's code on another screen than their own) → /login?next=<where they
 * were going>.
 */
export async function requireSignIn({ request }: LoaderFunctionArgs): Promise<SessionData> {
  const url = new URL(request.url);
  const session = await readSession();
  if (!admits(session, url.pathname)) throw redirect(loginPathFor(url.pathname + url.search));
  return session;
}

/** /login when the session already opens where they were going: go straight on. */
export async function skipLoginWhenSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
  let session: SessionData | null = null;
  try {
    session = await readSession();
  } catch {
    // Server unreachable: show the form; submitting it will say what is wrong.
    return null;
  }
  const next = safeNext(new URL(request.url).searchParams.get('next'));
  if (admits(session, next)) throw redirect(next);
  return null;
}

/**
 * The admin guard's answer, for screens under /admin: the route tree is mounted twice (at `/` and at
 * `/c/{key}`, router.tsx), so the guard's route has an id in each.
 */
export function useGuardSession(): SessionData | undefined {
  const atSite = useRouteLoaderData<typeof requireSignIn>('admin');
  const scoped = useRouteLoaderData<typeof requireSignIn>(`${SCOPED_ROUTE_ID}admin`);
  return (atSite ?? scoped) as SessionData | undefined;
}

/** The prefix of route ids in the tree mounted under `/c/:competitionKey`. */
export const SCOPED_ROUTE_ID = 'c:';
