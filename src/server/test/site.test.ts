import { describe, expect, it } from 'vitest';
import { onPostgres, useTestServer, writeWebRoot } from './harness.ts';

const { s } = useTestServer(() => ({
  webRoot: writeWebRoot({
    'index.html': '<!doctype html><title>Promenade</title><div id="root"></div>',
    'assets/app-abc123.js': 'console.log(1)',
  }),
}));

describe('serving the app', () => {
  it('answers every client route with index.html (history mode) and security headers', async () => {
    for (const path of [
      '/',
      '/rules',
      '/results/bronze-latin',
      '/admin/setup',
      '/judges/3',
      '/no/such/page',
      // Every competition's pages: the same app, the key in the address.
      '/c/vss24',
      '/c/vss24/results/bronze-latin',
      '/c/vss24/admin/scrutineer',
    ]) {
      const res = await fetch(s.url + path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and unknown API paths as JSON 404', async () => {
    const asset = await fetch(s.url + '/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    const api = await fetch(s.url + '/api/v1/nothing-here');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);
    expect((await api.json()).error.code).toBe('not_found');
  });

  it('reports health and an OpenAPI document of the API', async () => {
    // Which database, how changes reach this instance's live streams, and no mirror (docs/mirror.md).
    const mirror = { state: 'off', behind: 0, since: null };
    expect(await (await fetch(s.url + '/api/health')).json()).toEqual(
      onPostgres
        ? { ok: true, database: 'postgres', feed: 'listening', storage: 'ok', mirror }
        : { ok: true, database: 'sqlite', feed: 'in-process', storage: 'ok', mirror },
    );
    const doc = await (await fetch(s.url + '/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/v1/competitions/{key}',
      '/api/v1/auth/login',
      '/api/v1/competitions/{key}/settings/events',
      '/api/v1/competitions/{key}/stream',
      '/api/v1/admin/competitions',
      '/api/v1/competitions/{key}/archive',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(JSON.stringify(doc.paths['/api/v1/competitions/{key}'].patch)).toContain('fullName');
    expect(JSON.stringify(doc.paths['/api/v1/competitions'].post)).toContain('cloneFrom');
    expect(Object.keys(doc.paths['/api/v1/site'])).toEqual(expect.arrayContaining(['get', 'put']));
  });

  it('never answers with a stack trace', async () => {
    const res = await fetch(s.url + '/api/v1/competitions/demo', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});
