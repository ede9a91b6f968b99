/**
 * The fault proxy (faultProxy.ts) between fetch (keep-alive, as the venue's client) and a tiny node:http
 * server that counts the POST bodies it received whole, and those cut short.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from './faultProxy.ts';

/** What the server saw. */
const seen = { requests: 0, wholeBodies: 0, partialBodies: 0, connections: 0 };
const serverSockets = new Set<net.Socket>();
/** The requests to /hold the server has not answered yet. */
const holding: http.ServerResponse[] = [];

const server = http.createServer((req, res) => {
  seen.requests++;
  if (req.method !== 'POST') {
    res.end('pong');
    return;
  }
  const expected = Number(req.headers['content-length']);
  let length = 0;
  req.on('data', (chunk: Buffer) => (length += chunk.length));
  req.on('end', () => {
    if (length !== expected) return;
    seen.wholeBodies++;
    if (req.url === '/hold') holding.push(res);
    else res.end(JSON.stringify({ received: length }));
  });
  req.on('close', () => {
    if (!req.complete) seen.partialBodies++;
  });
});
// Kept-alive connections stay until the tests end them (Node's 5 s default would race the tests).
server.keepAliveTimeout = 60_000;
server.on('connection', (socket: net.Socket) => {
  seen.connections++;
  serverSockets.add(socket);
  socket.on('close', () => serverSockets.delete(socket));
});

let proxy: FaultProxy;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  proxy = await startFaultProxy({ target: { host: '127.0.0.1', port } });
});

afterEach(() => proxy.setMode('pass'));

afterAll(async () => {
  await proxy.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Waits for `condition` (checked every few milliseconds), failing after 5 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const get = (path = '/ping', init: RequestInit = {}) => fetch(proxy.url + path, init);
const post = (path = '/batches', init: RequestInit = {}) =>
  fetch(proxy.url + path, { method: 'POST', body: 'x'.repeat(1024), ...init });

/** A request through the proxy succeeds and reaches the server (its body whole for a POST). */
async function expectPasses(): Promise<void> {
  const before = { ...seen };
  const res = await post();
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ received: 1024 });
  expect(seen.wholeBodies).toBe(before.wholeBodies + 1);
  expect(seen.requests).toBe(before.requests + 1);
}

describe('the fault proxy', () => {
  it('pass: forwards both ways, and a kept-alive connection carries the next requests', async () => {
    const accepted = proxy.connections.accepted;
    for (let i = 0; i < 4; i++) {
      expect(await (await get()).text()).toBe('pong');
      await expectPasses();
    }
    // Eight requests, one after the other: fetch keeps its connections (it may open a second one when
    // the next request is sent before the last answer's connection is back in its pool).
    const opened = proxy.connections.accepted - accepted;
    expect(opened).toBeGreaterThanOrEqual(1);
    expect(opened).toBeLessThanOrEqual(2);
    expect(seen.connections).toBe(opened);
    expect(proxy.connections.open).toBe(opened);
  });

  it('drop: resets the open connections (kept-alive and in flight) and refuses new ones', async () => {
    await expectPasses();
    expect(serverSockets.size).toBeGreaterThanOrEqual(1);
    const inFlight = post('/hold');
    await until(() => holding.length === 1, 'the server to hold a request');
    const { killed, refused } = proxy.connections;

    proxy.setMode('drop');
    await expect(inFlight).rejects.toThrow(TypeError);
    // Every connection to the server (the idle kept-alive one too) is gone.
    await until(() => serverSockets.size === 0 && proxy.connections.open === 0, 'every connection to close');
    expect(proxy.connections.killed).toBeGreaterThan(killed);
    holding.length = 0;

    const requests = seen.requests;
    await expect(post()).rejects.toThrow(TypeError);
    await expect(get()).rejects.toThrow(TypeError);
    expect(proxy.connections.refused).toBe(refused + 2);
    expect(seen.requests).toBe(requests);
    expect(serverSockets.size).toBe(0);

    proxy.setMode('pass');
    await expectPasses();
  });

  it('stall: the client’s own timeout fires, the server sees nothing, not even after the stall', async () => {
    await expectPasses(); // a kept-alive connection, idle through the stall
    const before = { ...seen };
    proxy.setMode('stall');
    await expect(post('/batches', { signal: AbortSignal.timeout(300) })).rejects.toThrow(
      expect.objectContaining({ name: 'TimeoutError' }),
    );
    await expect(get('/ping', { signal: AbortSignal.timeout(300) })).rejects.toThrow(
      expect.objectContaining({ name: 'TimeoutError' }),
    );
    expect(seen).toEqual(before);

    proxy.setMode('pass');
    // The requests sent during the stall never arrive: one more request, one more seen.
    await expectPasses();
    expect(seen.wholeBodies).toBe(before.wholeBodies + 1);
  });

  it('stall: a connection in flight stalls too, the answer the server sends never arrives', async () => {
    const inFlight = post('/hold', { signal: AbortSignal.timeout(1000) });
    await until(() => holding.length === 1, 'the server to hold a request');
    proxy.setMode('stall');
    const answer = holding.pop()!;
    await new Promise<void>((resolve) => answer.end('late', resolve));
    await expect(inFlight).rejects.toThrow(expect.objectContaining({ name: 'TimeoutError' }));
    proxy.setMode('pass');
    await expectPasses();
  });

  it('resetNextRequestAfter(10) on a 1 KB POST: fetch fails, the server saw no whole body', async () => {
    await expectPasses();
    const before = { ...seen };
    const cut = proxy.resetNextRequestAfter(10);
    await expect(post()).rejects.toThrow(TypeError);
    await cut.applied;
    expect(proxy.connections.requestsCut).toBe(1);
    expect(seen.wholeBodies).toBe(before.wholeBodies);
    expect(seen.requests).toBe(before.requests);
    await expectPasses();
  });

  it('resetNextRequestAfter(100, {inBody}): the server reads the headers and part of the body, then the close', async () => {
    const before = { ...seen };
    const cut = proxy.resetNextRequestAfter(100, { inBody: true });
    await expect(post()).rejects.toThrow(TypeError);
    await cut.applied;
    await until(() => seen.partialBodies === before.partialBodies + 1, 'the server to see a partial body');
    expect(seen.requests).toBe(before.requests + 1);
    expect(seen.wholeBodies).toBe(before.wholeBodies);
    await expectPasses();
  });

  it('resetNextResponse(): fetch fails though the server got the whole body; then pass works again', async () => {
    await expectPasses();
    const before = { ...seen };
    const cut = proxy.resetNextResponse();
    await expect(post()).rejects.toThrow(TypeError);
    await cut.applied;
    expect(proxy.connections.responsesCut).toBe(1);
    expect(seen.wholeBodies).toBe(before.wholeBodies + 1);
    await expectPasses();
    await expectPasses();
  });

  it('a fault aimed with match waits for the request it names', async () => {
    const cut = proxy.resetNextResponse({ match: /^POST \/batches / });
    expect(await (await get()).text()).toBe('pong');
    const before = { ...seen };
    await expect(post('/batches')).rejects.toThrow(TypeError);
    await cut.applied;
    expect(seen.wholeBodies).toBe(before.wholeBodies + 1);
    await expectPasses();
  });
});
