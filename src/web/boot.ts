/**
 * The first API reads of a page, started while the app's code is still downloading. A phone on slow
 * venue Wi-Fi would otherwise wait for the whole app, then ask which competition the site serves,
 * then its metadata, then the page's data: one round trip after another before anything shows.
 *
 * A tiny script of its own (index.html loads it before the app; CSP allows no inline script), with
 * no imports so it arrives at once. main.tsx hands the answers to the query cache under the keys the
 * pages use (api/bootReads.ts). An answer that is not a plain 200 is left to the app's API client,
 * which asks again and explains any error: this script never decides anything.
 */

/** One read a page starts with: its API path (under /api/v1), its query key, and its answer. */
export interface BootRead {
  path: string;
  /** The key the page's hook reads it under (`competitionQueryKey` of api/queries.ts). */
  queryKey: readonly unknown[];
  /** The JSON answer, or undefined when the read failed or answered anything but 200. */
  answer: Promise<unknown>;
}

/** GET /auth/me as answered: its status (401: nobody signed in) and, for a 200, the session. */
export interface BootSession {
  status: number;
  body?: unknown;
}

/** What this script leaves on `window` for the app. */
export interface BootReads {
  /** GET /site: which competition the site serves. */
  site: Promise<{ competition: string } | undefined>;
  /** The page's competition reads, started once the site's answer names the competition. */
  reads: Promise<BootRead[]>;
  /** Staff screens and the sign-in page: who is signed in (undefined when it could not be read). */
  session?: Promise<BootSession | undefined>;
}

declare global {
  interface Window {
    __promenadeBoot?: BootReads;
  }
}

function readSession(): Promise<BootSession | undefined> {
  return fetch('/api/v1/auth/me', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (res) => ({ status: res.status, body: res.status === 200 ? await res.json() : undefined }))
    .catch(() => undefined);
}

