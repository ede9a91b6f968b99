/**
 * Figure 5: JavaScript shipped per public route, the browser way: load each route in a
 * fresh Chromium context (empty cache), wait for the network to settle, and sum the gzip size
 * (zlib level 6, what a typical reverse proxy sends) of every script response. The target is what a
 * dancer's phone on venue Wi-Fi should download before the first paint (scripts/publicJs.ts, which
 * also reads the same figure from a build for e2e/public-js.spec.ts).
 */
import { gzipSync } from 'node:zlib';
import { launch } from './lib/browser.ts';
import { publicRoutes, type RunningServer } from './lib/server.ts';
import type { Row } from './lib/report.ts';
import { PUBLIC_JS_TARGET_KB } from '../scripts/publicJs.ts';

export interface RouteJs {
  route: string;
  files: number;
  rawKB: number;
  gzipKB: number;
  notYet: boolean;
  /** The largest scripts (file, gzip KB), to see what a route pays for. */
  largest: [string, number][];
}

export async function measureJs(server: RunningServer): Promise<RouteJs[]> {
  const routes = await publicRoutes(server);
  const browser = await launch();
  const out: RouteJs[] = [];
  try {
    for (const r of routes) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      const bodies: Promise<[string, Buffer] | null>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script')
          bodies.push(
            res
              .body()
              .then((b): [string, Buffer] => [new URL(res.url()).pathname.replace(/^\/assets\//, ''), b])
              // A script the page dropped (e.g. a superseded lazy chunk) has no body to count.
              .catch(() => null),
          );
      });
      await page.goto(r.path, { waitUntil: 'networkidle' });
      const notYet = await page
        .getByText(/not available yet/i)
        .count()
        .then((n) => n > 0);
      const all = (await Promise.all(bodies))
        .filter((x): x is [string, Buffer] => x !== null)
        .map(([file, b]) => [file, b.length / 1024, gzipSync(b, { level: 6 }).length / 1024] as const);
      out.push({
        route: r.name,
        files: all.length,
        rawKB: all.reduce((n, f) => n + f[1], 0),
        gzipKB: all.reduce((n, f) => n + f[2], 0),
        notYet,
        largest: [...all]
          .sort((a, b) => b[2] - a[2])
          .slice(0, 4)
          .map(([file, , gz]) => [file, Math.round(gz * 10) / 10]),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

export async function jsShipped(server: RunningServer): Promise<Row[]> {
  const routes = await measureJs(server);
  return routes.map((r) => ({
    figure: `JS shipped ${r.route}${r.notYet ? ' (shows "not available yet")' : ''}`,
    value: `${r.gzipKB.toFixed(1)} KB gz`,
    target: `≤ ${PUBLIC_JS_TARGET_KB} KB gz`,
    pass: r.gzipKB <= PUBLIC_JS_TARGET_KB,
    data: { ...r },
    note: `${r.files} scripts, ${r.rawKB.toFixed(0)} KB uncompressed; largest: ${r.largest.map(([f, kb]) => `${f} ${kb} KB`).join(', ')}`,
  }));
}
