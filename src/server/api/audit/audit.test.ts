/**
 * The audit trail is a hash chain per competition; GET …/audit/verify names the first
 * broken link, the export carries the chain and the import refuses a file whose chain is broken.
 */
import { describe, expect, it, vi } from 'vitest';
import { Client, countRows, expectErrorShape, useTestServer } from '../../test/harness.ts';
import { signInCrew } from '../../test/kits/testFlow.ts';

const { s, admin } = useTestServer({ admin: true });
const API = '/api/v1/competitions/demo';

/** Some audited changes of the demo competition, one after the other. */
async function edits(n: number, label: string, path = API): Promise<void> {
  for (let i = 0; i < n; i++)
    expect((await admin.patch(path, { pages: { about: `${label} ${i}` } })).status).toBe(200);
}

const trail = (competitionKey: string) =>
  s.db
    .selectFrom('audit_log')
    .innerJoin('competitions', 'competitions.id', 'audit_log.competition_id')
    .select(['audit_log.id', 'audit_log.after', 'audit_log.prev_hash', 'audit_log.hash'])
    .where('competitions.key', '=', competitionKey)
    .orderBy('audit_log.id')
    .execute();

describe('GET …/audit/verify', () => {
  it('finds a row of audit_log changed directly in the database, and names it', async () => {
    await edits(5, 'Before tampering');
    const intact = await admin.get(`${API}/audit/verify`);
    expect(intact.status).toBe(200);
    const rows = await trail('demo');
    expect(intact.body).toMatchObject({ ok: true, records: rows.length, head: rows.at(-1)!.hash });

    // Someone with the database file rewrites what an audit record says was done.
    const victim = rows[rows.length - 3]!;
    await s.db
      .updateTable('audit_log')
      .set({ after: JSON.stringify({ pages: { about: 'Nothing to see here' } }) })
      .where('id', '=', victim.id)
      .execute();
    const broken = await admin.get(`${API}/audit/verify`);
    expect(broken.status).toBe(200);
    expect(broken.body).toMatchObject({ ok: false, brokenAt: victim.id, records: rows.length });
    expect(broken.body.reason).toMatch(new RegExp(`#${victim.id} was changed`));

    // Put back as it was, the record is intact again; a record removed breaks the chain at the next one.
    await s.db.updateTable('audit_log').set({ after: victim.after }).where('id', '=', victim.id).execute();
    expect((await admin.get(`${API}/audit/verify`)).body.ok).toBe(true);
    await s.db.deleteFrom('audit_log').where('id', '=', victim.id).execute();
    const gap = (await admin.get(`${API}/audit/verify`)).body;
    expect(gap).toMatchObject({ ok: false, brokenAt: rows[rows.length - 2]!.id, records: rows.length - 1 });
    expect(gap.reason).toMatch(/does not follow/);
  });
});

describe('GET /site/audit/verify', () => {
  it("checks the site's own chain (results imported) and finds a record changed in the database", async () => {
    for (const [i, lead] of ['Site Chain A', 'Site Chain B'].entries()) {
      const csv = `competition,date,style,level,dances,rounds danced,place,lead,follow\nElsewhere Open,2025-0${i + 1}-01,Standard,Gold,Waltz,2,1,${lead},Partner ${i}\n`;
      expect((await admin.post('/api/v1/people/results/import', { csv, dryRun: false })).status).toBe(200);
    }
    const site = await s.db
      .selectFrom('audit_log')
      .select(['id', 'after', 'hash'])
      .where('competition_id', 'is', null)
      .orderBy('id')
      .execute();
    expect(site.length).toBeGreaterThanOrEqual(2);
    expect((await admin.get('/api/v1/site/audit/verify')).body).toEqual({
      ok: true,
      records: site.length,
      head: site.at(-1)!.hash,
      marksChecked: 0,
      postedChecked: 0,
    });
    const victim = site.at(-2)!;
    await s.db.updateTable('audit_log').set({ after: '{"rows":0}' }).where('id', '=', victim.id).execute();
    try {
      expect((await admin.get('/api/v1/site/audit/verify')).body).toMatchObject({
        ok: false,
        brokenAt: victim.id,
      });
    } finally {
      await s.db.updateTable('audit_log').set({ after: victim.after }).where('id', '=', victim.id).execute();
    }
  });
});

describe('the chain under many commands at once', () => {
  it('stays intact: every record follows exactly one, whatever the order the commands came in', async () => {
    const key = 'chain-busy';
    expect((await admin.post('/api/v1/competitions', { key, fullName: 'Chain Busy Open' })).status).toBe(201);
    const C = `/api/v1/competitions/${key}`;
    const results = await Promise.all([
      ...Array.from({ length: 24 }, (_, i) => admin.patch(C, { pages: { about: `Edit ${i}` } })),
      ...Array.from({ length: 12 }, (_, i) =>
        admin.post(`${C}/officials`, { name: `Judge ${i}`, role: 'Judge' }),
      ),
      // Site-level commands writing to this competition's trail (serving it at /) among them: they take
      // the site's turn, not the competition's.
      ...Array.from({ length: 12 }, (_, i) => admin.put('/api/v1/site', { competition: i % 2 ? null : key })),
    ]);
    expect(results.map((r) => r.status).filter((st) => st >= 300)).toEqual([]);
    const verdict = (await admin.get(`${C}/audit/verify`)).body;
    // competition.create + 24 edits + 12 officials + 6 × site.serve naming this competition
    expect(verdict).toMatchObject({ ok: true, records: 1 + 24 + 12 + 6 });
    const rows = await trail(key);
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
  });
});

