import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ADMIN, Client, expectErrorShape, onPostgres, useTestServer } from './harness.ts';

/**
 * With no room left for the database, a write must not answer a bare 500 logged as "cannot
 * rollback - no transaction is active". The real SQLITE_FULL is reached here through SQLite's own size
 * limit (`max_page_count` on the server's connection): clients get 503 `storage_full`, the log names
 * the cause, and the server works again once there is room, without a restart.
 */
const logs: string[] = [];
const { s } = useTestServer({
  logger: {
    level: 'error',
    stream: new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(chunk.toString());
        done();
      },
    }),
  },
});
const API = '/api/v1/competitions/demo';

const register = (c: Client, n: number) =>
  c.post(`${API}/registrations`, {
    lead: { name: `Lead Full${n}`, email: `lead.full${n}@example.com` },
    follow: { name: `Follow Full${n}`, email: `follow.full${n}@example.com` },
    affiliation: 'MIT Ballroom Dance Team',
    events: ['bronze-latin-c-r-s'],
    consents: { liability: true, media: false },
  });

async function pragma(name: string, value?: number): Promise<number> {
  const text = value === undefined ? `PRAGMA ${name}` : `PRAGMA ${name} = ${value}`;
  const rows = (await sql.raw(text).execute(s.db)).rows as Record<string, number>[];
  return Number(Object.values(rows[0] ?? {})[0]);
}

// SQLite only: its size limit (max_page_count) stands in for a full disk; PostgreSQL has no such
// per-connection limit (its 53100 disk_full is mapped to the same 503 by db/dialect.ts isStorageFull).
describe.skipIf(onPostgres)('storage full', () => {
  it('answers 503 storage_full, logs the cause, and recovers once there is room', async () => {
    const admin = new Client(s.url);
    expect((await admin.login()).status).toBe(200);
    const healthy = await new Client(s.url).get('/api/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body).toMatchObject({ ok: true, storage: 'ok' });
    const roomy = await pragma('max_page_count');
    // No room for one more page: the next write that needs one fails as on a full disk.
    await pragma('max_page_count', await pragma('page_count'));

    const answers: number[] = [];
    for (let n = 0; n < 60 && !answers.includes(503); n++) {
      const res = await register(admin, n);
      answers.push(res.status);
      if (res.status !== 201) expectErrorShape(res, 503, 'storage_full');
    }
    expect(answers).toContain(503);
    // A monitor reading /api/health sees that writes cannot be stored.
    const full = await new Client(s.url).get('/api/health');
    expect(full.status).toBe(503);
    expect(full.body).toMatchObject({ ok: false, storage: 'full' });

    // A sign-in writes a session: refused the same way once the pages are full, never a bare 500.
    const signIns: number[] = [];
    for (let i = 0; i < 60 && !signIns.includes(503); i++) {
      const res = await new Client(s.url).login(ADMIN.email, ADMIN.password);
      signIns.push(res.status);
      if (res.status !== 200) {
        expectErrorShape(res, 503, 'storage_full');
        expect(res.headers.get('retry-after')).toBe('60');
      }
    }
    expect(signIns).toContain(503);
    const logged = logs.join('');
    expect(logged).toContain('database or disk is full');
    expect(logged).not.toContain('cannot rollback');

    // Room again: the same server takes registrations and sign-ins.
    await pragma('max_page_count', roomy);
    expect((await register(admin, 1000)).status).toBe(201);
    const again = await new Client(s.url).get('/api/health');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ok: true, storage: 'ok' });
    expect((await new Client(s.url).login(ADMIN.email, ADMIN.password)).status).toBe(200);
  });
  it('answers 503 storage_read_only while the database refuses writes, and /api/health says so', async () => {
    const admin = new Client(s.url);
    expect((await admin.login()).status).toBe(200);
    // The server's connection refuses every write, as a database file or folder made read-only does.
    await sql.raw('PRAGMA query_only = ON').execute(s.db);
    try {
      const res = await register(admin, 2000);
      expectErrorShape(res, 503, 'storage_read_only');
      const health = await new Client(s.url).get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ ok: false, storage: 'read-only' });
    } finally {
      await sql.raw('PRAGMA query_only = OFF').execute(s.db);
    }
    expect((await register(admin, 2001)).status).toBe(201);
    expect((await new Client(s.url).get('/api/health')).body).toMatchObject({ ok: true, storage: 'ok' });
  });
});
