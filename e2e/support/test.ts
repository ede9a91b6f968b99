import { test as base } from '@playwright/test';
import { spawnServer, type SpawnedServer } from './server.ts';

/** The first worker's server listens on E2E_PORT, the next worker's on the port after it, and so on. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);

/**
 * Playwright's `test` with a server per worker: each worker starts its own Promenade (a fresh SQLite
 * folder with the demo competition) before its first spec file and points `baseURL` (so `page`,
 * `request` and `baseURL`) at it. Two workers then run two spec files side by side without seeing each
 * other's changes; the spec files of one worker share its server, one after the other, as they did the
 * single server before (a test puts back what it changes: restoreCompetition, restoreSettings).
 *
 * `server.data` is that server's data folder, for a test that edits the SQLite file under it.
 */
export const test = base.extend<object, { server: SpawnedServer }>({
  server: [
    // Playwright reads the fixtures a function needs from its first parameter's destructuring.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await spawnServer(E2E_PORT + workerInfo.parallelIndex, { demo: true });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    // The demo's creation and the first migration take a few seconds, longer on a busy machine.
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // A failure in CI leaves only its log: each open page's address and what a screen reader would read
  // there (an error alert, an empty panel) go into it.
  context: async ({ context, browser }, use, testInfo) => {
    await use(context);
    if (testInfo.status === testInfo.expectedStatus) return;
    for (const page of browser.contexts().flatMap((c) => c.pages())) {
      const snapshot = await page
        .locator('body')
        .ariaSnapshot({ timeout: 5_000 })
        .catch((e: unknown) => `(no snapshot: ${String(e)})`);
      console.log(`--- ${page.url()} when the test failed:\n${snapshot.slice(0, 6_000)}`);
    }
  },
});

export { expect } from '@playwright/test';
