/**
 * A TCP proxy that a test puts between an HTTP client (the venue) and a server (the public site) to make
 * the link between them fail the ways venue internet fails: refused, stalled, cut mid-upload, or cut
 * after the server answered (docs/mirror.md, "a failure (no connection, a reset mid-batch, a stall past
 * the timeout, a 5xx)").
 *
 *     const proxy = await startFaultProxy({ target: { host: '127.0.0.1', port } });
 *     proxy.setMode('drop'); …; proxy.setMode('pass');
 *     const cut = proxy.resetNextResponse({ match: /^POST .*\/batches / });
 *     …; await cut.applied;
 *     await proxy.close();
 *
 * It forwards bytes, it does not speak HTTP, with one exception: to aim a fault at one request it
 * notes where requests begin, assuming HTTP/1.x without pipelining and without `Expect: 100-continue`
 * (what fetch/undici sends): on a connection, the first bytes the client sends after the server's last
 * bytes (or the first bytes of the connection) begin a request, and their first line is its request
 * line (`POST /path HTTP/1.1`). So the faults follow requests, on a fresh connection or a kept-alive
 * one alike.
 */
import net from 'node:net';

/** What the link does; see {@link FaultProxy.setMode}. */
export type FaultMode = 'pass' | 'drop' | 'stall';

export interface FaultProxyOptions {
  /** Where the proxy forwards to (the server under test). */
  target: { host: string; port: number };
  /** The mode at start; 'pass' unless given. */
  mode?: FaultMode;
}

/** Which request a fault is for: the next one whose request line (`POST /path HTTP/1.1`) matches. */
export interface FaultTarget {
  /** Tested against the request line; every request matches when absent. */
  match?: RegExp;
}

/** A fault that is armed: it applies once, to the next request that matches. */
export interface ArmedFault {
  /** Resolves when the fault has been applied (the connection cut). Never rejects. */
  applied: Promise<void>;
}

/** Counters since the proxy started (a snapshot; read `proxy.connections` again for fresh ones). */
export interface FaultProxyCounters {
  /** Client connections accepted, in any mode (refused ones included). */
  accepted: number;
  /** Client connections open now. */
  open: number;
  /** Connections reset at once because the mode was 'drop'. */
  refused: number;
  /** Open connections the proxy reset: by setMode('drop'), at the end of a stall they had traffic in, or by close(). */
  killed: number;
  /** Requests begun: their first bytes forwarded to the server. */
  requests: number;
  /** Uploads cut by resetNextRequestAfter. */
  requestsCut: number;
  /** Answers cut by resetNextResponse. */
  responsesCut: number;
}

export interface FaultProxy {
  /** `http://127.0.0.1:NNNN`: give this to the client instead of the server's address. */
  readonly url: string;
  readonly port: number;
  readonly mode: FaultMode;
  /**
   * - `pass`: forwards both ways.
   * - `drop`: resets every new connection at once (the client sees ECONNRESET) and resets the open ones
   *   now (a kept-alive connection does not survive a drop). A client that fetches right after the drop
   *   may not have noticed its idle connections died yet: let it fail once (or wait) before relying on
   *   the next mode.
   * - `stall`: accepts connections and forwards nothing either way, on new and open connections alike
   *   (the client's own timeout must fire); a new connection is not even opened to the server. What
   *   arrives is read and thrown away: the server never sees a request sent during a stall, however
   *   late. When the stall ends (any other mode), a connection that had traffic during it (either way)
   *   is reset; connections idle during the stall carry on.
   */
  setMode(mode: FaultMode): void;
  /**
   * Cuts the next matching request's upload after `bytes` bytes (counted from its request line, or
   * from the first byte of its body with `inBody`): those bytes reach the server, then the proxy closes
   * the connection to the server (the server sees a partial request and applies nothing) and resets
   * the client's. If the request turns out shorter than that, it passes whole and the fault stays armed
   * for the next matching request.
   */
  resetNextRequestAfter(bytes: number, options?: FaultTarget & { inBody?: boolean }): ArmedFault;
  /**
   * Lets the next matching request reach the server whole, then cuts the connection at the first byte
   * of the server's answer: the client gets a reset and no answer, though the server applied the
   * request (the client must retry and be answered as a duplicate).
   */
  resetNextResponse(options?: FaultTarget): ArmedFault;
  readonly connections: FaultProxyCounters;
  /** Resets every connection and stops listening. */
  close(): Promise<void>;
}

