import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  Client,
  countRows,
  expectErrorShape,
  startServer,
  useTestServer,
  type TestServer,
} from '../../test/harness.ts';
import { replaceCompetition } from './commands.ts';
import { roundPath, signIn, signInCrew, twoRoundEvents } from '../../test/kits/testFlow.ts';

const { s } = useTestServer();
/** An export with everything that legitimately differs between two copies taken out. */
function comparable(doc: any) {
  const { exportedAt: _e, ...rest } = doc;
  const { key: _k, created_at: _c, updated_at: _u, ...competition } = rest.competition;
  const tables: Record<string, unknown[]> = {};
  for (const [name, rows] of Object.entries(rest.tables as Record<string, Record<string, unknown>[]>)) {
    // Ids are re-assigned on import; compare rows by content in their order.
    tables[name] = rows.map(
      ({
        id: _id,
        mark_id: _m,
        event_id: _ev,
        official_id: _o,
        round_id: _r,
        entry_id: _en,
        lead_id: _l,
        follow_id: _f,
        registration_id: _rg,
        competitor_id: _cp,
        invoice_id: _iv,
        team_id: _tm,
        reverses: _rv,
        ...row
      }) => (name === 'audit_log' ? { action: row.action } : row),
    );
  }
  return { ...rest, competition, tables };
}

