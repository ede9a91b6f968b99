import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './e2e/support/browser.ts';

export default defineConfig({
  testDir: 'e2e',
  // Two spec files side by side, each worker with a server of its own (e2e/support/test.ts: the first
  // on E2E_PORT, the second on the port after it). A spec file's tests run in order, on one worker.
  // Most of a test's time is waiting (for the server, a page's render, a live update), so on a two-core
  // machine two workers finish the run in well under the time of one. E2E_WORKERS=1 runs one file at a
  // time, as before.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Never retried: a test that fails once is a bug, in the product or in the test.
  retries: 0,
  timeout: 60_000,
  // What a person waits for (a page after sign-in, a saved notice) may take a few seconds on a busy
  // 2-core machine: wait for the state, longer than Playwright's 5 s default, never for a fixed time.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions,
    // A failing test keeps its trace: every action with the page's DOM before and after, the network
    // and the console. Without the screencast film strip, whose frames cost every passing test CPU.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } }],
});