interface UploadCut {
  bytes: number;
  inBody: boolean;
  match: RegExp | undefined;
  done: () => void;
}

interface ResponseCut {
  match: RegExp | undefined;
  done: () => void;
}

/** One client connection and its connection to the server. */
interface Link {
  client: net.Socket;
  server: net.Socket | null;
  /** The mode is 'stall' (nothing passes either way). */
  stalled: boolean;
  /** Something arrived (either way) while stalled: it will never pass. */
  stalledTraffic: boolean;
  /** The next bytes from the client begin a request. */
  awaitingRequest: boolean;
  /** The upload cut attached to the request in progress, with its count so far. */
  uploadCut: { cut: UploadCut; counted: number; headerTail: Buffer | null } | null;
  /** The answer to the request in progress is to be cut. */
  responseCut: ResponseCut | null;
  dead: boolean;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Starts a proxy on a free port of 127.0.0.1, forwarding to `target`. */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const { target } = options;
  let mode: FaultMode = options.mode ?? 'pass';
  const links = new Set<Link>();
  const uploadCuts: UploadCut[] = [];
  const responseCuts: ResponseCut[] = [];
  const counters: FaultProxyCounters = {
    accepted: 0,
    open: 0,
    refused: 0,
    killed: 0,
    requests: 0,
    requestsCut: 0,
    responsesCut: 0,
  };

  /** Ends a link at once: the client gets a reset, the server a close. */
  const kill = (link: Link): void => {
    if (link.dead) return;
    link.dead = true;
    link.stalled = false;
    link.client.resetAndDestroy();
    link.server?.destroy();
  };

  const connectServer = (link: Link): void => {
    const server = net.connect({ host: target.host, port: target.port, allowHalfOpen: true });
    link.server = server;
    server.setNoDelay(true);
    server.on('data', (chunk: Buffer) => receive(link, 'down', chunk));
    server.on('end', () => receive(link, 'down', null));
    server.on('error', () => kill(link));
    server.on('close', () => {
      // The server closed without ending cleanly first (or after both ends): nothing more can pass.
      if (!link.client.writableEnded) kill(link);
    });
  };

  /** Bytes (or the end, null) arriving from one side: swallowed during a stall, else forwarded. */
  const receive = (link: Link, dir: 'up' | 'down', chunk: Buffer | null): void => {
    if (link.dead) return;
    if (link.stalled) {
      link.stalledTraffic = true;
      if (dir === 'up' && chunk === null) {
        // The client gave up during the stall: it is gone, and nothing it sent reaches the server.
        link.dead = true;
        link.client.destroy();
        link.server?.destroy();
      }
      return;
    }
    if (dir === 'up') forwardUp(link, chunk);
    else forwardDown(link, chunk);
  };

  const startRequest = (link: Link, chunk: Buffer): void => {
    link.awaitingRequest = false;
    counters.requests++;
    const lineEnd = chunk.indexOf('\r\n');
    const line = chunk.subarray(0, lineEnd < 0 ? chunk.length : lineEnd).toString('latin1');
    const matches = (m: RegExp | undefined) => !m || m.test(line);
    const u = uploadCuts.findIndex((c) => matches(c.match));
    if (u >= 0) {
      const [cut] = uploadCuts.splice(u, 1);
      link.uploadCut = { cut: cut!, counted: 0, headerTail: cut!.inBody ? Buffer.alloc(0) : null };
    }
    const r = responseCuts.findIndex((c) => matches(c.match));
    if (r >= 0) link.responseCut = responseCuts.splice(r, 1)[0]!;
  };

  /** How many bytes of `chunk` count toward an upload cut (those after the end of the headers if inBody). */
  const countedPart = (state: NonNullable<Link['uploadCut']>, chunk: Buffer): number => {
    if (!state.headerTail) return chunk.length;
    const joined = Buffer.concat([state.headerTail, chunk]);
    const at = joined.indexOf(HEADER_END);
    if (at < 0) {
      state.headerTail = joined.subarray(Math.max(0, joined.length - 3));
      return 0;
    }
    state.headerTail = null;
    return joined.length - (at + HEADER_END.length);
  };

