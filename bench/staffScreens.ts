/**
 * Staff screens: time from navigation to the screen's first meaningful content (its data,
 * not a skeleton) in Chromium with the admin's session, on the production build and the demo data.
 * Each screen is opened `RUNS` times in a fresh browser context (nothing cached: a laptop opening the
 * screen for the first time) and `RUNS` times in one context whose code is already cached (the usual
 * case on the day). An init script records `performance.now()` (ms since navigation start) when the
 * screen's content selector first matches an element with a size, observed with a MutationObserver.
 * `/live` is measured the same way as the public reference. Median per screen; target < 1 s.
 *
 * Run alone: `npm run bench -- staff` (or `BENCH_STAFF_RUNS=3 BENCH_STAFF_ONLY=/admin/officials …`).
 * `BENCH_STAFF_BEFORE=<a built web folder>` also serves that build (same server code, next port) and
 * measures both, run by run in turn, so a busy machine slows both alike: "before → after".
 */
import type { Browser, BrowserContext } from '@playwright/test';
import { ADMIN, startServer, type RunningServer } from './lib/server.ts';
import { launch } from './lib/browser.ts';
import { median } from './lib/stats.ts';
import type { Row } from './lib/report.ts';

const RUNS = Number(process.env.BENCH_STAFF_RUNS ?? 5);
const TARGET_MS = 1000;

/** Each screen and what shows that its content is there (the data, never the loading skeleton). */
export const STAFF_SCREENS: readonly { path: string; content: string }[] = [
  { path: '/admin', content: '[aria-busy="false"]' },
  { path: '/admin/setup', content: 'form[aria-label="Competition setup"]' },
  { path: '/admin/setup/events', content: '[data-testid^="event-"]' },
  { path: '/admin/settings', content: 'form[aria-label="Event settings"]' },
  { path: '/admin/eventschedule', content: '[data-testid^="slot-"]' },
  { path: '/admin/scrutineer', content: 'table[aria-label="Rounds by schedule"] tbody tr' },
  { path: '/admin/results', content: '.mantine-Grid-root' },
  { path: '/admin/competitors', content: 'table[aria-label="Couples"] tbody tr' },
  { path: '/admin/competitors/add-competitor', content: 'form input' },
  { path: '/admin/officials', content: '[data-testid^="official-"]' },
  { path: '/admin/deckcaptain', content: '[data-testid="next-round"], [data-testid="on-floor-round"]' },
  { path: '/admin/chairman', content: '[data-testid="approval-rule"]' },
  { path: '/admin/mc', content: '.mantine-Grid-root' },
  { path: '/print-sheets', content: '[data-testid="sheet-page"]' },
  { path: '/live', content: 'ol[aria-label="Running order"] li' },
];

declare global {
  interface Window {
    __firstContent?: number;
  }
}

/**
 * Runs in the page before any of its scripts: notes when the content first has a size. (No named
 * inner functions: tsx would wrap them in a `__name` helper the page does not have.)
 */
function watchFor(selector: string) {
  new MutationObserver((_records, observer) => {
    for (const el of document.querySelectorAll(selector)) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) {
        window.__firstContent = performance.now();
        observer.disconnect();
        return;
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

async function signedInContext(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
  const login = await context.request.post('/api/v1/auth/login', { data: ADMIN });
  if (!login.ok()) throw new Error(`admin sign-in failed: ${login.status()}`);
  return context;
}

/** Opens `path` in a new page of `context`; ms from navigation start to the content. */
async function timeToContent(context: BrowserContext, path: string, selector: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.addInitScript(watchFor, selector);
    await page.goto(path, { waitUntil: 'commit' });
    await page
      .waitForFunction(() => window.__firstContent !== undefined, null, { timeout: 30_000 })
      .catch((e: unknown) => {
        throw new Error(`${path}: no ${selector} within 30 s (${String(e).split('\n')[0]})`);
      });
    return await page.evaluate(() => window.__firstContent!);
  } finally {
    await page.close();
  }
}

interface Site {
  url: string;
  /** One context for every screen: the app's code is cached after the first visit. */
  warm: BrowserContext;
}

async function openSite(browser: Browser, url: string, screens: typeof STAFF_SCREENS): Promise<Site> {
  const warm = await signedInContext(browser, url);
  for (const s of screens) await timeToContent(warm, s.path, s.content);
  return { url, warm };
}

/** One first visit (fresh context) and one visit with the code cached. */
async function visit(browser: Browser, site: Site, s: (typeof STAFF_SCREENS)[number]) {
  const fresh = await signedInContext(browser, site.url);
  const cold = await timeToContent(fresh, s.path, s.content);
  await fresh.close();
  return { cold, cached: await timeToContent(site.warm, s.path, s.content) };
}

const both = (cold: number[], cached: number[]) =>
  `${Math.round(median(cold))} / ${Math.round(median(cached))}`;

export async function staffScreens(server: RunningServer): Promise<Row[]> {
  const only = process.env.BENCH_STAFF_ONLY?.split(',');
  const screens = STAFF_SCREENS.filter((s) => !only || only.includes(s.path));
  const beforeRoot = process.env.BENCH_STAFF_BEFORE;
  const beforeServer = beforeRoot
    ? await startServer(server.port + 1, [], 'src/server/main.ts', beforeRoot)
    : null;
  const browser = await launch();
  const rows: Row[] = [];
  try {
    const after = await openSite(browser, server.url, screens);
    const before = beforeServer ? await openSite(browser, beforeServer.url, screens) : null;
    for (const s of screens) {
      const now = { cold: [] as number[], cached: [] as number[] };
      const then = { cold: [] as number[], cached: [] as number[] };
      for (let i = 0; i < RUNS; i++) {
        const a = await visit(browser, after, s);
        now.cold.push(a.cold);
        now.cached.push(a.cached);
        if (!before) continue;
        const b = await visit(browser, before, s);
        then.cold.push(b.cold);
        then.cached.push(b.cached);
      }
      const first = median(now.cold);
      const again = median(now.cached);
      rows.push({
        figure: `${s.path}: first visit / code cached (median of ${RUNS})`,
        value: before
          ? `${both(then.cold, then.cached)} → ${both(now.cold, now.cached)} ms`
          : `${both(now.cold, now.cached)} ms`,
        target: `< ${TARGET_MS} ms`,
        pass: first < TARGET_MS && again < TARGET_MS,
        data: before ? { before: then, after: now } : now,
      });
    }
    await after.warm.close();
    await before?.warm.close();
  } finally {
    await browser.close();
    await beforeServer?.stop();
  }
  return rows;
}
