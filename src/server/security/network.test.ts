/**
 * What one hostile client can do over the network: hold thousands of live streams, make
 * the server read a large body it will refuse anyway, send a body too large for its route, or trickle
 * a body in forever. Real server, real sockets.
 */
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Client, expectErrorShape, useTestServer } from '../test/harness.ts';
import { percentile, regressionBound } from '../test/timing.ts';

/** Port of a test server's url. */
const portOf = (url: string) => Number(new URL(url).port);

/** A raw connection to the server that keeps what it answers and whether it has closed. */
function rawSocket(url: string) {
  const socket = connect({ port: portOf(url), host: '127.0.0.1' });
  const seen = { answer: '', closed: false };
  socket.on('data', (d) => (seen.answer += d.toString('latin1')));
  socket.on('error', () => {});
  socket.on('close', () => (seen.closed = true));
  return { socket, seen };
}

interface RawAnswer {
  /** The status line's code, or 0 if the socket closed with none. */
  status: number;
  head: string;
  socket: Socket;
}

/**
 * Sends `request` on a new socket (from `localAddress`, another loopback address = another client)
 * and resolves with the first answer's status once its head has arrived; the socket stays open.
 */
function rawRequest(port: number, request: string, localAddress = '127.0.0.1'): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let text = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : 0, head: text.split('\r\n\r\n')[0] ?? '', socket });
    };
    socket.on('data', (d) => {
      text += d.toString('latin1');
      if (text.includes('\r\n\r\n')) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(request);
  });
}

const streamRequest = (path: string) => `GET ${path} HTTP/1.1\r\nHost: promenade\r\n\r\n`;

/**
 * One client opening 2,000 streams, 50 at a time; holds the ones accepted until its stdin closes and
 * prints one line: how many were accepted and refused, and the head of the first refusal.
 */
const ATTACKER = `
import { connect } from 'node:net';
const [port, path] = process.argv.slice(1);
const held = [];
let accepted = 0, refused = 0, head = '';
const open = () => new Promise((resolve) => {
  const socket = connect({ port: Number(port), host: '127.0.0.1' });
  let text = '';
  const done = () => resolve({ socket, text });
  socket.on('data', (d) => { text += d.toString('latin1'); if (text.includes('\\r\\n\\r\\n')) done(); });
  socket.on('error', done);
  socket.on('close', done);
  socket.write('GET ' + path + ' HTTP/1.1\\r\\nHost: promenade\\r\\n\\r\\n');
});
for (let i = 0; i < 2000; i += 50) {
  for (const { socket, text } of await Promise.all(Array.from({ length: 50 }, open))) {
    if (text.startsWith('HTTP/1.1 200')) { accepted++; held.push(socket); }
    else { refused++; head ||= text.split('\\r\\n\\r\\n')[0]; socket.destroy(); }
  }
}
process.stdout.write(JSON.stringify({ accepted, refused, head }) + '\\n');
process.stdin.resume();
process.stdin.on('end', () => { for (const s of held) s.destroy(); process.exit(0); });
`;

