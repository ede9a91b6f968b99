import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { openDatabase } from '../db/index.ts';
import { buildApp } from '../app.ts';
import { installAccessChecks } from './access.ts';

/** Issue 13 §2: every /api/v1 route declares who may call it, or the app does not start. */
describe('declared access', () => {
  it('is declared by every route of the app (the app starts)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'promenade-access-'));
    const { db, close } = await openDatabase(join(dir, 'promenade.sqlite'));
    try {
      const app = await buildApp({
        db,
        config: { defaultCompetition: null, secureCookies: false, webRoot: null, dataDir: dir },
      });
      await app.ready();
      // The check ran on the real routes (not on an empty app).
      expect(app.hasRoute({ method: 'GET', url: '/api/v1/competitions/:key/events' })).toBe(true);
      await app.close();
    } finally {
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start with an /api/v1 route that declares none', async () => {
    const app = Fastify();
    installAccessChecks(app);
    app.get('/api/health', async () => ({ ok: true }));
    app.get('/api/v1/open', { config: { access: 'public' } }, async () => ({ ok: true }));
    void app.register(
      async (v1) => {
        v1.post('/competitions/:key/forgotten', async () => ({ ok: true }));
      },
      { prefix: '/api/v1' },
    );
    await expect(app.ready()).rejects.toThrow('POST /api/v1/competitions/:key/forgotten declares no access');
  });

  it('lets a declared route and a route outside /api/v1 run', async () => {
    const app = Fastify();
    installAccessChecks(app);
    app.decorateRequest('actor', null as never);
    app.addHook('onRequest', async (req) => {
      req.actor = { kind: 'anonymous' };
    });
    app.get('/api/health', async () => ({ ok: true }));
    app.get('/api/v1/open', { config: { access: 'public' } }, async () => ({ ok: true }));
    app.get('/api/v1/staff', { config: { access: 'signedIn' } }, async () => ({ ok: true }));
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/open' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/staff' })).statusCode).toBe(401);
    await app.close();
  });
});
