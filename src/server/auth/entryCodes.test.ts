/**
 * Entry codes stored as a bare SHA-256 let anyone holding the database or an export find every code
 * (42^7 candidates) on one GPU, so they are keyed by the installation's secret, kept in the data
 * folder; codes stored unkeyed (older databases, imports) keep working.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, startServer, storedCode, type TestServer } from '../test/harness.ts';
import { entryCodes, installationSecret, SECRET_FILE } from './entryCodes.ts';
import { sha256 } from './passwords.ts';

const API = '/api/v1/competitions';
let server: TestServer;
afterAll(async () => server?.stop());

async function registerCouple(admin: Client, n: number) {
  const res = await admin.post(`${API}/demo/registrations`, {
    lead: { name: `Lead Keyed${n}`, email: `lead.keyed${n}@example.com` },
    follow: { name: `Follow Keyed${n}`, email: `follow.keyed${n}@example.com` },
    affiliation: 'MIT Ballroom Dance Team',
    events: ['bronze-latin-c-r-s'],
    consents: { liability: true, media: false },
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    id: res.body.registrationId as number,
    code: res.body.entryCode as string,
    email: `lead.keyed${n}@example.com`,
  };
}

const lookup = (c: Client, key: string, entryCode: string, email: string) =>
  c.post(`${API}/${key}/registrations/lookup`, { entryCode, email });

describe('entry codes', () => {
  it('are stored keyed: neither the database nor the export holds their SHA-256; the code still opens the registration', async () => {
    server = await startServer();
    const admin = new Client(server.url);
    await admin.login();
    const couple = await registerCouple(admin, 1);
    const bare = sha256(couple.code);

    expect(await storedCode(server.db, 'registrations', couple.id)).not.toContain(bare);
    const exported = await admin.get(`${API}/demo/export`);
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).not.toContain(bare);
    // Another installation (another secret) cannot tell the code from the stored value either.
    expect(await storedCode(server.db, 'registrations', couple.id)).not.toBe(
      entryCodes(Buffer.alloc(32, 7)).hash(couple.code),
    );

    const own = await lookup(new Client(server.url), 'demo', couple.code.toLowerCase(), couple.email);
    expect(own.status).toBe(200);
    expect(own.body.registrationId).toBe(couple.id);
    expect((await lookup(new Client(server.url), 'demo', 'AAAAAAA', couple.email)).status).toBe(404);

    // The secret is a file of the data folder that only the server's user may read.
    const file = join(server.dir, SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(bare);
  });

  it('made before (bare SHA-256) keep working after the upgrade, and are keyed at start-up', async () => {
    const admin = new Client(server.url);
    await admin.login();
    const before = await registerCouple(admin, 2);
    const kept = await registerCouple(admin, 3);
    // As the previous release stored it.
    await server.db
      .updateTable('registrations')
      .set({ entry_code_hash: sha256(before.code) })
      .where('id', '=', before.id)
      .execute();
    await server.stop(false);
    server = await startServer({ dir: server.dir });

    expect(await storedCode(server.db, 'registrations', before.id)).not.toContain(sha256(before.code));
    for (const c of [before, kept])
      expect((await lookup(new Client(server.url), 'demo', c.code, c.email)).status, c.code).toBe(200);
  });

  it('from an export made before the upgrade keep working once imported', async () => {
    const admin = new Client(server.url);
    await admin.login();
    const couple = await registerCouple(admin, 4);
    const doc = (await admin.get(`${API}/demo/export`)).body as {
      tables: { registrations: { id: number; entry_code_hash: string }[] };
    };
    const row = doc.tables.registrations.find((r) => r.id === couple.id)!;
    row.entry_code_hash = sha256(couple.code);
    const imported = await admin.post(`${API}/import?key=keyed-copy`, doc);
    expect(imported.status, JSON.stringify(imported.body).slice(0, 200)).toBe(201);
    expect((await lookup(new Client(server.url), 'keyed-copy', couple.code, couple.email)).status).toBe(200);
    const copies = await server.db
      .selectFrom('registrations')
      .select('entry_code_hash')
      .where('entry_code_hash', '=', sha256(couple.code))
      .execute();
    expect(copies).toEqual([]);
  });
});

describe("the installation's secret", () => {
  it('is made once per data folder and read back the same', () => {
    const dir = mkdtempSync(join(tmpdir(), 'promenade-secret-'));
    try {
      const first = installationSecret(dir);
      const again = installationSecret(dir);
      expect(first.created).toBe(true);
      expect(again.created).toBe(false);
      expect(again.secret.equals(first.secret)).toBe(true);
      expect(first.secret.length).toBeGreaterThanOrEqual(32);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
