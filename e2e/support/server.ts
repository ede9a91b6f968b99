import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN, E2E_SCRYPT_N } from '../fixtures.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface SpawnedServer {
  url: string;
  /** Its data folder (the SQLite file `promenade.sqlite` is in it). */
  data: string;
  /** Stops the process (SIGTERM, then SIGKILL after 10 s) and removes its data folder. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** That key is the one served at / (the web app's staff and public screens work on it only). */
  competition?: string;
  /** The demo competition on the empty database, as a person's first start gets it; default none. */
  demo?: boolean;
  /** More environment for the server (e.g. PROMENADE_SMTP_URL pointing at a test's mail server). */
  env?: Record<string, string>;
}

/**
 * A Promenade server of our own: a fresh SQLite folder, the e2e administrator, the built web app.
 * Each Playwright worker has one with the demo (support/test.ts); a spec that needs a competition
 * from nothing starts one more beside it.
 */
export async function spawnServer(
  port: number,
  { competition, demo = false, env: extra = {} }: ServerOptions = {},
): Promise<SpawnedServer> {
  // Something already answering there (a server left over from an interrupted run) would be mistaken
  // for ours.
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use; stop whatever listens there first`);
  const data = mkdtempSync(join(tmpdir(), 'promenade-e2e-spawned-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: process.env.NODE_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    PROMENADE_DATA: data,
    PROMENADE_DEMO: demo ? '1' : '0',
    PROMENADE_ADMIN_EMAIL: E2E_ADMIN.email,
    PROMENADE_ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
    PROMENADE_TEST_SCRYPT_N: E2E_SCRYPT_N,
    ...(competition ? { PROMENADE_COMPETITION: competition } : {}),
    ...(process.env.PROMENADE_WEB_ROOT ? { PROMENADE_WEB_ROOT: process.env.PROMENADE_WEB_ROOT } : {}),
    ...extra,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  // A test that runs out of time is abandoned, not unwound: its `finally` never stops the server, and
  // the worker exits. The server must not outlive the worker (it would hold the port for the next run).
  const orphaned = () => {
    child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  };
  process.once('exit', orphaned);

  const stop = async () => {
    process.off('exit', orphaned);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(hard);
    }
    rmSync(data, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server on port ${port} exited (${child.exitCode}):\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok && child.exitCode === null) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server on port ${port} did not answer /api/health within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, data, stop };
}
