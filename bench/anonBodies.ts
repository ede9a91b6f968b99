/**
 * Twelve anonymous clients post a 63 MB body to POST /api/v1/competitions/import at
 * once. Each is refused 401 (site administrators only); the figure is the server process's peak
 * resident memory meanwhile (VmRSS of /proc/<pid>/status sampled every 20 ms), against its RSS before,
 * and how much of each body the server took before answering and closing.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { RunningServer } from './lib/server.ts';
import type { Row } from './lib/report.ts';

const CLIENTS = 12;
const SIZE = 63 * 1024 * 1024;

const rssMiB = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
};

/** Sends `body` as one anonymous import; resolves with the status and the bytes written before the end. */
function post(
  port: number,
  body: Buffer,
  stubborn: boolean,
): Promise<{ status: number; sent: number; ms: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let status = 0;
    let sent = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ status, sent, ms: performance.now() - t0 });
    };
    const req = request(
      {
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/v1/competitions/import',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        status = res.statusCode ?? 0;
        res.resume();
        if (!stubborn) res.on('end', finish);
      },
    );
    req.on('error', finish);
    // A stubborn client is done when its whole body is written or the server closed the connection.
    if (stubborn) {
      req.on('finish', finish);
      req.on('socket', (socket) => socket.on('close', finish));
    } else req.on('close', finish);
    // 1 MiB at a time, as fast as the server takes them, until it answers (a stubborn client: to the end).
    const write = () => {
      while (sent < body.length && (stubborn || status === 0) && !req.destroyed) {
        const chunk = body.subarray(sent, sent + 1024 * 1024);
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (sent >= body.length) req.end();
    };
    write();
  });
}

/** Peak RSS of the server while `CLIENTS` clients post at once, and what each wrote. */
async function burst(server: RunningServer, body: Buffer, stubborn: boolean) {
  const pid = server.process.pid!;
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const results = await Promise.all(Array.from({ length: CLIENTS }, () => post(server.port, body, stubborn)));
  await new Promise((r) => setTimeout(r, 500));
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(pid));
  const statuses = [...new Set(results.map((r) => r.status))].join(', ');
  const sentMiB = results.map((r) => Math.round(r.sent / 1024 / 1024));
  const ms = results.map((r) => Math.round(r.ms));
  return { before, peak, statuses, sentMiB, ms };
}

export async function anonymousImports(server: RunningServer): Promise<Row[]> {
  const body = Buffer.alloc(SIZE, 'a');
  body.write('{"competition":"', 0);
  body.write('"}', SIZE - 2);
  const rows: Row[] = [];
  for (const stubborn of [false, true]) {
    const r = await burst(server, body, stubborn);
    rows.push({
      figure: `RSS, ${CLIENTS} anonymous 63 MB imports at once${stubborn ? ' (clients ignore the answer)' : ''}`,
      value: `${r.before} → ${r.peak} MiB`,
      target: 'no growth from the bodies',
      pass: r.peak - r.before < 64,
      data: { ...r },
      note: `answered ${r.statuses}; each client wrote ${Math.min(...r.sentMiB)}–${Math.max(...r.sentMiB)} MiB before its connection ended, in ${Math.min(...r.ms)}–${Math.max(...r.ms)} ms`,
    });
  }
  return rows;
}
