/**
 * A throwaway PostgreSQL for the tests: Debian's binaries (`apt-get install postgresql`),
 * `initdb` into a temp folder and `postgres` on a free loopback port, no system service. Run as the
 * `postgres` user when we are root (PostgreSQL refuses to run as root). Durability is off (fsync,
 * synchronous_commit): the cluster is deleted after the run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface Cluster {
  /** A superuser's URL to the `postgres` database (to create the tests' databases). */
  url: string;
  stop: () => Promise<void>;
}

/** The newest installed PostgreSQL's bin folder (PG_BIN overrides). */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(
      'No PostgreSQL found in /usr/lib/postgresql: apt-get install -y postgresql (or set PG_BIN).',
    );
  return join(root, versions[0], 'bin');
}

/** A port free on 127.0.0.1 now (the system picks it): fixed ranges collide with other tests' sockets. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The `postgres` user's ids when we are root; undefined otherwise (run as ourselves). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error('Running as root, and there is no `postgres` user to run PostgreSQL as.');
  return { uid, gid };
}

export async function startCluster(): Promise<Cluster> {
  const bin = postgresBin();
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'promenade-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
    { encoding: 'utf8', ...user },
  );
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  const server: ChildProcess = spawn(
    join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
      '-c',
      'shared_buffers=64MB',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], ...user },
  );
  let log = '';
  server.stderr?.on('data', (d: Buffer) => {
    log = (log + d.toString()).slice(-4000);
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // Whatever ends this process, the cluster ends with it (its backends follow the postmaster).
  const orphanGuard = () => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', orphanGuard);
  const stop = async () => {
    process.off('exit', orphanGuard);
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGINT'); // fast shutdown
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`postgres did not start: ${log}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (i > 200) {
        await stop();
        throw new Error(`postgres did not accept connections within 20 s: ${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, stop };
}

/** `url` with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

// `npx tsx src/server/test/pgCluster.ts`: a throwaway cluster until Ctrl-C (its URL on the first line),
// to try PostgreSQL without touching the system's service.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const cluster = await startCluster();
  console.log(cluster.url);
  const stop = () => void cluster.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
