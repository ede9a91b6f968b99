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
    // A failing test keeps a screenshot of the page and Playwright's error context (the page's
    // accessibility tree at the failure). The full trace (every action with the DOM before and after,
    // the network, the console) is recorded only when asked for with E2E_TRACE=1: recording it costs
    // every test CPU, passing or not (about 8% of the run's CPU, measured on three specs), and on two
    // cores the run's time is its CPU.
    screenshot: 'only-on-failure',
    trace: process.env.E2E_TRACE
      ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true }
      : 'off',
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } }],
});
