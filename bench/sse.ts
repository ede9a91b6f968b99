/**
 * Figure 1: one posted result reaching 2,000 connected live clients. The clients live in a
 * separate process (bench/sseClients.ts). Each run posts a computed final through the API and times,
 * for every client, from the start of the POST …/post request to the receipt of the `results` change.
 */
import { fork } from 'node:child_process';
import { Api, API, computedFinal, type RunningServer } from './lib/server.ts';
import { epochMs, median, percentile } from './lib/stats.ts';
import { ms, type Row } from './lib/report.ts';

const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 2000);
const RUNS = Number(process.env.BENCH_SSE_RUNS ?? 5);
const TARGET_P99 = 250;

type Message =
  | { type: 'ready'; clients: number; connectMs: number }
  | { type: 'armed' }
  | { type: 'received'; times: number[]; missing: number };

export interface FanoutRun {
  p50: number;
  p99: number;
  max: number;
  received: number;
  missing: number;
  postMs: number;
}

export async function sseFanout(server: RunningServer): Promise<Row[]> {
  const admin = await Api.admin(server.url);
  const runs = await fanout([server], admin, CLIENTS, RUNS);
  const mid = medianRun(runs);
  const allReceived = runs.every((r) => r.missing === 0);
  return [
    {
      figure: `SSE fan-out, ${CLIENTS} clients: p50 delivery`,
      value: ms(mid.p50),
      target: '',
      pass: null,
      data: { runs },
    },
    {
      figure: `SSE fan-out, ${CLIENTS} clients: p99 delivery`,
      value: ms(mid.p99) + (allReceived ? '' : ` (${mid.missing} missed)`),
      target: `≤ ${TARGET_P99} ms`,
      pass: allReceived && mid.p99 <= TARGET_P99,
      note: `median of ${runs.length} runs; time from the POST …/post request to each client's receipt`,
    },
  ];
}

/** The median run by p99: one noisy run on a shared machine should not decide the figure. */
export function medianRun(runs: FanoutRun[]): FanoutRun {
  const byP99 = [...runs].sort((a, b) => a.p99 - b.p99);
  return byP99[Math.floor((byP99.length - 1) / 2)]!;
}

/**
 * `clients` live streams spread evenly over `servers` (one client process each); `runs` times a
 * computed final is posted through `admin`'s server, each client's delay from the POST to its receipt.
 */
export async function fanout(
  servers: RunningServer[],
  admin: Api,
  clients: number,
  runs: number,
): Promise<FanoutRun[]> {
  const finals = [];
  for (let i = 0; i < runs; i++) finals.push(await computedFinal(admin, `Bench SSE ${Date.now()} ${i + 1}`));
  const share = (i: number) => Math.floor(clients / servers.length) + (i < clients % servers.length ? 1 : 0);
  const generators = servers.map((server, i) => {
    const child = fork(
      new URL('./sseClients.ts', import.meta.url).pathname,
      ['127.0.0.1', String(server.port), `${API}/stream`, String(share(i))],
      { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    const inbox: Message[] = [];
    let wake: (() => void) | null = null;
    child.on('message', (m: Message) => {
      inbox.push(m);
      wake?.();
    });
    const next = async <T extends Message['type']>(
      type: T,
      timeoutMs: number,
    ): Promise<Extract<Message, { type: T }>> => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const at = inbox.findIndex((m) => m.type === type);
        if (at >= 0) return inbox.splice(at, 1)[0] as Extract<Message, { type: T }>;
        if (Date.now() > deadline) throw new Error(`SSE load generator: no "${type}" within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 100);
        });
      }
    };
    return { child, next };
  });

  try {
    for (const g of generators) {
      const ready = await g.next('ready', 120_000);
      console.error(`· ${ready.clients} SSE clients connected in ${ready.connectMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 1000)); // let the connection burst settle
    const out: FanoutRun[] = [];
    for (const e of finals) {
      for (const g of generators) g.child.send({ type: 'arm', timeoutMs: 10_000 });
      for (const g of generators) await g.next('armed', 5000);
      const t0 = epochMs();
      await admin.post(`${API}/events/${e.key}/rounds/1/post`);
      const postMs = epochMs() - t0;
      const got = await Promise.all(generators.map((g) => g.next('received', 15_000)));
      const delays = got.flatMap((r) => r.times).map((t) => t - t0);
      const missing = got.reduce((n, r) => n + r.missing, 0);
      out.push({
        p50: median(delays),
        p99: percentile(delays, 99),
        max: delays.reduce((m, x) => (x > m ? x : m), 0),
        received: delays.length,
        missing,
        postMs,
      });
      console.error(
        `· SSE run ${out.length}: p50 ${median(delays).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms, ` +
          `${delays.length}/${clients} received, POST answered in ${postMs.toFixed(1)} ms`,
      );
      await new Promise((r) => setTimeout(r, 500));
    }
    return out;
  } finally {
    for (const g of generators) {
      g.child.send({ type: 'close' });
      await new Promise((r) => g.child.once('exit', r));
    }
  }
}