function read<T>(path: string): Promise<T | undefined> {
  return fetch(`/api/v1${path}`, { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((res) => (res.status === 200 ? (res.json() as Promise<T>) : undefined))
    .catch(() => undefined);
}

/** Screens that begin with the session: the admin guard or the screen itself checks it. */
export const STAFF_PATH = /^\/(admin|login)(\/|$)/;
/** Staff screens anyone may open (their reads are public): their data need not wait for a sign-in. */
const OPEN_STAFF = /^\/admin\/(deckcaptain|chairman|mc)$/;

/**
 * Each screen's first reads after the competition: the path under the competition and the rest of the
 * query key after `[key]`, as its hooks read them (bootReads.test.tsx holds them to the query
 * factories).
 */
const SCHEDULE = ['/schedule', 'schedule'];
const EVENTS = ['/events', 'events'];
const SETTINGS = ['/settings/events', 'settings'];
const ANNOUNCER = [['/announcements', 'results', 'announcements'], SCHEDULE, EVENTS];
const SCREEN_READS: Record<string, (string | number)[][]> = {
  '/live': [EVENTS, SCHEDULE, SETTINGS],
  '/admin': [
    ['/dashboard', 'dashboard'],
    ['/floor?next=0', 'events', 'floor', 0],
  ],
  '/admin/officials': [
    ['/officials', 'competition', 'officials'],
    ['/panels', 'events', 'panels'],
  ],
  '/admin/competitors': [['/registrations', 'events', 'registrations']],
  '/admin/money': [
    ['/money', 'events', 'money', 'totals'],
    ['/invoices', 'events', 'money', 'invoices'],
    ['/teams', 'events', 'money', 'teams'],
  ],
  '/admin/competitors/add-competitor': [EVENTS],
  '/admin/setup/events': [EVENTS],
  '/admin/settings': [SETTINGS, ['/admins', 'admins']],
  '/admin/eventschedule': [SCHEDULE, SETTINGS],
  '/admin/scrutineer': [SCHEDULE],
  '/admin/chairman': [SCHEDULE],
  '/admin/deckcaptain': [['/floor', 'events', 'floor', 'all'], SCHEDULE],
  '/admin/mc': ANNOUNCER,
  '/admin/results': ANNOUNCER,
  '/print-sheets': [EVENTS, ['/print/panels', 'events', 'print-panels'], SCHEDULE],
};

/**
 * The reads a page starts with, by its path, under the keys its hooks use: the competition (every
 * page shows its name), and what /live, /results/{event} and each staff screen show. A staff screen
 * behind the sign-in gets its data only when someone is signed in (`signedIn`); the sign-in page and
 * the judge's tablet get nothing here.
 */
export function pageReads(pathname: string, key: string, signedIn = false): Omit<BootRead, 'answer'>[] {
  const route = pathname.replace(/\/+$/, '') || '/';
  if (/^\/(login|judges)(\/|$)/.test(route)) return [];
  if (STAFF_PATH.test(route) && !signedIn && !OPEN_STAFF.test(route)) return [];
  const base = `/competitions/${encodeURIComponent(key)}`;
  const reads = [{ path: base, queryKey: [key, 'competition'] as unknown[] }];
  for (const [path, ...rest] of SCREEN_READS[route] ?? [])
    reads.push({ path: `${base}${path}`, queryKey: [key, ...rest] });
  const result = /^\/results\/([^/]+)\/?$/.exec(pathname);
  if (result) {
    let eventKey: string;
    try {
      eventKey = decodeURIComponent(result[1]!);
    } catch {
      return reads;
    }
    reads.push({
      path: `${base}/results/${encodeURIComponent(eventKey)}`,
      queryKey: [key, 'results', 'event', eventKey],
    });
  }
  return reads;
}

/**
 * The code of the first screens, filled in by the build (vite.config.ts): `route:file|file;…`, where a
 * route is `/`, `/live`, `/results` or `/results/*` and files are under /assets/. The app would ask
 * for a screen's code only once its own code has run; asking now saves that wait.
 */
const ROUTE_FILES = '__PROMENADE_ROUTE_FILES__';

/** The files of the screen at `pathname` (empty when unknown, and under the dev server). */
export function routeFiles(pathname: string, table: string = ROUTE_FILES): string[] {
  const route = pathname.replace(/\/+$/, '') || '/';
  const pattern = /^\/results\/[^/]+$/.test(route) ? '/results/*' : route;
  for (const entry of table.split(';')) {
    const [name, files] = entry.split(':');
    if (name === pattern && files) return files.split('|');
  }
  return [];
}

/**
 * The staff screens' table (`{route: files}`), a file of its own filled in by the build: fetched on
 * staff screens only, while the app downloads.
 */
const STAFF_FILES = '__PROMENADE_STAFF_FILES__';
const STAFF_SCREEN = /^\/(admin|print-sheets)(\/|$)/;

function preload(files: readonly string[]): void {
  for (const file of files) {
    const link = document.createElement('link');
    // The stylesheet as the app itself would add it (it then finds it in place); scripts preloaded.
    link.rel = file.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.crossOrigin = '';
    link.href = `/assets/${file}`;
    document.head.appendChild(link);
  }
}

function preloadScreen(pathname: string): void {
  preload(routeFiles(pathname));
  // Not built (the dev server): the mark is still in place.
  if (!STAFF_SCREEN.test(pathname) || !STAFF_FILES.startsWith('/')) return;
  const route = pathname.replace(/\/+$/, '');
  fetch(STAFF_FILES)
    .then((res) => res.json() as Promise<Record<string, string[] | undefined>>)
    .then((table) => preload(table[route] ?? []))
    .catch(() => undefined);
}

/**
 * What this browser saw last time, so the next page's reads need not wait for the answers: the
 * competition the site serves, and whether someone was signed in. (Hints only: the reads' answers are
 * used once /site and /auth/me agree; a session is never taken from here.)
 */
const LAST_SITE = 'promenade:site';
const LAST_SIGNED_IN = 'promenade:signed-in';

function remembered(name: string): string | null {
  try {
    return localStorage.getItem(name);
  } catch {
    return null;
  }
}

function remember(name: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(name);
    else localStorage.setItem(name, value);
  } catch {
    // Private mode or storage full: the next page waits for the answers, as the first one did.
  }
}

/**
 * A page at `/c/{key}/…` is about competition `key` (the app reads it the same way in
 * shared/competitionScope.ts, not imported here to keep this script tiny): its key and the app path.
 */
export function scopeOfPath(pathname: string): { key: string | null; path: string } {
  const m = /^\/c\/([^/?#]+)(\/[^?#]*)?/.exec(pathname);
  if (!m) return { key: null, path: pathname };
  try {
    return { key: decodeURIComponent(m[1]!), path: m[2] || '/' };
  } catch {
    return { key: null, path: pathname };
  }
}

function start(): BootReads {
  const scope = scopeOfPath(window.location.pathname);
  // The app's path inside the competition: `/c/vss24/live` starts with the reads of `/live`.
  const pathname = scope.path;
  preloadScreen(pathname);
  const site = read<{ competition: string }>('/site');
  const session = STAFF_PATH.test(pathname) ? readSession() : undefined;
  void site.then((answer) => answer && remember(LAST_SITE, answer.competition));
  void session?.then((me) => me && remember(LAST_SIGNED_IN, me.status === 200 ? '1' : null));
  const begin = (r: Omit<BootRead, 'answer'>): BootRead => ({ ...r, answer: read(r.path) });
  // The reads start now when the competition and the sign-in are known from last time: the answers
  // then arrive while the app's code downloads and runs (a busy main thread would hold up anything
  // started from the answers' callbacks).
  const guess = scope.key ?? remembered(LAST_SITE);
  const early = guess ? pageReads(pathname, guess, remembered(LAST_SIGNED_IN) === '1').map(begin) : [];
  const reads = Promise.all([scope.key ?? site, session]).then(([answer, me]) => {
    const key = typeof answer === 'string' ? answer : answer?.competition;
    if (!key) return [];
    const started = new Map(key === guess ? early.map((r) => [r.path, r]) : []);
    return pageReads(pathname, key, me?.status === 200).map((r) => started.get(r.path) ?? begin(r));
  });
  return { site, reads, session };
}

// Not under unit tests, which import pageReads only.
if (import.meta.env.MODE !== 'test' && !window.__promenadeBoot) window.__promenadeBoot = start();
