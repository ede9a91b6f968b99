/**
 * Figure 2: public read throughput of GET …/events for the demo competition at 50
 * concurrent keep-alive connections for ~10 s, from a separate process (bench/httpLoad.ts).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { API, type RunningServer } from './lib/server.ts';
import { ms, type Row } from './lib/report.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10);
const TARGET_RPS = 5000;

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  bytesPerResponse: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
}

export async function load(
  server: RunningServer,
  path: string,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('./httpLoad.ts', import.meta.url).pathname,
      '127.0.0.1',
      String(server.port),
      path,
      String(connections),
      String(seconds),
      '1',
    ],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as LoadResult;
}

export async function publicReads(server: RunningServer): Promise<Row[]> {
  const path = `${API}/events`;
  const r = await load(server, path, CONNECTIONS, SECONDS);
  console.error(`· GET …/events: ${JSON.stringify(r)}`);
  const clean = r.errors === 0;
  return [
    {
      figure: `GET …/events, ${CONNECTIONS} keep-alive conns: requests/s`,
      value: `${Math.round(r.rps)}/s` + (clean ? '' : ` (${r.errors} errors)`),
      target: `≥ ${TARGET_RPS}/s`,
      pass: clean && r.rps >= TARGET_RPS,
      data: { ...r },
      note: `${r.requests} requests in ${r.seconds.toFixed(1)} s, ${(r.bytesPerResponse / 1024).toFixed(1)} KiB per response`,
    },
    { figure: 'GET …/events: latency p50', value: ms(r.p50), target: '', pass: null },
    { figure: 'GET …/events: latency p99', value: ms(r.p99), target: '', pass: null },
  ];
}
