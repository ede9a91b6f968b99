import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import {
  PUBLIC_JS_TARGET_KB,
  largest,
  publicRouteScripts,
  webRoot,
  type PublicRoute,
} from '../scripts/publicJs.ts';

/**
 * The JavaScript each public route ships, from the built files the server serves (bytes, no timing):
 * the figure `npm run bench -- js` measures in Chromium. Every route is under the bench's target
 * (PUBLIC_JS_TARGET_KB); each ceiling holds a route just above its figure today and fails when it
 * grows. Lower a ceiling when a route shrinks.
 */
const CEILING_KB: Record<PublicRoute, number> = {
  // The mirror's line (docs/mirror.md): its read and stream rule on every route, and on /live and
  // /results a stub that loads the line's words only for a mirrored competition (+0.2 / +0.7 KB gz).
  // An AJS result's tables load only when a page shows one (LazyAjsWorking): /results/* −2.9 KB.
  // /live's header reads the mirror's state too, to say when the venue is offline (+0.13 KB gz).
  // The schemas' rules carry their reason as data, worded in the shared refusal words (+0.05–0.1 KB).
  // Each about 0.15 KB above today's figure: the chunks' hashed names alone move a route by ±0.05 KB.
  '/': 97.05,
  '/live': 92.0,
  '/results': 87.1,
  '/results/*': 90.05,
};

const routes = publicRouteScripts(webRoot());

for (const r of routes) {
  test(`public route ${r.route} ships at most ${CEILING_KB[r.route]} KB of JavaScript (gzip)`, () => {
    expect(CEILING_KB[r.route]).toBeLessThanOrEqual(PUBLIC_JS_TARGET_KB);
    expect(r.gzipKB, `${r.route}: ${r.gzipKB.toFixed(1)} KB gz; largest: ${largest(r)}`).toBeLessThanOrEqual(
      CEILING_KB[r.route],
    );
  });

  test(`public route ${r.route} ships no Zod schema`, () => {
    expect(r.files.filter((f) => f.zod).map((f) => f.file)).toEqual([]);
  });
}
