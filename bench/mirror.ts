/**
 * The venue and the public site (docs/mirror.md), each its own process on SQLite:
 *   - mirror lag during a busy hour, compressed: BUSY_FINALS finals run at the venue one after another
 *     (entries, rounds, marks from paper, computed, posted — about 40 public changes each, some 1,200
 *     in all, a busier hour than any real day); for each, the time from the venue's answer to the post
 *     until the public site's GET …/results/{event} shows its places (p50/p95);
 *   - catch-up: the public site stopped while the venue runs BACKLOG_FINALS finals, then started; the
 *     time from its start until it has every change the venue made, and the last result shows.
 * Ports `port` (the public site) and `port + 1` (the venue).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Api, API, computedFinal, startServer, type RunningServer } from './lib/server.ts';
import { percentile } from './lib/stats.ts';
import { ms, type Row } from './lib/report.ts';

const BUSY_FINALS = Number(process.env.BENCH_MIRROR_FINALS ?? 30);
const BACKLOG_FINALS = Number(process.env.BENCH_MIRROR_BACKLOG ?? 30);
const TOKEN = 'bench-mirror-secret-0123456789';
const TARGET_LAG_MS = 2000;
const TARGET_CATCH_UP_MS = 30_000;

/** Polls the public site until the event's results show places; the time it took. */
async function shownAt(site: string, eventKey: string, since: number, timeoutMs: number): Promise<number> {
  for (;;) {
    const res = await fetch(`${site}${API}/results/${eventKey}`);
    const text = await res.text();
    if (res.ok && text.includes('"place":1')) return performance.now() - since;
    if (performance.now() - since > timeoutMs) throw new Error(`${eventKey} never reached the public site`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function behind(venue: string): Promise<number> {
  const res = await fetch(`${venue}${API}/mirror`);
  const link = ((await res.json()) as { link: { state: string; behind: number } | null }).link;
  return link?.state === 'connected' ? link.behind : Number.POSITIVE_INFINITY;
}

export async function mirrorFigures(port: number): Promise<Row[]> {
  const siteData = mkdtempSync(join(tmpdir(), 'promenade-bench-site-'));
  const siteEnv = { PROMENADE_MIRROR_ACCEPT_TOKEN: TOKEN, PROMENADE_DEMO: '0' };
  let site: RunningServer | null = await startServer(port, [], undefined, undefined, {
    data: siteData,
    env: siteEnv,
  });
  const venue = await startServer(port + 1, [], undefined, undefined, {
    env: {
      PROMENADE_MIRROR_URL: `http://127.0.0.1:${port}`,
      PROMENADE_MIRROR_TOKEN: TOKEN,
      PROMENADE_MIRROR_COMPETITIONS: 'demo',
      PROMENADE_MIRROR_VENUE: 'Bench venue',
    },
  });
  try {
    const admin = await Api.admin(venue.url);
    // The first snapshot (the whole demo) is there before the hour starts.
    while ((await behind(venue.url)) > 0) await new Promise((r) => setTimeout(r, 50));

    const lags: number[] = [];
    const stamp = Date.now();
    for (let i = 0; i < BUSY_FINALS; i++) {
      const e = await computedFinal(admin, `Mirror Busy ${stamp} ${i}`);
      const posted = await admin.post(`${API}/events/${e.key}/rounds/1/post`).then(() => performance.now());
      lags.push(await shownAt(site.url, e.key, posted, 30_000));
    }
    const p50 = percentile(lags, 50);
    const p95 = percentile(lags, 95);

    // An hour's backlog: the public site is down while the venue runs on.
    await site.stop();
    site = null;
    let last = '';
    for (let i = 0; i < BACKLOG_FINALS; i++) {
      const e = await computedFinal(admin, `Mirror Backlog ${stamp} ${i}`);
      await admin.post(`${API}/events/${e.key}/rounds/1/post`);
      last = e.key;
    }
    const waiting = await (await fetch(`${venue.url}${API}/mirror`)).json();
    site = await startServer(port, [], undefined, undefined, { data: siteData, env: siteEnv });
    const started = performance.now();
    const lastShown = await shownAt(site.url, last, started, 120_000);
    while ((await behind(venue.url)) > 0) await new Promise((r) => setTimeout(r, 20));
    const caughtUp = Math.max(lastShown, performance.now() - started);
    return [
      {
        figure: `mirror lag, busy hour (${BUSY_FINALS} finals posted) p50`,
        value: ms(p50),
        target: `< ${TARGET_LAG_MS} ms`,
        pass: p50 < TARGET_LAG_MS,
        data: { lags },
      },
      {
        figure: `mirror lag, busy hour (${BUSY_FINALS} finals posted) p95`,
        value: ms(p95),
        target: `< ${TARGET_LAG_MS} ms`,
        pass: p95 < TARGET_LAG_MS,
      },
      {
        figure: `mirror catch-up after an outage (${BACKLOG_FINALS} finals waiting)`,
        value: ms(caughtUp),
        target: `< ${TARGET_CATCH_UP_MS} ms`,
        pass: caughtUp < TARGET_CATCH_UP_MS,
        data: { waiting },
        note: 'from the public site’s start (health answering) until it has every change of the venue',
      },
    ];
  } finally {
    await venue.stop();
    await site?.stop();
    rmSync(siteData, { recursive: true, force: true });
  }
}