describe('live streams one client can hold', () => {
  const PER_ADDRESS = 200;
  const { s, anon } = useTestServer({ limits: { streamsPerAddress: PER_ADDRESS, streamsTotal: 1000 } });
  const STREAM = '/api/v1/competitions/demo/stream';

  it('one address trying 2,000 streams gets its share and 503s; GETs stay fast; another address still connects', async () => {
    const port = portOf(s.url);
    const visitor = anon();
    // The same reads before the attack: this run's baseline.
    const baseline: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      expect((await visitor.get('/api/v1/competitions/demo/events')).status).toBe(200);
      baseline.push(performance.now() - t0);
    }
    // The attacker is its own process, so the GETs below time the server, not the attacker's loop.
    const attacker = spawn(process.execPath, ['--input-type=module', '-e', ATTACKER, String(port), STREAM], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    attacker.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const attacking = () => !out.includes('\n');

    const latencies: number[] = [];
    try {
      while (attacking() && attacker.exitCode === null) {
        const t0 = performance.now();
        const res = await visitor.get('/api/v1/competitions/demo/events');
        latencies.push(performance.now() - t0);
        expect(res.status).toBe(200);
      }
      const result = JSON.parse(out) as { accepted: number; refused: number; head: string };
      const [p50, p99] = [percentile(latencies, 50), percentile(latencies, 99)];
      const [base50, base99] = [percentile(baseline, 50), percentile(baseline, 99)];
      console.log(
        `streams: ${result.accepted} of 2000 accepted from one address, ${result.refused} refused; ` +
          `GET …/events meanwhile: ${latencies.length} requests, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (before: p50 ${base50.toFixed(1)} ms, p99 ${base99.toFixed(1)} ms)`,
      );

      expect(result.accepted).toBe(PER_ADDRESS);
      expect(result.head).toMatch(/^HTTP\/1\.1 503/);
      expect(result.head.toLowerCase()).toContain('retry-after: 30');
      expect(result.head.toLowerCase()).toContain('connection: close');
      // Held streams that cost the server a turn each would stall every GET for seconds.
      expect(p50).toBeLessThan(regressionBound(base50, { floorMs: 500 }));
      expect(p99).toBeLessThan(regressionBound(base99, { floorMs: 2000 }));

      // The same refusal read as JSON: the API's error shape.
      expectErrorShape(await visitor.get(STREAM), 503, 'too_many_streams');

      // Another client (another address) still gets its stream.
      const other = await rawRequest(port, streamRequest(STREAM), '127.0.0.2');
      expect(other.status).toBe(200);
      other.socket.destroy();
    } finally {
      attacker.stdin.end();
      await new Promise((r) => attacker.once('exit', r));
    }
    // Streams closed by their client give their places back.
    await new Promise((r) => setTimeout(r, 300));
    const again = await rawRequest(port, streamRequest(STREAM));
    expect(again.status).toBe(200);
    again.socket.destroy();
  }, 120_000);
});

describe('request bodies', () => {
  const { s } = useTestServer({ limits: { bodyTimeoutMs: 2000 } });

  it('an anonymous 63 MB import is refused with 401 before its body is read, and the socket is closed', async () => {
    const total = 63 * 1024 * 1024;
    const { socket, seen } = rawSocket(s.url);
    socket.write(
      `POST /api/v1/competitions/import HTTP/1.1\r\nHost: promenade\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n{"competition":"`,
    );
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    // Send as a client on a fast link would, until the server answers or closes.
    while (sent < total && !seen.closed && !seen.answer.includes('\r\n\r\n')) {
      if (!socket.write(chunk)) await new Promise((r) => setTimeout(r, 5));
      sent += chunk.length;
    }
    const deadline = Date.now() + 5000;
    while (!seen.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    console.log(`import refused after ${(sent / 1024 / 1024).toFixed(1)} MB of 63 MB sent`);
    expect(seen.answer).toMatch(/^HTTP\/1\.1 401/);
    expect(seen.answer).toContain('"code":"unauthorized"');
    expect(sent).toBeLessThan(total / 4);
    // The server does not read (or wait for) the rest: the connection is closed.
    expect(seen.closed).toBe(true);
    socket.destroy();
  }, 30_000);

  it('a body over the 1 MiB limit of an ordinary route is answered 413 in the error shape', async () => {
    const admin = new Client(s.url);
    expect((await admin.login()).status).toBe(200);
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    expectErrorShape(await admin.post('/api/v1/competitions', big), 413, 'too_large');
    expectErrorShape(await new Client(s.url).post('/api/v1/auth/login', big), 413, 'too_large');
  });

  it('a body trickled in one byte at a time is cut off with 408 and the socket closed', async () => {
    const { socket, seen } = rawSocket(s.url);
    socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: promenade\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    const t0 = Date.now();
    // One byte every 500 ms (100 bytes would take 50 s); the server allows 2 s for the whole request.
    while (!seen.closed && Date.now() - t0 < 10_000) {
      socket.write('{');
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(seen.closed).toBe(true);
    expect(seen.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - t0).toBeLessThan(6000);
  }, 20_000);
});
