import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_SCRYPT_N } from './e2e/fixtures.ts';
import { launchOptions } from './e2e/support/browser.ts';

const PORT = Number(process.env.E2E_PORT ?? 3199);
/** Every run starts from an empty database with the demo competition. */
const DATA = process.env.E2E_DATA ?? mkdtempSync(join(tmpdir(), 'promenade-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  // Never retried: a test that fails once is a bug, in the product or in the test (issue 13).
  retries: 0,
  timeout: 60_000,
  // What a person waits for (a page after sign-in, a saved notice) may take a few seconds on a busy
  // 2-core machine: wait for the state, longer than Playwright's 5 s default, never for a fixed time.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions,
    // A failing test keeps its trace: every action with the page's DOM before and after, the network
    // and the console. Without the screencast film strip, whose frames cost every passing test CPU.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    // The built app (npm run build runs first in npm test) served by the real server.
    // Node with tsx's loader directly (as e2e/support/server.ts does): no npx look-up before the start.
    command: 'node --import tsx src/server/main.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PROMENADE_DATA: DATA,
      PROMENADE_ADMIN_EMAIL: E2E_ADMIN.email,
      PROMENADE_ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      PROMENADE_TEST_SCRYPT_N: E2E_SCRYPT_N,
      // A separate build folder lets two engineers run e2e side by side (README).
      ...(process.env.PROMENADE_WEB_ROOT ? { PROMENADE_WEB_ROOT: process.env.PROMENADE_WEB_ROOT } : {}),
    },
  },
});
