/**
 * Starts the real server as its own process on loopback (as in production: `tsx src/server/main.ts`)
 * with an empty data folder, and a small API client for setting up what a benchmark measures.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/** BENCH_WEB_ROOT: another folder, so two people's bench runs do not overwrite each other's build. */
export const WEB_ROOT = process.env.BENCH_WEB_ROOT ?? '/tmp/web-bench';
export const ADMIN = { email: 'admin@example.com', password: 'secret123' };
export const COMPETITION = 'demo';
export const API = `/api/v1/competitions/${COMPETITION}`;

/** Builds the web app once into its own folder (never the shared dist/web). */
export function buildWeb(): void {
  const t0 = Date.now();
  const r = spawnSync('npx', ['vite', 'build', '--outDir', WEB_ROOT, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
  console.error(`· web built into ${WEB_ROOT} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** `nodeArgs` lets a caller profile the server, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
export async function startServer(
  port: number,
  nodeArgs: string[] = [],
  entry = 'src/server/main.ts',
  webRoot = WEB_ROOT,
  /** `data`: a data folder the caller owns (kept on stop); `env`: more settings (PROMENADE_DATABASE_URL). */
  opts: { data?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const data = opts.data ?? mkdtempSync(join(tmpdir(), 'promenade-bench-'));
  const owned = opts.data === undefined;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PROMENADE_DATA: data,
      ...(existsSync(join(webRoot, 'index.html')) ? { PROMENADE_WEB_ROOT: webRoot } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      PROMENADE_ADMIN_EMAIL: ADMIN.email,
      PROMENADE_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // The SSE figure's 2,000 clients all come from 127.0.0.1.
      PROMENADE_MAX_STREAMS_PER_ADDRESS: process.env.PROMENADE_MAX_STREAMS_PER_ADDRESS ?? '5000',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.on('exit', () => (exited = true));
  // Never leave a server behind, whatever ends this process (a crash, Ctrl-C, a timeout).
  const orphanGuard = () => {
    if (!exited) child.kill('SIGKILL');
    if (owned) rmSync(data, { recursive: true, force: true });
  };
  process.once('exit', orphanGuard);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`the server on port ${port} exited during start-up`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server on port ${port} did not start within 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    process: child,
    async stop() {
      if (!exited) {
        const done = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const hard = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await done;
        clearTimeout(hard);
      }
      process.off('exit', orphanGuard);
      if (owned) rmSync(data, { recursive: true, force: true });
    },
  };
}

/** A fetch-based client that keeps its session cookie, like one browser or one judge's tablet. */
export class Api {
  private cookie = '';
  constructor(readonly base: string) {}

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(this.base + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie();
    if (set.length) this.cookie = set.map((c) => c.split(';')[0]).join('; ');
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  get = <T = unknown>(path: string) => this.call<T>('GET', path);
  post = <T = unknown>(path: string, body?: unknown) => this.call<T>('POST', path, body ?? {});
  put = <T = unknown>(path: string, body: unknown, headers?: Record<string, string>) =>
    this.call<T>('PUT', path, body, headers);

  get cookieHeader(): string {
    return this.cookie;
  }

  static async admin(base: string): Promise<Api> {
    const a = new Api(base);
    await a.post('/api/v1/auth/login', ADMIN);
    return a;
  }

  /** Signs in as a demo official with a fresh access code (the admin issues it). */
  static async official(admin: Api, officialId: number): Promise<Api> {
    const { accessCode } = await admin.post<{ accessCode: string }>(`${API}/officials/${officialId}/code`);
    const o = new Api(admin.base);
    await o.post(`${API}/officials/${officialId}/session`, { code: accessCode });
    return o;
  }
}

export interface BenchEvent {
  key: string;
  name: string;
  couples: string[];
}

/**
 * A small event of our own: `couples` couples, the given dances and panel, rounds generated and the
 * first round Running, so judges can mark.
 */
export async function runningEvent(
  admin: Api,
  opts: { name: string; couples: number; dances: string[]; judges: number[] },
): Promise<BenchEvent> {
  const event = await admin.post<{ key: string }>(`${API}/events`, {
    name: opts.name,
    style: 'Standard',
    level: 'Bronze',
    dances: opts.dances,
  });
  const ev = `${API}/events/${event.key}`;
  for (let i = 1; i <= opts.couples; i++)
    await admin.post(`${ev}/entries`, {
      leadName: `Lead ${i} ${opts.name}`,
      followName: `Follow ${i} ${opts.name}`,
    });
  await admin.put(`${ev}/panel`, { officialIds: opts.judges });
  await admin.post(`${ev}/rounds/generate`, {});
  await admin.post(`${ev}/rounds/1/start`, {});
  const marks = await admin.get<{ round: { couples: string[] } }>(`${ev}/rounds/1/marks`);
  return { key: event.key, name: opts.name, couples: marks.round.couples };
}

/** Final places per couple for one judge: a rotation, so the panel does not agree completely. */
export function finalPlaces(couples: readonly string[], shift: number): Record<string, number> {
  return Object.fromEntries(couples.map((c, i) => [c, ((i + shift) % couples.length) + 1]));
}

/**
 * A final-only event whose marks are all in and computed (state Marked): posting it is one request.
 * The scrutineer enters the marks from paper (admin session), which is quicker to set up than judges.
 */
export async function computedFinal(admin: Api, name: string): Promise<BenchEvent> {
  const judges = [1, 2, 3];
  const e = await runningEvent(admin, { name, couples: 4, dances: ['Waltz'], judges });
  const round = `${API}/events/${e.key}/rounds/1`;
  for (const [j, id] of judges.entries())
    await admin.put(`${round}/marks/${id}?source=paper`, { Waltz: finalPlaces(e.couples, j) });
  await admin.post(`${round}/results`, {});
  return e;
}

/** A final that is posted, so /results/{event} has something to show. */
export async function postedFinal(admin: Api, name: string): Promise<BenchEvent> {
  const e = await computedFinal(admin, name);
  await admin.post(`${API}/events/${e.key}/rounds/1/post`);
  return e;
}

const resultsEvents = new Map<string, Promise<BenchEvent>>();

/** One posted final per server, for the public result pages (made on first use). */
export function resultsEvent(server: { url: string }): Promise<BenchEvent> {
  let e = resultsEvents.get(server.url);
  if (!e) {
    e = Api.admin(server.url).then((admin) => postedFinal(admin, `Bench Results ${Date.now()}`));
    resultsEvents.set(server.url, e);
  }
  return e;
}

/** The public routes the benchmarks load; `/results/{event}` needs a posted event. */
export async function publicRoutes(server: { url: string }): Promise<{ name: string; path: string }[]> {
  const e = await resultsEvent(server);
  return [
    { name: '/', path: '/' },
    { name: '/live', path: '/live' },
    { name: '/results', path: '/results' },
    { name: '/results/{event}', path: `/results/${e.key}` },
  ];
}
