/**
 * Sign-ins under attack. (1) Public GET latency while 100 concurrent wrong sign-ins (officials' codes,
 * the administrator's password and unknown emails, in turn) run from ever-new addresses for 15 s
 * (src/server/test/signInFlood.mjs), with a baseline of the same reads just before, in the same run.
 * (2) Guessing one official's code from 675 addresses (one wrong code each) for 40 s: how many tries
 * were checked (401) and how many refused (429). Addresses are named in X-Forwarded-For (run.ts sets
 * PROMENADE_TRUST_PROXY=1 for these figures).
 */
import { spawn } from 'node:child_process';
import { API, type RunningServer } from './lib/server.ts';
import type { Row } from './lib/report.ts';

const GETS = [API, `${API}/schedule`, `${API}/events`, `${API}/competitors`];
const FLOOD_MS = 15_000;
const RAMP_MS = 2000;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

async function reads(url: string, ms: number) {
  const timed: number[] = [];
  const until = Date.now() + ms;
  for (let i = 0; Date.now() < until; i++) {
    const t = performance.now();
    const res = await fetch(url + GETS[i % GETS.length]!, { headers: { 'accept-encoding': 'br, gzip' } });
    await res.arrayBuffer();
    timed.push(performance.now() - t);
  }
  const ms2 = timed.sort((a, b) => a - b);
  return { n: ms2.length, p50: pct(ms2, 0.5), p99: pct(ms2, 0.99), max: ms2.at(-1) ?? NaN };
}

const f = (x: number) => x.toFixed(0);

export async function signInFlood(server: RunningServer): Promise<Row[]> {
  await (await fetch(`${server.url}${API}/events`)).arrayBuffer();
  const baseline = await reads(server.url, 3000);
  const child = spawn(
    process.execPath,
    ['src/server/test/signInFlood.mjs', server.url, '100', String(FLOOD_MS)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise((r) => setTimeout(r, RAMP_MS));
  const during = await reads(server.url, FLOOD_MS - RAMP_MS - 500);
  await done;
  const flood = JSON.parse(out || '{}') as { sent?: number; statuses?: Record<string, number> };
  return [
    {
      figure: 'Public GET during 100 concurrent wrong sign-ins from rotating addresses (p50 / p99 / max)',
      value: `${f(during.p50)} / ${f(during.p99)} / ${f(during.max)} ms`,
      target: 'p99 < 100 ms',
      pass: during.p99 < 100,
      data: { baseline, during, flood },
      note: `baseline just before: ${baseline.n} GETs in 3 s, ${f(baseline.p50)} / ${f(baseline.p99)} / ${f(baseline.max)} ms; during: ${during.n} GETs; the flood sent ${flood.sent ?? '?'} sign-ins (${JSON.stringify(flood.statuses ?? {})})`,
    },
  ];
}

export async function guessOneOfficial(server: RunningServer): Promise<Row[]> {
  // The demo's first official (its officials are 1…9 on the bench's fresh database).
  const id = 1;
  const statuses: Record<string, number> = {};
  const start = Date.now();
  const until = start + 40_000;
  let n = 0;
  // 675 addresses, one wrong code each, spread evenly over the 40 s (ten in flight at most).
  const next = async () => {
    while (n < 675 && Date.now() < until) {
      const i = n++;
      const due = start + (i / 675) * 40_000 - Date.now();
      if (due > 0) await new Promise((r) => setTimeout(r, due));
      const res = await fetch(`${server.url}${API}/officials/${id}/session`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ code: `G${String(i).padStart(6, '0')}` }),
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 10 }, next));
  const checked = statuses['401'] ?? 0;
  return [
    {
      figure: 'Wrong codes checked against one official from 675 addresses in 40 s',
      value: `${checked} of ${n}`,
      target: 'about 30 a minute',
      pass: checked <= 30 * 2 + 10,
      data: { statuses },
      note: `answers: ${JSON.stringify(statuses)}`,
    },
  ];
}
