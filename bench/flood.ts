/**
 * Public GET latency during a registration flood from 20 and from 100 client addresses.
 * The flood runs as its own process (src/server/test/flood.mjs), naming its addresses in
 * X-Forwarded-For (the bench server trusts one proxy hop: run.ts sets PROMENADE_TRUST_PROXY=1 for
 * this figure); every address stays under the registration limit of 120 a minute. Meanwhile this
 * process reads the public competition, schedule, events and first competitors page one after another.
 */
import { spawn } from 'node:child_process';
import { API, type RunningServer } from './lib/server.ts';
import type { Row } from './lib/report.ts';

const FLOOD_MS = 9000;
const RAMP_MS = 2500;
const MEASURE_MS = 5000;
const GETS = [API, `${API}/schedule`, `${API}/events`, `${API}/competitors`];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

export async function duringFlood(server: RunningServer, addresses: number) {
  // Phones have the event list open before the flood: the server keeps it from then on.
  await (await fetch(`${server.url}${API}/events`)).arrayBuffer();
  const child = spawn(
    process.execPath,
    ['src/server/test/flood.mjs', server.url, String(addresses), String(FLOOD_MS), `b${addresses}x`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise((r) => setTimeout(r, RAMP_MS));
  const timed: { path: string; ms: number }[] = [];
  const until = Date.now() + MEASURE_MS;
  for (let i = 0; Date.now() < until; i++) {
    const path = GETS[i % GETS.length]!;
    const t = performance.now();
    const res = await fetch(server.url + path);
    await res.arrayBuffer();
    timed.push({ path, ms: performance.now() - t });
  }
  await done;
  const ms = timed.map((x) => x.ms).sort((a, b) => a - b);
  // Which reads make the tail: the slowest few, by path.
  const slowest = timed
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 6)
    .map((x) => `${x.path.replace(API, '…')} ${x.ms.toFixed(0)}`);
  const flood = JSON.parse(out || '{}') as { sent?: number; statuses?: Record<string, number> };
  return { p50: pct(ms, 0.5), p99: pct(ms, 0.99), gets: ms.length, flood, slowest };
}

export async function registrationFlood(server: RunningServer): Promise<Row[]> {
  const rows: Row[] = [];
  for (const addresses of [20, 100]) {
    const r = await duringFlood(server, addresses);
    rows.push({
      figure: `Public GET during a registration flood from ${addresses} addresses (p50 / p99)`,
      value: `${r.p50.toFixed(0)} / ${r.p99.toFixed(0)} ms`,
      target: 'p99 < 100 ms',
      pass: r.p99 < 100,
      data: { addresses, ...r },
      note: `${r.gets} GETs; the flood sent ${r.flood.sent ?? '?'} registrations (${JSON.stringify(r.flood.statuses ?? {})}); slowest: ${r.slowest.join(', ')} ms`,
    });
  }
  return rows;
}
