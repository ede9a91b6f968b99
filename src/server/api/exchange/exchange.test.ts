import { describe, expect, it } from 'vitest';
import { Client, countRows, expectErrorShape, useTestServer } from '../../test/harness.ts';
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
