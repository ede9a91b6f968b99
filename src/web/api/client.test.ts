// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as endpoints from '../../domain/schemas/endpoints.ts';
import { call, onSessionChange, pathOf } from './client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('calls through the endpoint table', () => {
  it('fill the path pieces once, URL-encoded, and put the rest in the query', () => {
    expect(pathOf(endpoints.getResultsOne, { key: 'demo', eventKey: 'waltz & more' })).toBe(
      '/competitions/demo/results/waltz%20%26%20more',
    );
    expect(pathOf(endpoints.getFloor, { key: 'demo', next: 0 })).toBe('/competitions/demo/floor?next=0');
    expect(pathOf(endpoints.getFloor, { key: 'demo' })).toBe('/competitions/demo/floor');
    expect(pathOf(endpoints.deleteEventsRoundsOne, { key: 'demo', eventKey: 'w', n: 2, version: 7 })).toBe(
      '/competitions/demo/events/w/rounds/2?version=7',
    );
  });

  it('send the method and body of the table, and tell the feed about a sign-in', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ user: { id: 1 } }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const signedIn = vi.fn();
    const stop = onSessionChange(signedIn);
    await call(endpoints.postAuthLogin, {}, { email: 'a@example.com', password: 'secret' });
    stop();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'a@example.com', password: 'secret' });
    expect(signedIn).toHaveBeenCalledTimes(1);
  });
});
