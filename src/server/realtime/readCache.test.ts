import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type OpenedDatabase } from '../db/index.ts';
import { buildApp } from '../app.ts';
import { seedDemo } from '../demo/seed.ts';

/** The public read cache: readers never see data older than the feed. */
describe('readCache', () => {
  let dir: string;
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  const url = '/api/v1/competitions/demo/events';
  const firstEventName = async () => ((await app.inject({ url })).json() as { name: string }[])[0]?.name;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'promenade-cache-'));
    opened = await openDatabase(join(dir, 'promenade.sqlite'));
    await seedDemo(opened.db);
    app = await buildApp({
      db: opened.db,
      config: { defaultCompetition: null, secureCookies: false, webRoot: null, dataDir: dir },
      readCacheMaxAgeMs: 300,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function renameFirstEvent(name: string): Promise<number> {
    const first = await opened.db
      .selectFrom('events')
      .select(['id', 'competition_id'])
      .orderBy('sort_order')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await opened.db.updateTable('events').set({ name }).where('id', '=', first.id).execute();
    return first.competition_id;
  }

  it('answers repeated reads with the same body and ETag, and 304 when the reader has it', async () => {
    const a = await app.inject({ url });
    const b = await app.inject({ url });
    expect(a.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(a.headers.etag).toMatch(/^"[0-9a-f]+-\d+"$/);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(b.headers['content-type']).toMatch(/application\/json/);
    const c = await app.inject({ url, headers: { 'if-none-match': String(a.headers.etag) } });
    expect(c.statusCode).toBe(304);
    expect(c.body).toBe('');
  });

  /** The next public notice (pulse.ts), which goes out once the kept answers are rebuilt. */
  const nextNotice = () =>
    new Promise<void>((resolve) => {
      const off = app.feed.pulse.subscribe(() => {
        off();
        resolve();
      });
    });

  it('shows a change as soon as its public notice goes out', async () => {
    const before = await app.inject({ url });
    const competitionId = await renameFirstEvent('Renamed through a command');
    const noticed = nextNotice();
    await app.feed.publish(competitionId, 'events');
    await noticed;
    const after = await app.inject({ url });
    expect(await firstEventName()).toBe('Renamed through a command');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const revalidate = await app.inject({ url, headers: { 'if-none-match': String(before.headers.etag) } });
    expect(revalidate.statusCode).toBe(200);
  });

  it('has the answer rebuilt before the notice goes out, so readers reacting to it never wait for a build', async () => {
    await app.inject({ url });
    const competitionId = await renameFirstEvent('Announced name');
    const noticed = nextNotice();
    await app.feed.publish(competitionId, 'events');
    await noticed;
    // Changed again without a notice: a reader now gets the answer rebuilt for the notice, not a new build.
    await renameFirstEvent('Not yet announced');
    expect(await firstEventName()).toBe('Announced name');
    // Signed-out readers before the notice keep the previous answer; the notice tells them of the new one.
  });

  it('never keeps a change that was not published for longer than maxAgeMs and one rebuild', async () => {
    await app.inject({ url });
    await renameFirstEvent('Changed without a publish');
    await new Promise((r) => setTimeout(r, 350));
    // The first reader past maxAgeMs may still get the kept answer: it starts the one rebuild, which
    // readers after it get (nobody waits for a rebuild of an answer that no notice said had changed).
    let name = await firstEventName();
    const end = Date.now() + 2_000;
    while (name !== 'Changed without a publish' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
      name = await firstEventName();
    }
    expect(name).toBe('Changed without a publish');
  });

  it('sends brotli or gzip to clients that accept it, the same JSON once decoded', async () => {
    const plain = await app.inject({ url });
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      // Twice: the answer that fills the cache and one served from it.
      for (let i = 0; i < 2; i++) {
        const res = await app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toContain('accept-encoding');
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
      }
    }
    const identity = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('leaves other paths and errors alone', async () => {
    const missing = await app.inject({ url: '/api/v1/competitions/nope/events' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const other = await app.inject({ url: '/api/v1/competitions/demo' });
    expect(other.headers.etag).toBeUndefined();
  });
});
