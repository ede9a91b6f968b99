/**
 * A small closed-loop HTTP/1.1 load generator (its own process, forked by bench/throughput.ts):
 * `connections` keep-alive sockets each send one GET, read the whole response (Content-Length or
 * chunked), and send the next. Prints one JSON line: requests, errors, seconds, latencies summary.
 * Raw sockets keep the generator's own cost small, so on a 2-core machine the server gets the CPU.
 */
import { connect } from 'node:net';
import { percentile } from './lib/stats.ts';

const [host, portText, path, connText, secondsText, warmupText] = process.argv.slice(2);
const port = Number(portText);
const connections = Number(connText);
const seconds = Number(secondsText);
const warmup = Number(warmupText ?? 1);
const request = Buffer.from(
  `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nAccept: application/json\r\n\r\n`,
);

let measuring = false;
let stopping = false;
let requests = 0;
let errors = 0;
let bytes = 0;
const statuses = new Map<number, number>();
const latencies: number[] = [];

function run(): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setNoDelay(true);
    let buf: Buffer = Buffer.alloc(0);
    let sentAt = 0;
    const send = () => {
      if (stopping) {
        socket.end();
        return resolve();
      }
      sentAt = performance.now();
      socket.write(request);
    };
    socket.on('connect', send);
    socket.on('data', (chunk: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        const headEnd = buf.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const head = buf.subarray(0, headEnd).toString('latin1');
        const status = Number(head.slice(9, 12));
        const len = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        let total: number;
        if (len) {
          total = headEnd + 4 + Number(len[1]);
          if (buf.length < total) return;
        } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
          const end = buf.indexOf('\r\n0\r\n\r\n', headEnd);
          if (end < 0) return;
          total = end + 7;
        } else {
          errors++;
          socket.destroy();
          return resolve();
        }
        const done = performance.now();
        if (measuring) {
          requests++;
          bytes += total;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status !== 200) errors++;
          latencies.push(done - sentAt);
        }
        buf = buf.subarray(total);
        send();
      }
    });
    socket.on('error', () => {
      errors++;
      resolve();
    });
  });
}

const all = Array.from({ length: connections }, run);
await new Promise((r) => setTimeout(r, warmup * 1000));
measuring = true;
const t0 = performance.now();
await new Promise((r) => setTimeout(r, seconds * 1000));
measuring = false;
const elapsed = (performance.now() - t0) / 1000;
stopping = true;
await Promise.all(all);
console.log(
  JSON.stringify({
    requests,
    errors,
    seconds: elapsed,
    rps: requests / elapsed,
    bytesPerResponse: requests ? Math.round(bytes / requests) : 0,
    statuses: Object.fromEntries(statuses),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.reduce((m, x) => (x > m ? x : m), 0),
  }),
);