  const forwardUp = (link: Link, chunk: Buffer | null): void => {
    if (!link.server) connectServer(link);
    const server = link.server!;
    if (chunk === null) {
      server.end();
      return;
    }
    if (link.awaitingRequest) startRequest(link, chunk);
    const state = link.uploadCut;
    if (state) {
      const counting = countedPart(state, chunk);
      const remaining = state.cut.bytes - state.counted;
      if (state.headerTail === null && counting >= remaining) {
        // Forward up to the cut, then close toward the server once those bytes are out.
        const keep = chunk.length - counting + remaining;
        link.uploadCut = null;
        link.dead = true;
        link.client.resetAndDestroy();
        server.end(chunk.subarray(0, keep));
        counters.requestsCut++;
        state.cut.done();
        return;
      }
      state.counted += counting;
    }
    if (!server.write(chunk)) {
      link.client.pause();
      server.once('drain', () => link.client.resume());
    }
  };

  const forwardDown = (link: Link, chunk: Buffer | null): void => {
    const { client } = link;
    if (chunk === null) {
      client.end();
      return;
    }
    if (link.uploadCut) {
      // The request was shorter than the cut: it passed whole; the fault waits for the next one.
      uploadCuts.unshift(link.uploadCut.cut);
      link.uploadCut = null;
    }
    link.awaitingRequest = true;
    if (link.responseCut) {
      const { done } = link.responseCut;
      link.responseCut = null;
      kill(link);
      counters.responsesCut++;
      done();
      return;
    }
    if (!client.write(chunk)) {
      link.server?.pause();
      client.once('drain', () => link.server?.resume());
    }
  };

  const listener = net.createServer({ allowHalfOpen: true }, (client) => {
    counters.accepted++;
    if (mode === 'drop') {
      counters.refused++;
      client.on('error', () => {});
      client.resetAndDestroy();
      return;
    }
    counters.open++;
    client.setNoDelay(true);
    const link: Link = {
      client,
      server: null,
      stalled: mode === 'stall',
      stalledTraffic: false,
      awaitingRequest: true,
      uploadCut: null,
      responseCut: null,
      dead: false,
    };
    links.add(link);
    client.on('data', (chunk: Buffer) => receive(link, 'up', chunk));
    client.on('end', () => receive(link, 'up', null));
    client.on('error', () => kill(link));
    client.on('close', () => {
      counters.open--;
      links.delete(link);
      if (link.stalled) {
        // The client gave up during a stall: nothing it sent reaches the server.
        link.dead = true;
        link.stalled = false;
        link.server?.destroy();
      } else if (!link.server?.writableEnded) {
        kill(link);
      }
      // A fault attached to a request that never finished waits for the next one.
      if (link.uploadCut) uploadCuts.unshift(link.uploadCut.cut);
      if (link.responseCut) responseCuts.unshift(link.responseCut);
      link.uploadCut = null;
      link.responseCut = null;
    });
    if (!link.stalled) connectServer(link);
  });

  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', () => {
      listener.off('error', reject);
      resolve();
    });
  });
  const port = (listener.address() as net.AddressInfo).port;

  const setMode = (next: FaultMode): void => {
    const previous = mode;
    mode = next;
    if (next === previous) return;
    for (const link of [...links]) {
      if (next === 'drop') {
        counters.killed++;
        kill(link);
      } else if (next === 'stall') {
        link.stalled = true;
        link.stalledTraffic = false;
      } else if (previous === 'stall' && link.stalled) {
        if (link.stalledTraffic) {
          counters.killed++;
          kill(link);
        } else {
          link.stalled = false;
        }
      }
    }
  };

  const arm = <T extends { done: () => void }>(list: T[], fault: Omit<T, 'done'>): ArmedFault => {
    let done = () => {};
    const applied = new Promise<void>((resolve) => (done = resolve));
    list.push({ ...fault, done } as T);
    return { applied };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get mode() {
      return mode;
    },
    setMode,
    resetNextRequestAfter(bytes, { match, inBody = false } = {}) {
      if (!Number.isInteger(bytes) || bytes < 0)
        throw new RangeError(`bytes must be an integer ≥ 0: ${bytes}`);
      return arm(uploadCuts, { bytes, inBody, match });
    },
    resetNextResponse({ match } = {}) {
      return arm(responseCuts, { match });
    },
    get connections() {
      return { ...counters };
    },
    close() {
      for (const link of [...links]) {
        if (!link.dead) counters.killed++;
        kill(link);
      }
      return new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
