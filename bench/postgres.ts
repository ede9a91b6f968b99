/**
 * The PostgreSQL column: two instances (their own processes, ports `port` and `port + 1`)
 * on one PostgreSQL, beside the single SQLite server of the same run:
 *   - public reads: GET …/events at 50 keep-alive connections, on one instance, then on both at once
 *     (50 each, summed), and on the SQLite server for the comparison;
 *   - SSE fan-out: the clients split over both instances, a final posted through the first;
 *   - a judge's mark → the scrutineer's live stream: the PUT through the first instance until the
 *     `marks` change arrives on a staff stream of the second (without a browser; the same measure on
 *     the SQLite server for the comparison).
 * PostgreSQL is a throwaway cluster from Debian's binaries (src/server/test/pgCluster.ts), or the
 * server at BENCH_DATABASE_URL (a superuser's URL; a database is made and dropped there).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster, withDatabase } from '../src/server/test/pgCluster.ts';
import { Api, API, finalPlaces, runningEvent, startServer, type RunningServer } from './lib/server.ts';
import { load } from './throughput.ts';
import { fanout, medianRun } from './sse.ts';
import { epochMs, median, percentile } from './lib/stats.ts';
import { ms, type Row } from './lib/report.ts';

const CONNECTIONS = Number(process.env.BENCH_PG_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 2000);
const RUNS = Number(process.env.BENCH_SSE_RUNS ?? 5);
const MARKS = Number(process.env.BENCH_PG_MARKS ?? 50);
const TARGET_P99 = 250;

/** A staff stream's `marks` changes as they arrive (epoch ms), read from a plain fetch. */
async function staffStream(
  url: string,
  cookie: string,
): Promise<{ next: () => Promise<number>; close: () => void }> {
  const ctrl = new AbortController();
  const res = await fetch(`${url}${API}/stream`, {
    headers: { accept: 'text/event-stream', cookie },
    signal: ctrl.signal,
  });
  if (!res.ok || !res.body) throw new Error(`staff stream: ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  const arrived: number[] = [];
  const waiter: { wake: (() => void) | null } = { wake: null };
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const at = epochMs();
        buf += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          if (buf.slice(0, i).includes('"topic":"marks"')) arrived.push(at);
          buf = buf.slice(i + 2);
        }
        waiter.wake?.();
      }
    } catch {
      /* closed */
    }
  })();
  return {
    next: async () => {
      const deadline = Date.now() + 5000;
      while (!arrived.length) {
        if (Date.now() > deadline) throw new Error('no marks change on the staff stream within 5 s');
        await new Promise<void>((r) => {
          waiter.wake = r;
          setTimeout(r, 50);
        });
      }
      return arrived.shift()!;
    },
    close: () => ctrl.abort(),
  };
}

/** `n` marks PUT one after another through `via`; each one's delay until `watch`'s staff stream has it. */
async function markToStream(via: RunningServer, watch: RunningServer, n: number): Promise<number[]> {
  const admin = await Api.admin(via.url);
  const event = await runningEvent(admin, {
    name: `Bench Marks ${Date.now()}`,
    couples: 6,
    dances: ['Waltz'],
    judges: [1],
  });
  const judge = await Api.official(admin, 1);
  // Sessions live in the database: the admin's session made on `via` is good on `watch`.
  const stream = await staffStream(watch.url, admin.cookieHeader);
  try {
    await new Promise((r) => setTimeout(r, 300));
    const delays: number[] = [];
    for (let i = 0; i < n; i++) {
      if (i > 0) {
        // A submitted dance is locked: the chairman's unlock, untimed, and its own change heard.
        await admin.post(`${API}/events/${event.key}/rounds/1/marks/1/unlock`, {
          dances: ['Waltz'],
          reason: 'benchmark',
        });
        await stream.next();
      }
      const t0 = epochMs();
      await judge.put(`${API}/events/${event.key}/rounds/1/marks/1`, {
        Waltz: finalPlaces(event.couples, i),
      });
      delays.push((await stream.next()) - t0);
    }
    return delays;
  } finally {
    stream.close();
  }
}

export async function postgresTwoInstances(sqlite: RunningServer, port: number): Promise<Row[]> {
  const given = process.env.BENCH_DATABASE_URL;
  const cluster = given ? null : await startCluster();
  const adminUrl = given ?? cluster!.url;
  const name = `promenade_bench_${Date.now()}`;
  const superuser = async (text: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await superuser(`create database ${name}`);
  const data = mkdtempSync(join(tmpdir(), 'promenade-bench-pg-'));
  const env = { PROMENADE_DATABASE_URL: withDatabase(adminUrl, name) };
  const servers: RunningServer[] = [];
  try {
    // The first seeds the demo; the second shares its data folder (installation.key) and database.
    servers.push(await startServer(port, [], undefined, undefined, { data, env }));
    servers.push(await startServer(port + 1, [], undefined, undefined, { data, env }));
    const [a, b] = servers as [RunningServer, RunningServer];
    const path = `${API}/events`;

    const lite = await load(sqlite, path, CONNECTIONS, SECONDS);
    const alone = await load(a, path, CONNECTIONS, SECONDS);
    const both = await Promise.all([a, b].map((s) => load(s, path, CONNECTIONS, SECONDS)));
    const bothRps = both.reduce((n, r) => n + r.rps, 0);
    const errors = [alone, ...both].reduce((n, r) => n + r.errors, 0);
    console.error(
      `· PG reads: SQLite ${Math.round(lite.rps)}/s, one instance ${Math.round(alone.rps)}/s, both ${Math.round(bothRps)}/s`,
    );

    const runs = await fanout([a, b], await Api.admin(a.url), CLIENTS, RUNS);
    const mid = medianRun(runs);
    const allReceived = runs.every((r) => r.missing === 0);

    const pgMarks = await markToStream(a, b, MARKS);
    const liteMarks = await markToStream(sqlite, sqlite, MARKS);
    const p95 = (d: number[]) => percentile(d, 95);

    const rps = (n: number) => `${Math.round(n)}/s`;
    return [
      {
        figure: `PG ×2: GET …/events, ${CONNECTIONS} conns, one instance`,
        value: rps(alone.rps) + (errors ? ` (${errors} errors)` : ''),
        target: `≥ ½ SQLite (${rps(lite.rps / 2)})`,
        pass: errors === 0 && alone.rps >= lite.rps / 2,
        data: { sqlite: lite, alone, both },
        note: `SQLite in the same run: ${rps(lite.rps)} (p99 ${ms(lite.p99)}); one instance p99 ${ms(alone.p99)}`,
      },
      {
        figure: `PG ×2: GET …/events, ${CONNECTIONS} conns on each, both at once`,
        value: rps(bothRps),
        target: `> one instance (${rps(alone.rps)})`,
        pass: errors === 0 && bothRps > alone.rps,
        note: 'two server processes and two load generators share the machine’s cores',
      },
      {
        figure: `PG ×2: SSE fan-out, ${CLIENTS} clients over both: p99`,
        value: ms(mid.p99) + (allReceived ? '' : ` (${mid.missing} missed)`),
        target: `≤ ${TARGET_P99} ms`,
        pass: allReceived && mid.p99 <= TARGET_P99,
        data: { runs },
        note: `p50 ${ms(mid.p50)}; median of ${runs.length} runs; posted through the first instance`,
      },
      {
        figure: `PG ×2: judge mark on A → staff stream on B: p50 / p95`,
        value: `${ms(median(pgMarks))} / ${ms(p95(pgMarks))}`,
        target: `p95 ≤ 2 × SQLite (${ms(2 * p95(liteMarks))})`,
        pass: p95(pgMarks) <= Math.max(2 * p95(liteMarks), 1) && p95(pgMarks) <= 1000,
        data: { pgMarks, liteMarks },
        note: `SQLite, same measure: ${ms(median(liteMarks))} / ${ms(p95(liteMarks))}; ${MARKS} marks, no browser`,
      },
    ];
  } finally {
    for (const s of servers.reverse()) await s.stop();
    rmSync(data, { recursive: true, force: true });
    await superuser(`drop database if exists ${name} with (force)`).catch(() => {});
    await cluster?.stop();
  }
}