describe('the chain in an export and an import', () => {
  const SRC = '/api/v1/competitions/chain-src';
  it('an export carries the chain, and its import under a new key verifies, the copy going on from it', async () => {
    expect(
      (await admin.post('/api/v1/competitions', { key: 'chain-src', fullName: 'Chain Source' })).status,
    ).toBe(201);
    await edits(3, 'Exported', SRC);
    const doc = (await admin.get(`${SRC}/export`)).body;
    expect(doc.formatVersion).toBe(2);
    expect(doc.tables.audit_log).toHaveLength(4);
    expect(doc.tables.audit_log.every((r: any) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);

    const imported = await admin.post('/api/v1/competitions/import?key=chain-copy', doc);
    expect(imported.status).toBe(201);
    const verdict = (await admin.get('/api/v1/competitions/chain-copy/audit/verify')).body;
    expect(verdict).toMatchObject({ ok: true, records: 5 });
    const rows = await trail('chain-copy');
    expect(rows.slice(0, 4).map((r) => r.hash)).toEqual(doc.tables.audit_log.map((r: any) => r.hash));
    expect(rows[4]!.prev_hash).toBe(doc.tables.audit_log[3].hash);
    // The copy keeps taking records on the same chain.
    await admin.patch('/api/v1/competitions/chain-copy', { pages: { about: 'After import' } });
    expect((await admin.get('/api/v1/competitions/chain-copy/audit/verify')).body).toMatchObject({
      ok: true,
      records: 6,
    });
  });

  it("keeps the chain's order when the clock went back between two records (or they share a millisecond)", async () => {
    const key = 'chain-clock';
    expect((await admin.post('/api/v1/competitions', { key, fullName: 'Chain Clock' })).status).toBe(201);
    const path = `/api/v1/competitions/${key}`;
    // A venue laptop's clock corrected backwards by a minute between two edits.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-27T10:01:00.000Z'));
      await edits(1, 'Before the correction', path);
      vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
      await edits(1, 'After the correction', path);
    } finally {
      vi.useRealTimers();
    }
    const doc = (await admin.get(`${path}/export`)).body;
    expect(doc.tables.audit_log.map((r: any) => JSON.parse(r.after).pages?.about ?? r.action)).toEqual([
      'competition.create',
      'Before the correction 0',
      'After the correction 0',
    ]);
    const imported = await admin.post('/api/v1/competitions/import?key=chain-clock-copy', doc);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  });

  it('refuses a file whose chain is broken, whole, naming the record; writes nothing', async () => {
    const doc = (await admin.get(`${SRC}/export`)).body;
    expect(doc.tables.audit_log.length).toBeGreaterThan(2);
    const before = await countRows(s.db, 'competitions');

    const edited = structuredClone(doc);
    edited.tables.audit_log[1].actor = 'someone-else@example.com';
    const refused = await admin.post('/api/v1/competitions/import?key=tampered', edited);
    expectErrorShape(refused, 400, 'invalid');
    expect(refused.body.error.details).toEqual([
      {
        path: ['tables', 'audit_log', 1],
        message: `The audit trail's hash chain is broken here. Record #1 was changed after it was written: its contents no longer match its hash.`,
      },
    ]);

    const dropped = structuredClone(doc);
    dropped.tables.audit_log.splice(1, 1);
    const gap = await admin.post('/api/v1/competitions/import?key=tampered', dropped);
    expectErrorShape(gap, 400, 'invalid');
    expect(gap.body.error.details[0].path).toEqual(['tables', 'audit_log', 1]);
    expect(gap.body.error.details[0].message).toMatch(/Record #1 does not follow record #0/);

    const unhashed = structuredClone(doc);
    delete unhashed.tables.audit_log[0].hash;
    expectErrorShape(await admin.post('/api/v1/competitions/import?key=tampered', unhashed), 400, 'invalid');

    expect(await countRows(s.db, 'competitions')).toBe(before);
    expect(
      await s.db.selectFrom('competitions').select('id').where('key', '=', 'tampered').execute(),
    ).toEqual([]);
  });

  it('chains the records of a file exported before the chain (format version 1) as it imports them', async () => {
    const doc = (await admin.get(`${SRC}/export`)).body;
    const old = { ...structuredClone(doc), formatVersion: 1 };
    for (const r of old.tables.audit_log) {
      delete r.hash;
      delete r.prev_hash;
    }
    expect((await admin.post('/api/v1/competitions/import?key=chain-old', old)).status).toBe(201);
    expect((await admin.get('/api/v1/competitions/chain-old/audit/verify')).body).toMatchObject({
      ok: true,
      records: doc.tables.audit_log.length + 1,
    });
  });
});

describe('who may verify', () => {
  it("the competition's administrators, site administrators, its scrutineer and chairman; not the other officials, not the public", async () => {
    expectErrorShape(await new Client(s.url).get(`${API}/audit/verify`), 401);
    const crew = await signInCrew(s);
    for (const official of [...crew.judges.map((j) => j.client), crew.deck])
      expectErrorShape(await official.get(`${API}/audit/verify`), 403);
    // The officials who answer for the result see whether its marks are the ones on record.
    for (const official of [crew.scrutineer, crew.chairman])
      expect((await official.get(`${API}/audit/verify`)).status).toBe(200);
  });
});
