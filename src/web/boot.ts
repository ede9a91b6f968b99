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

/** What this script leaves on `window` for the app. */
export interface BootReads {
  /** GET /site: which competition the site serves. */
  site: Promise<{ competition: string } | undefined>;
  /** The page's competition reads, started once the site's answer names the competition. */
  reads: Promise<BootRead[]>;
}

declare global {
  interface Window {
    __promenadeBoot?: BootReads;
  }
}

function read<T>(path: string): Promise<T | undefined> {
  return fetch(`/api/v1${path}`, { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((res) => (res.status === 200 ? (res.json() as Promise<T>) : undefined))
    .catch(() => undefined);
}

/**
 * The reads a public page starts with, by its path, under the keys its hooks use: the competition
 * (every page shows its name), and what /live and /results/{event} show. Staff screens start with
 * the session instead, and get nothing here.
 */
export function pageReads(pathname: string, key: string): Omit<BootRead, 'answer'>[] {
  if (/^\/(admin|login|judges)(\/|$)/.test(pathname)) return [];
  const base = `/competitions/${encodeURIComponent(key)}`;
  const reads = [{ path: base, queryKey: [key, 'competition'] }];
  if (/^\/live\/?$/.test(pathname))
    reads.push(
      { path: `${base}/events`, queryKey: [key, 'events'] },
      { path: `${base}/schedule`, queryKey: [key, 'schedule'] },
      { path: `${base}/settings/events`, queryKey: [key, 'settings'] },
    );
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

function preloadScreen(pathname: string): void {
  for (const file of routeFiles(pathname)) {
    const link = document.createElement('link');
    // The stylesheet as the app itself would add it (it then finds it in place); scripts preloaded.
    link.rel = file.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.crossOrigin = '';
    link.href = `/assets/${file}`;
    document.head.appendChild(link);
  }
}

function start(): BootReads {
  preloadScreen(window.location.pathname);
  const site = read<{ competition: string }>('/site');
  const pathname = window.location.pathname;
  const reads = site.then((answer) =>
    answer?.competition
      ? pageReads(pathname, answer.competition).map((r) => ({ ...r, answer: read(r.path) }))
      : [],
  );
  return { site, reads };
}

// Not under unit tests, which import pageReads only.
if (import.meta.env.MODE !== 'test' && !window.__promenadeBoot) window.__promenadeBoot = start();
