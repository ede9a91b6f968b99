import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropPostgresDatabase, newPostgresDatabase, onPostgres } from './harness.ts';
import { freePort } from './pgCluster.ts';

// A high port: fetch refuses some lower ones outright (6665–6669, …), which made this test flaky.
const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base + '/api/health')).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

describe('the server process (npm start)', () => {
  it('prints the admin credentials and access codes once, and on SIGTERM finishes requests in flight and exits cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'promenade-proc-'));
    // On the PostgreSQL run, the server process uses PostgreSQL (an empty, migrated database).
    const databaseUrl = onPostgres ? await newPostgresDatabase() : undefined;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PROMENADE_DATA: dir,
        LOG_LEVEL: 'warn',
        PROMENADE_ADMIN_EMAIL: 'boss@example.com',
        ...(databaseUrl ? { PROMENADE_DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    try {
      await waitForHealth().catch((e) => {
        throw new Error(String(e) + out);
      });
      expect(out).toMatch(/Administrator account: boss@example\.com\s+password: \S{8,}/);
      expect(out).toMatch(/Judge\s+Margaret Ellison\s+id \d+\s+code [A-Z0-9!@#$%&]{7}/);
      // The tests run at a lowered hashing cost: the server must say so when it starts.
      expect(out).toMatch(/Warning: PROMENADE_TEST_SCRYPT_N lowers password hashing to N=\d+/);
      const password = /password: (\S+)/.exec(out)![1]!;
      const login = await fetch(base + '/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@example.com', password }),
      });
      expect(login.status).toBe(200);

      // An open live page must not hold the shutdown up.
      const sse = await fetch(base + '/api/v1/competitions/demo/stream');
      expect(sse.status).toBe(200);
      // Make a request slow (failed sign-ins are slowed down), then stop the server while it is in flight.
      for (let i = 0; i < 5; i++)
        await fetch(base + '/api/v1/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'x@example.com', password: 'wrong-' + i }),
        });
      const slow = fetch(base + '/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'x@example.com', password: 'wrong-again' }),
      });
      await new Promise((r) => setTimeout(r, 100));
      child.kill('SIGTERM');
      expect((await slow).status).toBe(401);
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    }
  }, 60_000);
});
