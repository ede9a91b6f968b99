/**
 * Load generator for the SSE fan-out figure, run as its own process (forked by bench/sse.ts): opens
 * `count` public connections to the change feed with plain sockets (one per client, as many phones
 * would) and reports, per armed run, when each client received the first `results` change.
 *
 * Messages from the parent: {type:'arm'} → replies {type:'armed'}; then, when every client got the
 * change (or after the timeout), {type:'received', times:[epoch ms…], missing}.
 */
import { connect, type Socket } from 'node:net';
import { epochMs } from './lib/stats.ts';

const [host, portText, path, countText] = process.argv.slice(2);
const port = Number(portText);
const count = Number(countText);
const send = (m: unknown) => process.send?.(m);

interface Client {
  socket: Socket;
  hello: boolean;
  /** Receipt time of the results change in the armed run, or null while waiting. */
  got: number | null;
  tail: string;
}

const clients: Client[] = [];
let armed = false;
let waiting = 0;
let timer: NodeJS.Timeout | undefined;

function finish(): void {
  if (!armed) return;
  armed = false;
  clearTimeout(timer);
  const times = clients.map((c) => c.got).filter((t): t is number => t !== null);
  send({ type: 'received', times, missing: clients.length - times.length });
}

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const c: Client = { socket, hello: false, got: null, tail: '' };
    socket.setNoDelay(true);
    socket.setEncoding('utf8');
    socket.once('connect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nAccept: text/event-stream\r\n\r\n`),
    );
    socket.on('data', (chunk: string) => {
      const at = epochMs();
      // Keep a short tail so a frame split across two reads is still recognised.
      const text = c.tail + chunk;
      c.tail = text.slice(-64);
      if (!c.hello && text.includes('event: hello')) {
        c.hello = true;
        resolve();
      }
      if (armed && c.got === null && text.includes('"topic":"results"')) {
        c.got = at;
        if (--waiting === 0) finish();
      }
    });
    socket.once('error', reject);
    socket.once('close', () => {
      if (!c.hello) reject(new Error('stream closed before hello'));
    });
    clients.push(c);
  });
}

process.on('message', (m: { type: string; timeoutMs?: number }) => {
  if (m.type === 'arm') {
    for (const c of clients) {
      c.got = null;
      c.tail = '';
    }
    waiting = clients.length;
    armed = true;
    timer = setTimeout(finish, m.timeoutMs ?? 10_000);
    send({ type: 'armed' });
  } else if (m.type === 'close') {
    for (const c of clients) c.socket.destroy();
    process.exit(0);
  }
});

// The parent is gone (crashed or stopped): do not keep thousands of streams open.
process.on('disconnect', () => process.exit(0));

// Connect in batches: a burst of thousands of SYNs at once would overflow the listen backlog.
const t0 = Date.now();
for (let i = 0; i < count; i += 100) {
  const batch: Promise<void>[] = [];
  for (let j = i; j < Math.min(count, i + 100); j++) batch.push(open());
  await Promise.all(batch);
}
send({ type: 'ready', clients: clients.length, connectMs: Date.now() - t0 });