describe('export and import', () => {
  it('round-trips a whole competition into an equal copy', async () => {
    const admin = new Client(s.url);
    await admin.login();
    await admin.patch('/api/v1/competitions/demo', { pages: { about: 'Edited before export' } });
    const exported = await admin.get('/api/v1/competitions/demo/export');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="demo-/);
    expect(exported.body.tables.entries.length).toBeGreaterThan(100);

    const imported = await admin.post('/api/v1/competitions/import?key=demo-copy', exported.body);
    expect(imported.status).toBe(201);
    expect(imported.body.key).toBe('demo-copy');
    expect(imported.body.pages.about).toBe('Edited before export');

    const again = (await admin.get('/api/v1/competitions/demo-copy/export')).body;
    const a = comparable(exported.body);
    const b = comparable(again);
    // The copy's audit log gains the import record; everything else is equal.
    expect(b.tables.audit_log.slice(0, a.tables.audit_log.length)).toEqual(a.tables.audit_log);
    delete (a.tables as Record<string, unknown>).audit_log;
    delete (b.tables as Record<string, unknown>).audit_log;
    expect(b).toEqual(a);

    // The public sees the same events and entries in both.
    const ev1 = (await admin.get('/api/v1/competitions/demo/events')).body;
    const ev2 = (await admin.get('/api/v1/competitions/demo-copy/events')).body;
    const strip = (evs: any[]) =>
      evs.map((e) => ({
        ...e,
        entries: e.entries.map(({ id: _i, entryId: _e, leadId: _l, followId: _f, ...x }: any) => x),
      }));
    expect(strip(ev2)).toEqual(strip(ev1));

    // Officials' access codes keep working in the copy.
    const j = s.demo!.codes[0]!;
    const officials = (await admin.get('/api/v1/competitions/demo-copy/officials')).body;
    const copyJudge = officials.find((o: { name: string }) => o.name === j.name);
    const judge = new Client(s.url);
    expect(
      (
        await judge.post(`/api/v1/competitions/demo-copy/officials/${copyJudge.id}/session`, {
          code: j.accessCode,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a second import under a taken key, junk documents, and non-administrators — writing nothing', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const doc = (await admin.get('/api/v1/competitions/demo/export')).body;
    const count = async () => (await admin.get('/api/v1/competitions')).body.length;
    const before = await count();
    expectErrorShape(await admin.post('/api/v1/competitions/import', doc), 409, 'duplicate');
    expectErrorShape(await admin.post('/api/v1/competitions/import', { hello: 'world' }), 400, 'invalid');
    expectErrorShape(
      await admin.post('/api/v1/competitions/import?key=x9', { ...doc, formatVersion: 99 }),
      400,
      'invalid',
    );
    const broken = structuredClone(doc);
    broken.tables.entries[5].event_id = 987654;
    expectErrorShape(await admin.post('/api/v1/competitions/import?key=broken', broken), 400, 'invalid');
    const wrongType = structuredClone(doc);
    wrongType.tables.entries[3].lead_name = { $gt: '' };
    expectErrorShape(await admin.post('/api/v1/competitions/import?key=broken2', wrongType), 400, 'invalid');
    const missing = structuredClone(doc);
    delete missing.tables.entries[2].lead_name;
    expectErrorShape(await admin.post('/api/v1/competitions/import?key=broken3', missing), 400, 'invalid');
    expect(await count()).toBe(before);
    expectErrorShape(await new Client(s.url).post('/api/v1/competitions/import?key=anon', doc), 401);
  });

  it("checks every row with the commands' schemas: refuses the whole file with every problem listed", async () => {
    const admin = new Client(s.url);
    await admin.login();
    const doc = (await admin.get('/api/v1/competitions/demo/export')).body;
    const bad = structuredClone(doc);
    bad.tables.events[0].dances = '["Waltz", "Tango"'; // not JSON: /events, /schedule… answered 500
    bad.tables.events[1].dances = JSON.stringify(['Waltz', 'Macarena']);
    bad.competition.socials_website = 'javascript:alert(document.cookie)';
    bad.competition.socials_facebook = 'JavaScript:alert(1)';
    bad.tables.officials[0].photo_url = 'javascript:alert(1)';
    bad.tables.organizers.push({
      id: 999,
      name: 'Eve',
      role: '',
      email: '',
      bio: '',
      photo_url: 'data:text/html,x',
      sort_order: 9,
    });
    bad.tables.competitors[0].placed_out = '{"Latin": "Champion of the world"}';
    const counts = async () => ({
      competitions: await countRows(s.db, 'competitions'),
      events: await countRows(s.db, 'events'),
      officials: await countRows(s.db, 'officials'),
    });
    const before = await counts();

    const res = await admin.post('/api/v1/competitions/import?key=bad-file', bad);
    expectErrorShape(res, 400, 'invalid');
    const paths = (res.body.error.details as { path: (string | number)[] }[]).map((d) => d.path.join('.'));
    const organizerRow = bad.tables.organizers.length - 1;
    expect(paths).toEqual(
      expect.arrayContaining([
        'competition.socials_website',
        'competition.socials_facebook',
        'tables.events.0.dances',
        'tables.events.1.dances.1',
        'tables.officials.0.photo_url',
        `tables.organizers.${organizerRow}.photo_url`,
        'tables.competitors.0.placed_out.Latin',
      ]),
    );
    expect(res.body.error.message).toMatch(/^The file was not imported: /);
    expect(await counts()).toEqual(before);
    expect((await admin.get('/api/v1/competitions/bad-file')).status).toBe(404);
  });

  it("keeps the mark history in the order it was written: a correction after another judge's marks stays after them in the copy", async () => {
    const admin = new Client(s.url);
    await admin.login();
    const { scrutineer } = await signInCrew(s);
    const [a, b] = await signIn(s, 'Judge');
    const ev = (await twoRoundEvents(admin)).at(-1)!;
    const semi = roundPath(ev.key, 1);
    const started = await admin.post(`${semi}/start`, {});
    expect(started.status).toBe(200);
    const couples: string[] = started.body.round.couples;
    const d = ev.dances[0]!;
    // Judge A, then judge B, then the scrutineer corrects A from paper: A's mark row is older than B's,
    // its second version younger.
    expect((await a!.client.put(`${semi}/marks/${a!.id}`, { [d]: couples.slice(0, 7) })).status).toBe(200);
    expect((await b!.client.put(`${semi}/marks/${b!.id}`, { [d]: couples.slice(0, 7) })).status).toBe(200);
    const fix = await scrutineer.call(
      'PUT',
      `${semi}/marks/${a!.id}?source=paper`,
      { [d]: couples.slice(1, 8) },
      { 'if-match': '1' },
    );
    expect(fix.status).toBe(200);
    const trace = (h: { entries: { judge: string; dance: string; version: number; source: string }[] }) =>
      h.entries.map((e) => `${e.judge} ${e.dance} v${e.version} ${e.source}`);
    const history = trace((await admin.get(`${semi}/marks/history`)).body);
    expect(history).toEqual([
      `${a!.name} ${d} v1 judge`,
      `${b!.name} ${d} v1 judge`,
      `${a!.name} ${d} v2 paper`,
    ]);

    const exported = (await admin.get('/api/v1/competitions/demo/export')).body;
    const imported = await admin.post('/api/v1/competitions/import?key=demo-history', exported);
    expect(imported.status).toBe(201);
    const copied = trace((await admin.get(`${roundPath(ev.key, 1, 'demo-history')}/marks/history`)).body);
    expect(copied).toEqual(history);
  });
});

describe("the couples' emailed entry links", () => {
  const REG = '/api/v1/competitions/demo/registrations';
  const couple = {
    lead: { name: 'Lead Exported', email: 'lead.exported@example.com' },
    follow: { name: 'Follow Exported', email: 'follow.exported@example.com' },
    affiliation: 'MIT Ballroom Dance Team',
    events: ['bronze-latin-c-r-s'],
    consents: { liability: true, media: false },
  };

  /** The link tokens in the messages of `kind` to `address` on `server`, oldest first. */
  async function tokens(server: TestServer, kind: string, address: string): Promise<string[]> {
    const sent = await server.db
      .selectFrom('messages')
      .select('text_body')
      .where('kind', '=', kind)
      .where(sql`lower(to_address)`, '=', address)
      .orderBy('id')
      .execute();
    return sent.map((m) => {
      const found = /\/c\/demo\/entries\?open=([A-Za-z0-9_-]+)/.exec(m.text_body);
      if (!found) throw new Error(`no link in: ${m.text_body}`);
      return found[1]!;
    });
  }
  const open = (server: TestServer, token: string) => new Client(server.url).post(`${REG}/open`, { token });
  const linkCount = (server: TestServer) =>
    server.db
      .selectFrom('entry_links')
      .innerJoin('competitions', 'competitions.id', 'entry_links.competition_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('competitions.key', '=', 'demo')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));

  it('open the same registration on another server the export is imported into; an older export without them still imports', async () => {
    const registered = await new Client(s.url).post(REG, couple);
    expect(registered.status).toBe(201);
    const [confirmation] = await tokens(s, 'confirmation', couple.lead.email);
    expect(await new Client(s.url).post(`${REG}/recover`, { email: couple.lead.email })).toMatchObject({
      status: 202,
    });
    expect(await new Client(s.url).post(`${REG}/recover`, { email: couple.lead.email })).toMatchObject({
      status: 202,
    });
    const [spent, fresh] = await tokens(s, 'recovery', couple.lead.email);
    // A recovery link opened before the export stays spent in the copy.
    expect((await open(s, spent!)).status).toBe(200);

    const admin = new Client(s.url);
    await admin.login();
    const doc = (await admin.get('/api/v1/competitions/demo/export')).body;
    const rows = doc.tables.entry_links as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    // Hashes only: no token of an email is in the file.
    const text = JSON.stringify(doc);
    for (const t of [confirmation!, spent!, fresh!]) expect(text).not.toContain(t);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['created_at', 'email', 'expires_at', 'purpose', 'registration_id', 'token_hash', 'used_at'].sort(),
    );

    const there = await startServer({ demo: false });
    try {
      const thereAdmin = new Client(there.url);
      await thereAdmin.login();
      expect((await thereAdmin.post('/api/v1/competitions/import', doc)).status).toBe(201);
      const copy = await there.db
        .selectFrom('registrations')
        .innerJoin('competitors', 'competitors.id', 'registrations.lead_id')
        .select('registrations.id')
        .where('competitors.name', '=', couple.lead.name)
        .executeTakeFirstOrThrow();
      for (let i = 0; i < 2; i++) {
        const res = await open(there, confirmation!);
        expect(res.status).toBe(200);
        expect(res.body.registration.registrationId).toBe(copy.id);
      }
      const once = await open(there, fresh!);
      expect(once.status).toBe(200);
      expect(once.body.registration.registrationId).toBe(copy.id);
      expectErrorShape(await open(there, fresh!), 410, 'link_used');
      expectErrorShape(await open(there, spent!), 410, 'link_used');
      // The grant the copy gave opens the registration there (signed by that server's secret).
      const own = await new Client(there.url).post(`${REG}/own`, { grant: once.body.grant });
      expect(own.status).toBe(200);
      expect(JSON.stringify(own.body)).toContain(couple.lead.name);

      // A hand-back's document carries the links: they replace the old ones, none twice; the one
      // spent here since takes the document's state (unspent), and a link made only here stays.
      expect((await new Client(there.url).post(`${REG}/recover`, { email: couple.lead.email })).status).toBe(
        202,
      );
      const [madeHere] = await tokens(there, 'recovery', couple.lead.email);
      const before = await linkCount(there);
      const id = (
        await there.db
          .selectFrom('competitions')
          .select('id')
          .where('key', '=', 'demo')
          .executeTakeFirstOrThrow()
      ).id;
      await there.db.transaction().execute((trx) => replaceCompetition(trx, id, doc));
      expect(await linkCount(there)).toBe(before);
      expect((await open(there, fresh!)).status).toBe(200);
      expect((await open(there, madeHere!)).status).toBe(200);
      expect((await open(there, confirmation!)).status).toBe(200);
      // An older document, without links: today's copy by entry code keeps them.
      const older = structuredClone(doc);
      delete older.tables.entry_links;
      await there.db.transaction().execute((trx) => replaceCompetition(trx, id, older));
      expect(await linkCount(there)).toBe(before);
      expect((await open(there, confirmation!)).status).toBe(200);
      expectErrorShape(await open(there, fresh!), 410, 'link_used');
    } finally {
      await there.stop();
    }

    // Beside its original on the same server, the copy leaves the links to the original.
    const beside = await admin.post('/api/v1/competitions/import?key=demo-links', doc);
    expect(beside.status).toBe(201);
    expectErrorShape(
      await new Client(s.url).post('/api/v1/competitions/demo-links/registrations/open', {
        token: confirmation,
      }),
      404,
      'link_unknown',
    );
    expect((await open(s, confirmation!)).status).toBe(200);

    // An export from before links were exported imports as it did.
    const older = structuredClone(doc);
    delete older.tables.entry_links;
    expect((await admin.post('/api/v1/competitions/import?key=demo-no-links', older)).status).toBe(201);
  }, 60_000);

  it('refuses links whose hash, purpose or dates are not what the server writes', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const doc = (await admin.get('/api/v1/competitions/demo/export')).body;
    const bad = structuredClone(doc);
    const [a, b] = bad.tables.entry_links as Record<string, unknown>[];
    Object.assign(a!, { token_hash: 'not-a-hash', expires_at: 'never' });
    Object.assign(b!, { purpose: 'forever', used_at: 12 });
    const res = await admin.post('/api/v1/competitions/import?key=bad-links', bad);
    expectErrorShape(res, 400, 'invalid');
    const paths = (res.body.error.details as { path: (string | number)[] }[]).map((d) => d.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'tables.entry_links.0.token_hash',
        'tables.entry_links.0.expires_at',
        'tables.entry_links.1.purpose',
        'tables.entry_links.1.used_at',
      ]),
    );
    expect((await admin.get('/api/v1/competitions/bad-links')).status).toBe(404);
  });
});
