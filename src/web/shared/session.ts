import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { SessionUser } from '../../domain/schemas/competition.ts';
import { api } from '../api/client.ts';
import { paths } from '../api/paths.ts';

export interface SessionData {
  user: SessionUser;
}

/**
 * The signed-in admin account, or null when nobody is signed in as one (/auth/me answers `{}`). A
 * judge's access-code session also answers /auth/me (with `official` instead of `user`): for the admin
 * area that is nobody. Failures (server down) are thrown.
 */
export async function readSession(): Promise<SessionUser | null> {
  const me = await api.get<Partial<SessionData> | undefined>(paths.me());
  return me?.user ?? null;
}

/**
 * Where to go after signing in. Only paths on this site are followed, so a crafted link
 * (`/login?next=https://evil.example`) cannot send a fresh session elsewhere.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/admin';
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return '/admin';
  return next;
}

export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

/**
 * The navigation guard of spec §4 for /admin and its children: read the sign-in state before entering;
 * nobody signed in → /login?next=<where they were going>.
 */
export async function requireSignIn({ request }: LoaderFunctionArgs): Promise<SessionData> {
  const user = await readSession();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(url.pathname + url.search));
  }
  return { user };
}

/** /login when someone is already signed in: go straight on to where they were going. */
export async function skipLoginWhenSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
  let user: SessionUser | null = null;
  try {
    user = await readSession();
  } catch {
    // Server unreachable: show the form; submitting it will say what is wrong.
    return null;
  }
  if (user) throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
  return null;
}
