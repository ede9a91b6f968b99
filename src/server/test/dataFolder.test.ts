import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from './harness.ts';

/**
 * One server per data folder (a second one refuses to start, a kill -9 leaves no
 * stale lock, two starts on an empty folder do not race their migrations), and a data folder that
 * cannot be used is said at start-up with its path and cause, then exit 1: no stack, no spinning.
 */
const dirs: string[] = [];
const children: ChildProcess[] = [];

interface Proc {
  child: ChildProcess;
  /** The port it listens on, once its start-up banner said it. */
  port: () => number | undefined;
  output: () => string;
  exited: Promise<number | null>;
}

async function spawnServer(dir: string): Promise<Proc> {
  // PORT=0: the server takes a free port as it listens and says which. A port picked free beforehand
  // could be taken in the seconds the server needs to start (by another test file's server or client
  // socket), and a health check would then reach that other server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PROMENADE_DATA: dir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const port = () => {
    const said = /Promenade is running at http:\/\/localhost:(\d+)/.exec(out)?.[1];
    return said ? Number(said) : undefined;
  };
  return { child, port, output: () => out, exited };
}

/** Up (health answers) or exited, whichever comes first. */
async function settle(p: Proc): Promise<'up' | number | null> {
  let code: number | null | undefined;
  void p.exited.then((c) => (code = c));
  for (let i = 0; i < 200; i++) {
    if (code !== undefined) return code;
    const port = p.port();
    try {
      if (port && (await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return 'up';
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`neither up nor exited:\n${p.output()}`);
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'promenade-folder-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

// SQLite only: the data-folder lock guards the SQLite file; PostgreSQL instances share a database by design.
describe.skipIf(onPostgres)('one server per data folder', () => {
  it('refuses a second server on the folder, and a kill -9 of the first leaves no stale lock', async () => {
    const dir = tempDir();
    const first = await spawnServer(dir);
    expect(await settle(first), first.output()).toBe('up');

    const second = await spawnServer(dir);
    expect(await settle(second)).toBe(1);
    expect(second.output()).toContain(
      `Another Promenade server is already running on the data folder ${dir}`,
    );
    expect(second.output()).not.toMatch(/\n\s+at /); // no stack trace
    // The first one is unharmed.
    expect((await fetch(`http://127.0.0.1:${first.port()}/api/health`)).ok).toBe(true);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = await spawnServer(dir);
    expect(await settle(third), third.output()).toBe('up');
    third.child.kill('SIGTERM');
    await third.exited;
  });

  it('two starts on an empty folder: one migrates and serves, the other refuses (no migration race)', async () => {
    const dir = tempDir();
    const a = await spawnServer(dir);
    const b = await spawnServer(dir);
    const results = await Promise.all([settle(a), settle(b)]);
    expect(results.sort((x, y) => String(x).localeCompare(String(y)))).toEqual([1, 'up']);
    const text = a.output() + b.output();
    expect(text).toContain('Another Promenade server is already running');
    expect(text).not.toContain('already exists');
    for (const p of [a, b]) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all([a.exited, b.exited]);
  });
});

// SQLite only: the folder holds the database file (these start-ups run the SQLite path).
describe.skipIf(onPostgres)('a data folder that cannot be used', () => {
  const cases: [string, () => string, RegExp][] = [
    [
      'a file given as the folder',
      () => {
        const file = join(tempDir(), 'not-a-folder');
        writeFileSync(file, 'x');
        return file;
      },
      /cannot be used: it is a file, not a folder/,
    ],
    ['a folder under /proc', () => '/proc/promenade-data', /cannot create \/proc\/promenade-data/],
    ['a folder under /sys', () => '/sys/promenade-data', /cannot create \/sys\/promenade-data/],
  ];
  if (process.getuid?.() !== 0)
    cases.push([
      'a read-only folder',
      () => {
        const d = tempDir();
        chmodSync(d, 0o555);
        return d;
      },
      /cannot write in it: permission denied/,
    ]);
  for (const [name, make, said] of cases)
    it(`${name}: says the path and the cause, exits 1 at once`, async () => {
      const dir = make();
      const started = Date.now();
      const p = await spawnServer(dir);
      expect(await settle(p)).toBe(1);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(p.output()).toMatch(said);
      expect(p.output()).toContain(`Promenade cannot start: The data folder ${dir}`);
      expect(p.output()).not.toMatch(/\n\s+at /);
    });
});
