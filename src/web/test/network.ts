/**
 * The one fake network for web tests: only `fetch` is replaced, by a table of `"METHOD /path"` (path
 * after /api/v1) → response. Unknown paths answer 404 so a forgotten route fails loudly;
 * `state.down = true` makes every call fail like a lost connection.
 */
import { vi } from 'vitest';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}
export type FakeHandler = FakeResponse | ((request: RecordedRequest) => FakeResponse | Promise<FakeResponse>);
export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Replaces global fetch with a table of `"METHOD /path"` (path after /api/v1) → response. Unknown paths
 * answer 404 so a forgotten route fails loudly. `network.down = true` makes every call fail like a lost
 * connection.
 */
export function fakeNetwork(routes: Record<string, FakeHandler>) {
  const requests: RecordedRequest[] = [];
  const state = { down: false, routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api\/v1/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, path, body };
    requests.push(request);
    const handler = state.routes[`${method} ${path}`];
    const res =
      handler === undefined
        ? { status: 404, body: { error: { code: 'not_found', message: `No fake for ${method} ${path}` } } }
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
    const status = res.status ?? 200;
    return new Response(status === 204 || res.body === undefined ? null : JSON.stringify(res.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    state,
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

/** Refuses the first request with `status` and this API error, then answers every later one with `then`. */
export function refusedOnce(
  status: number,
  error: { code: string; message: string; details?: unknown[] },
  then: FakeHandler,
): FakeHandler {
  let calls = 0;
  return (request) =>
    ++calls === 1 ? { status, body: { error } } : typeof then === 'function' ? then(request) : then;
}
