// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as endpoints from '../../domain/schemas/endpoints.ts';
import { call, hrefOf, onSessionChange, pathOf } from './client.ts';

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

  it('give the browser the full URL of a download, with /api/v1', () => {
    expect(hrefOf(endpoints.getEventsResultsCsv, { key: 'demo', eventKey: 'a/b' })).toBe(
      '/api/v1/competitions/demo/events/a%2Fb/results.csv',
    );
  });

  it('send a POST without a body as {} and a DELETE without one as none', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await call(endpoints.postAuthLogout, {});
    await call(endpoints.deleteEntriesOne, { key: 'demo', entryId: 3 });
    const [, post] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const [url, del] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(post.body).toBe('{}');
    expect(url).toBe('/api/v1/competitions/demo/entries/3');
    expect(del.body).toBeUndefined();
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
