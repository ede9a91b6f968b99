import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { openDatabase } from '../db/index.ts';
import { buildApp } from '../app.ts';
import { installAccessChecks, judgeIdOf, refuseOtherOfficial } from './access.ts';
import type { Actor } from '../auth/sessions.ts';

/** Every /api/v1 route declares who may call it, or the app does not start. */
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

describe("a route's ownOfficial: a judge acts only as themselves", () => {
  const official = (id: number, role: 'Judge' | 'Scrutineer'): Actor => ({
    kind: 'official',
    sessionId: 's',
    official: { id, competitionId: 1, name: `Official ${id}`, role },
  });

  it('knows a judge on their own code session, and no one else, as a judge', () => {
    expect(judgeIdOf(official(4, 'Judge'), 'Judge')).toBe(4);
    expect(judgeIdOf(official(5, 'Scrutineer'), 'Scrutineer')).toBeUndefined();
    // A judge of another competition has no role here.
    expect(judgeIdOf(official(4, 'Judge'), null)).toBeUndefined();
    expect(judgeIdOf({ kind: 'anonymous' }, null)).toBeUndefined();
  });

  it('refuses a judge naming another official (403 with the declared words), lets staff name anyone', () => {
    const refusal = 'A judge may enter only their own marks.';
    expect(() => refuseOtherOfficial(4, 4, refusal)).not.toThrow();
    expect(() => refuseOtherOfficial(4, 5, refusal)).toThrow(
      expect.objectContaining({ status: 403, code: 'forbidden', message: refusal }),
    );
    expect(() => refuseOtherOfficial(undefined, 5, refusal)).not.toThrow();
  });

  it('refuses to start with ownOfficial on a route without :officialId', async () => {
    const app = Fastify();
    installAccessChecks(app);
    const access = { roles: ['admin', 'Judge'] as const, to: 'see marks', ownOfficial: 'Only your own.' };
    // Thrown when the route is added, like a route without access.
    expect(() =>
      app.get('/api/v1/competitions/:key/marks', { config: { access } }, async () => ({ ok: true })),
    ).toThrow('/api/v1/competitions/:key/marks declares ownOfficial but has no :officialId');
  });
});
