import { describe, expect, it } from 'vitest';
import { auditTrail, Client, expectErrorShape, rowCounts, useTestServer } from '../../test/harness.ts';
import { parseCsv } from '../../../domain/csv.ts';
import { IMPORT_COLUMNS } from '../../../domain/schemas/registration.ts';

const { s } = useTestServer();
const REG = '/api/v1/competitions/demo/registrations';
let seq = 0;
/** A couple nobody else in the tests uses. */
function couple(events: string[] = ['bronze-latin-c-r-s'], extra: Record<string, unknown> = {}) {
  seq++;
  return {
    lead: { name: `Lead Tester${seq}`, email: `lead${seq}@example.com` },
    follow: { name: `Follow Tester${seq}`, email: `follow${seq}@example.com` },
    affiliation: 'MIT Ballroom Dance Team',
    events,
    consents: { liability: true, media: false },
    ...extra,
  };
}

/** Row counts of every table a registration writes. */
function counts() {
  return rowCounts(s.db, {
    competitors: 'competitors',
    registrations: 'registrations',
    entries: 'entries',
    audit: 'audit_log',
  });
}

async function expectNothingWritten(before: Awaited<ReturnType<typeof counts>>) {
  expect(await counts()).toEqual(before);
}

describe('POST registrations', () => {
  it('registers a couple: entry code, entries, fee of the tier now per dancer, next lead number', async () => {
    const anon = new Client(s.url);
    const body = couple(['bronze-latin-c-r-s', 'bronze-smooth-w-t-f']);
    const res = await anon.post(REG, body);
    expect(res.status).toBe(201);
    expect(res.body.entryCode).toMatch(/^[A-Z0-9!@#$%&]{7}$/);
    expect(res.body.tier).toBe('OPEN');
    expect(res.body.amountDue).toBe(140); // demo open fee 35 × 2 dancers × 2 events
    // The demo's leads wear 100…147; the next registration gets 148.
    expect(res.body.leadNumber).toBe(148);
    expect(res.body.entries.map((e: { eventKey: string }) => e.eventKey)).toEqual([
      'bronze-latin-c-r-s',
      'bronze-smooth-w-t-f',
    ]);
    // The code is stored only as its keyed hash (auth/entryCodes.test.ts).
    const row = await s.db
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', res.body.registrationId)
      .executeTakeFirstOrThrow();
    expect(row.entry_code_hash).toBe(s.app.entryCodes.hash(res.body.entryCode));
    expect(JSON.stringify(row)).not.toContain(res.body.entryCode);

    // Public reads show the couple, never emails.
    const events = (await anon.get('/api/v1/competitions/demo/events')).body as {
      key: string;
      entries: { leadName: string; leadNumber: number }[];
    }[];
    expect(events.find((e) => e.key === 'bronze-latin-c-r-s')!.entries).toContainEqual(
      expect.objectContaining({ leadName: body.lead.name, leadNumber: 148 }),
    );
    const list = await anon.get('/api/v1/competitions/demo/competitors');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toMatch(/@/);
    const lead = list.body.find((p: { name: string }) => p.name === body.lead.name);
    expect(lead).toMatchObject({ number: 148, partners: [{ name: body.follow.name }] });
    const one = await anon.get(`/api/v1/competitions/demo/competitors/${res.body.follow.id}`);
    expect(one.body.entries).toHaveLength(2);
    expect(one.body.entries[0]).toMatchObject({
      role: 'follow',
      leadNumber: 148,
      partner: { name: body.lead.name },
    });
    expect(JSON.stringify(one.body)).not.toMatch(/@|entryCode/);
    expectErrorShape(await anon.get('/api/v1/competitions/demo/competitors/999999'), 404);
  });

  it('refuses the same pair in an event, in either order, naming the event; nothing is written', async () => {
    const anon = new Client(s.url);
    const first = couple(['silver-latin-c-s-r-j']);
    expect((await anon.post(REG, first)).status).toBe(201);
    const before = await counts();
    const swapped = {
      ...first,
      lead: { ...first.follow },
      follow: { ...first.lead },
      events: ['silver-smooth-w-t-f-v', 'silver-latin-c-s-r-j'],
    };
    const res = await anon.post(REG, swapped);
    expectErrorShape(res, 409, 'duplicate_entry');
    expect(res.body.error.message).toContain('Silver Latin (C/S/R/J)');
    await expectNothingWritten(before);
  });

  it('refuses unknown events with 400 and nothing written', async () => {
    const before = await counts();
    const res = await new Client(s.url).post(REG, couple(['bronze-latin-c-r-s', 'zumba-open']));
    expectErrorShape(res, 400, 'unknown_event');
    expect(res.body.error.message).toContain('zumba-open');
    await expectNothingWritten(before);
  });

  it('refuses a level a dancer has placed out of, naming the dancer and the rule; nothing written', async () => {
    const before = await counts();
    const body = couple(['bronze-latin-c-r-s', 'open-latin-c-s-r-p-j']);
    (body.follow as Record<string, unknown>).placedOut = { Latin: 'Silver' };
    const res = await new Client(s.url).post(REG, body);
    expectErrorShape(res, 422, 'not_eligible');
    expect(res.body.error.message).toContain(body.follow.name);
    expect(res.body.error.message).toContain('placed out of Silver Latin');
    await expectNothingWritten(before);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const anon = new Client(s.url);
    const before = await counts();
    const bad: unknown[] = [
      {},
      { ...couple(), lead: { name: 'A' } },
      { ...couple(), lead: { name: 42, email: 'a@example.com' } },
      { ...couple(), lead: { name: 'x'.repeat(5000), email: 'a@example.com' } },
      { ...couple(), follow: { name: 'B', email: 'not-an-email' } },
      { ...couple(), events: [] },
      { ...couple(), events: 'bronze-latin-c-r-s' },
      { ...couple(), events: ['bronze-latin-c-r-s', 'bronze-latin-c-r-s'] },
      { ...couple(), consents: { liability: false, media: true } },
      { ...couple(), consents: undefined },
      { ...couple(), affiliation: '' },
      { ...couple(), isAdmin: true },
      {
        ...couple(),
        lead: { name: 'Same Person', email: 'a@example.com' },
        follow: { name: 'same person', email: 'b@example.com' },
      },
      { ...couple(), lead: { name: 'A B', email: 'a@example.com', placedOut: { Zumba: 'Gold' } } },
    ];
    for (const body of bad) expectErrorShape(await anon.post(REG, body), 400);
    expectErrorShape(await anon.call('POST', REG, '{"lead":'), 400);
    await expectNothingWritten(before);
  });

  it('lets exactly one of many simultaneous registrations of the same pair through', async () => {
    const body = couple(['gold-standard-w-t-v-f-q']);
    const before = await counts();
    const results = await Promise.all(Array.from({ length: 8 }, () => new Client(s.url).post(REG, body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectErrorShape(r, 409, 'duplicate_entry');
    const after = await counts();
    expect(after.registrations).toBe(before.registrations + 1);
    expect(after.entries).toBe(before.entries + 1);
  });

  it("refuses an official's session (403) and lets it read no emails", async () => {
    const judge = s.demo!.codes.find((c) => c.role === 'Judge')!;
    const official = new Client(s.url);
    const login = await official.post(`/api/v1/competitions/demo/officials/${judge.id}/session`, {
      code: judge.accessCode,
    });
    expect(login.status).toBe(200);
    const before = await counts();
    expectErrorShape(await official.post(REG, couple()), 403);
    await expectNothingWritten(before);
    expectErrorShape(await official.get(REG), 403);
    expectErrorShape(await official.get('/api/v1/competitions/demo/registrations.csv'), 403);
    expectErrorShape(
      await official.patch('/api/v1/competitions/demo/registrations/1', { amountPaid: 1 }),
      403,
    );
    expectErrorShape(await new Client(s.url).get(REG), 401);
  });

  it('shows registration closed once the early and open dates are past, and still takes late entries at the late fee', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const comp = (await admin.get('/api/v1/competitions/demo')).body;
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const late = { dateRegistrationEarly: ago(20), dateRegistrationOpen: ago(2) };
    expect((await admin.patch('/api/v1/competitions/demo', late)).status).toBe(200);
    try {
      const seen = (await new Client(s.url).get('/api/v1/competitions/demo')).body;
      expect(seen.registrationStatus).toBe('closed');
      expect(seen.registration).toEqual({ tier: 'CLOSED', isOpen: true, fee: 45 });
      const res = await new Client(s.url).post(REG, couple(['newcomer-latin-c-r']));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ tier: 'CLOSED', amountDue: 90 });
    } finally {
      await admin.patch('/api/v1/competitions/demo', {
        dateRegistrationEarly: comp.dateRegistrationEarly,
        dateRegistrationOpen: comp.dateRegistrationOpen,
      });
    }
  });

  it('refuses with 403 when registration is closed, but the organizer can still register at the desk', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const comp = (await admin.get('/api/v1/competitions/demo')).body;
    const closed = new Date(Date.now() - 60_000).toISOString();
    expect(
      (
        await admin.patch('/api/v1/competitions/demo', {
          dateRegistrationOpen: null,
          dateRegistrationClosed: closed,
        })
      ).status,
    ).toBe(200);
    try {
      const before = await counts();
      const res = await new Client(s.url).post(REG, couple());
      expectErrorShape(res, 403, 'registration_closed');
      await expectNothingWritten(before);
      const desk = await admin.post(REG, couple(['newcomer-latin-c-r']));
      expect(desk.status).toBe(201);
      expect(desk.body).toMatchObject({ tier: 'CLOSED', amountDue: 90 }); // late fee 45 × 2
    } finally {
      await admin.patch('/api/v1/competitions/demo', {
        dateRegistrationOpen: comp.dateRegistrationOpen,
        dateRegistrationClosed: comp.dateRegistrationClosed,
      });
    }
  });
});

describe('update entries with the entry code', () => {
  it('opens the registration with code and email, adds and drops events, audits, and checks versions', async () => {
    const anon = new Client(s.url);
    const body = couple(['bronze-standard-w-t-f']);
    const reg = (await anon.post(REG, body)).body;
    const code = reg.entryCode as string;

    expectErrorShape(await anon.post(`${REG}/lookup`, { entryCode: code, email: 'someone@else.com' }), 404);
    expectErrorShape(await anon.post(`${REG}/lookup`, { entryCode: 'AAAAAAA', email: body.lead.email }), 404);
    expectErrorShape(await anon.post(`${REG}/lookup`, { entryCode: 'short', email: body.lead.email }), 400);
    const own = await anon.post(`${REG}/lookup`, {
      entryCode: code.toLowerCase(),
      email: body.follow.email.toUpperCase(),
    });
    expect(own.status).toBe(200);
    expect(own.body.entries.map((e: { eventKey: string }) => e.eventKey)).toEqual(['bronze-standard-w-t-f']);

    const before = await counts();
    // Same rules as registering: unknown and duplicate events are refused, nothing written.
    expectErrorShape(
      await anon.post(`${REG}/entries`, { entryCode: code, email: body.lead.email, add: ['nope'] }),
      400,
    );
    expectErrorShape(
      await anon.post(`${REG}/entries`, {
        entryCode: code,
        email: body.lead.email,
        add: ['bronze-standard-w-t-f'],
      }),
      409,
      'duplicate_entry',
    );
    expectErrorShape(
      await anon.post(`${REG}/entries`, {
        entryCode: code,
        email: body.lead.email,
        drop: ['silver-latin-c-s-r-j'],
      }),
      400,
    );
    await expectNothingWritten(before);

    const changed = await anon.post(`${REG}/entries`, {
      entryCode: code,
      email: body.lead.email,
      add: ['bronze-rhythm-c-r-sw'],
      drop: ['bronze-standard-w-t-f'],
      version: own.body.version,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.entries.map((e: { eventKey: string }) => e.eventKey)).toEqual([
      'bronze-rhythm-c-r-sw',
    ]);
    expect(changed.body.entries[0].leadNumber).toBe(reg.leadNumber);
    // A second window with the old version is told, not overwritten.
    const staleRes = await anon.post(`${REG}/entries`, {
      entryCode: code,
      email: body.lead.email,
      add: ['bronze-standard-w-t-f'],
      version: own.body.version,
    });
    expectErrorShape(staleRes, 409, 'stale');
    const trail = await auditTrail(s.db, 'registration.entries', reg.registrationId);
    expect(trail).toHaveLength(1);
    expect(JSON.parse(trail[0]!.after!)).toMatchObject({
      added: ['bronze-rhythm-c-r-sw'],
      dropped: ['bronze-standard-w-t-f'],
    });
  });
});

describe('organizer: competitors, fees, numbers, scratches, ad hoc entries', () => {
  it('lists registrations with emails and fees, marks paid, edits numbers uniquely, scratches', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const created = (await new Client(s.url).post(REG, couple(['silver-standard-w-t-f-q']))).body;
    const list = await admin.get(REG);
    expect(list.status).toBe(200);
    const mine = list.body.registrations.find((r: { id: number }) => r.id === created.registrationId);
    expect(mine).toMatchObject({
      amountDue: 70,
      amountPaid: 0,
      tier: 'OPEN',
      lead: { number: created.leadNumber },
    });
    expect(mine.lead.email).toMatch(/@example\.com$/);

    const paid = await admin.patch(`${REG}/${mine.id}`, { amountPaid: 70, version: mine.version });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ amountPaid: 70, version: mine.version + 1 });
    expectErrorShape(
      await admin.patch(`${REG}/${mine.id}`, { amountPaid: 0, version: mine.version }),
      409,
      'stale',
    );
    expectErrorShape(await admin.patch(`${REG}/${mine.id}`, { amountPaid: 'lots' }), 400);

    const before = await counts();
    const taken = await admin.patch(`/api/v1/competitions/demo/competitors/${mine.lead.id}`, { number: 100 });
    expectErrorShape(taken, 409, 'number_taken');
    expect(taken.body.error.message).toMatch(/Number 100 is already worn by/);
    await expectNothingWritten(before);
    const renum = await admin.patch(`/api/v1/competitions/demo/competitors/${mine.lead.id}`, {
      number: 512,
      version: mine.lead.version,
    });
    expect(renum.status).toBe(200);
    const entryRow = await s.db
      .selectFrom('entries')
      .select(['lead_number'])
      .where('registration_id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(entryRow.lead_number).toBe(512);

    const entryId = mine.entries[0].id;
    const scratched = await admin.patch(`/api/v1/competitions/demo/entries/${entryId}`, { scratched: true });
    expect(scratched.body).toMatchObject({ scratched: true });
    const events = (await admin.get('/api/v1/competitions/demo/events')).body as {
      entries: { id: number; scratched: boolean }[];
    }[];
    expect(events.flatMap((e) => e.entries).find((e) => e.id === entryId)?.scratched).toBe(true);
    expect(
      (await admin.patch(`/api/v1/competitions/demo/entries/${entryId}`, { scratched: false })).body
        .scratched,
    ).toBe(false);
    expectErrorShape(
      await admin.patch(`/api/v1/competitions/demo/entries/${entryId}`, { leadName: 'Someone Else' }),
      400,
    );
  });

  it('renames a competitor on every entry, refuses stale edits, and adds/drops events for a couple', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const created = (await new Client(s.url).post(REG, couple(['bronze-smooth-w-t-f']))).body;
    const C = `/api/v1/competitions/demo/competitors/${created.follow.id}`;
    const renamed = await admin.patch(C, { name: 'Renamed Follow', version: 1 });
    expect(renamed.status).toBe(200);
    const row = await s.db
      .selectFrom('entries')
      .select('follow_name')
      .where('registration_id', '=', created.registrationId)
      .executeTakeFirstOrThrow();
    expect(row.follow_name).toBe('Renamed Follow');
    const before = await counts();
    expectErrorShape(await admin.patch(C, { name: 'Lost Update', version: 1 }), 409, 'stale');
    expectErrorShape(await admin.patch(C, { number: 'ten' }), 400);
    expectErrorShape(await admin.patch(C, { email: 'not-an-email' }), 400);
    expectErrorShape(await admin.patch('/api/v1/competitions/demo/competitors/999999', { name: 'X' }), 404);
    await expectNothingWritten(before);

    const E = `${REG}/${created.registrationId}/entries`;
    expectErrorShape(await admin.post(E, { add: ['bronze-smooth-w-t-f'] }), 409, 'duplicate_entry');
    expectErrorShape(await admin.post(E, { add: ['nope'] }), 400);
    expectErrorShape(await admin.post(E, {}), 400);
    expectErrorShape(await new Client(s.url).post(E, { add: ['bronze-rhythm-c-r-sw'] }), 401);
    await expectNothingWritten(before);
    const changed = await admin.post(E, { add: ['bronze-rhythm-c-r-sw'], drop: ['bronze-smooth-w-t-f'] });
    expect(changed.status).toBe(200);
    expect(changed.body.entries.map((e: { eventKey: string }) => e.eventKey)).toEqual([
      'bronze-rhythm-c-r-sw',
    ]);

    // Once the couple is in a drawn round, the entry can only be scratched, not deleted or dropped.
    const entryId = changed.body.entries[0].id as number;
    const round = await s.db
      .selectFrom('rounds')
      .innerJoin('events', 'events.id', 'rounds.event_id')
      .select('rounds.id')
      .where('events.key', '=', 'bronze-rhythm-c-r-sw')
      .executeTakeFirstOrThrow();
    await s.db
      .insertInto('round_entries')
      .values({ round_id: round.id, entry_id: entryId, heat: 1 })
      .execute();
    expectErrorShape(await admin.del(`/api/v1/competitions/demo/entries/${entryId}`), 409, 'entry_in_rounds');
    expectErrorShape(await admin.post(E, { drop: ['bronze-rhythm-c-r-sw'] }), 409, 'entry_in_rounds');
    expect(
      await s.db.selectFrom('entries').select('id').where('id', '=', entryId).executeTakeFirst(),
    ).toBeDefined();
  });

  it('adds ad hoc day-of entries with the placeholder, numbered 999 and up, renamed later', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const a = await admin.post('/api/v1/competitions/demo/entries/adhoc', {
      eventKey: 'newcomer-standard-w-q',
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      leadId: 'Adhoc',
      leadName: 'dummy',
      followName: 'dummy',
      affiliation: 'Other',
      leadNumber: 999,
    });
    const b = await admin.post('/api/v1/competitions/demo/entries/adhoc', {
      eventKey: 'newcomer-standard-w-q',
    });
    expect(b.body.leadNumber).toBe(1000);
    const named = await admin.patch(`/api/v1/competitions/demo/entries/${a.body.id}`, {
      leadName: 'Walk In',
      followName: 'Day Of',
      version: 1,
    });
    expect(named.body).toMatchObject({ leadName: 'Walk In', leadNumber: 999 });
    expectErrorShape(await admin.post('/api/v1/competitions/demo/entries/adhoc', { eventKey: 'nope' }), 400);
    expectErrorShape(
      await new Client(s.url).post('/api/v1/competitions/demo/entries/adhoc', {
        eventKey: 'newcomer-standard-w-q',
      }),
      401,
    );
    expect((await admin.del(`/api/v1/competitions/demo/entries/${b.body.id}`)).status).toBe(204);
  });
});

describe('numbers worn by couples entered by name (wornNumbers)', () => {
  it('a new registration skips the number, and an imported row asking for it is refused', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const highest = await s.db
      .selectFrom('competitors')
      .select((eb) => eb.fn.max('number').as('n'))
      .executeTakeFirstOrThrow();
    const next = Number(highest.n) + 1;
    // A couple typed by name wears the number the next registration would get.
    const typed = await admin.post('/api/v1/competitions/demo/events/bronze-latin-c-r-s/entries', {
      leadName: 'Typed Worn',
      followName: 'By Name',
      leadNumber: next,
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(201);
    const registered = await new Client(s.url).post(REG, couple());
    expect(registered.status).toBe(201);
    expect(registered.body.leadNumber).toBe(next + 1);
    const dry = await admin.post(`${REG}/import`, {
      csv: [
        'lead_name,lead_email,follow_name,follow_email,affiliation,events,lead_number',
        `Asks Worn,asks@worn.example,Mate Worn,mate@worn.example,Worn Club,bronze-latin-c-r-s,${next}`,
      ].join('\n'),
      dryRun: true,
    });
    expect(dry.body.problems).toEqual([
      expect.objectContaining({
        line: 2,
        message: expect.stringContaining(`Number ${next} is already worn`),
      }),
    ]);
  });
});

describe('CSV import and export', () => {
  const header = 'lead_name,lead_email,follow_name,follow_email,affiliation,events,lead_number';

  it('dry-runs every row, refuses the whole file when any row is bad, then imports a clean file', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const lines = [header];
    for (let i = 1; i <= 20; i++)
      lines.push(
        `Importer Lead${i},il${i}@example.com,Importer Follow${i},if${i}@example.com,"Cornell DanceSport",Bronze Latin (C/R/S);newcomer-latin-c-r,`,
      );
    const bad = [...lines];
    bad[3] = 'Bad Lead,not-an-email,Bad Follow,bf@example.com,Cornell DanceSport,bronze-latin-c-r-s,';
    bad[7] = 'Zed Lead,zl@example.com,Zed Follow,zf@example.com,Cornell DanceSport,tango-marathon,';
    bad[12] = bad[2]!; // the same couple twice
    const before = await counts();
    const dry = await admin.post(`${REG}/import`, { csv: bad.join('\r\n'), dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.problems.map((p: { line: number }) => p.line)).toEqual([4, 8, 13, 13]);
    expect(dry.body.problems[0]).toMatchObject({
      column: 'lead_email',
      // Zod's code and limits, for the web to word in its reader's language.
      issue: { code: 'invalid_format', format: 'email' },
    });
    expect(dry.body.problems[1].message).toContain('tango-marathon');
    // The code and the event the web words it by in the reader's language.
    expect(dry.body.problems[1]).toMatchObject({
      code: 'unknown_event',
      values: { event: 'tango-marathon' },
    });
    expect(dry.body.problems[2].message).toContain('already entered');
    const real = await admin.post(`${REG}/import`, { csv: bad.join('\n'), dryRun: false });
    expectErrorShape(real, 422, 'import_refused');
    await expectNothingWritten(before);

    const dryClean = await admin.post(`${REG}/import`, { csv: lines.join('\n'), dryRun: true });
    expect(dryClean.body).toMatchObject({ problems: [], rows: 20, created: 0 });
    await expectNothingWritten(before);
    const ok = await admin.post(`${REG}/import`, { csv: lines.join('\n'), dryRun: false });
    expect(ok.status).toBe(200);
    expect(ok.body.created).toBe(20);
    expect(ok.body.codes).toHaveLength(20);
    const after = await counts();
    expect(after.registrations).toBe(before.registrations + 20);
    expect(after.entries).toBe(before.entries + 40);

    const exported = await admin.get('/api/v1/competitions/demo/registrations.csv');
    expect(exported.headers.get('content-type')).toContain('text/csv');
    const rows = parseCsv(exported.body as string);
    // The export writes the columns the import reads, so a file goes out and back in.
    expect(rows[0]).toEqual([...IMPORT_COLUMNS]);
    const back = rows.find((r) => r[0] === 'Importer Lead7');
    expect(back?.[5]).toBe('newcomer-latin-c-r;bronze-latin-c-r-s');
    const entriesCsv = parseCsv((await admin.get('/api/v1/competitions/demo/entries.csv')).body as string);
    expect(entriesCsv.filter((r) => r[5] === 'Importer Lead7')).toHaveLength(2);
    const fees = parseCsv((await admin.get('/api/v1/competitions/demo/fees.csv')).body as string);
    const cornell = fees.find((r) => r[0] === 'Cornell DanceSport');
    expect(cornell?.slice(1, 3)).toEqual(['20', '40']);
    expect(fees.at(-1)?.[0]).toBe('TOTAL');
  });

  it('meets the earlier rows of the same file: the same dancer, a pair swapped, a number worn; audits every row', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const row = (lead: string, follow: string, events: string, number = '') =>
      `${lead} Rowmate,${lead.toLowerCase()}@rows.example,${follow} Rowmate,${follow.toLowerCase()}@rows.example,Rows Club,${events},${number}`;
    const first = row('Early', 'Partner', 'bronze-latin-c-r-s');
    const again = row('Early', 'Other', 'newcomer-latin-c-r'); // the lead of row 1: the same competitor
    const swapped = row('Partner', 'Early', 'bronze-latin-c-r-s'); // row 1's pair, roles swapped
    const high = row('High', 'Mate', 'bronze-latin-c-r-s', '9500');
    const next = row('After', 'Mate2', 'bronze-latin-c-r-s');
    const before = await counts();

    const dry = await admin.post(`${REG}/import`, {
      csv: [header, first, again, swapped, high, next].join('\n'),
      dryRun: true,
    });
    expect(dry.body.problems).toEqual([
      expect.objectContaining({ line: 4, message: expect.stringContaining('already entered') }),
    ]);

    const ok = await admin.post(`${REG}/import`, {
      csv: [header, first, again, high, next].join('\n'),
      dryRun: false,
    });
    expect(ok.status).toBe(200);
    const codes = ok.body.codes as { leadName: string; leadNumber: number }[];
    expect(codes.map((c) => c.leadName)).toEqual([
      'Early Rowmate',
      'Early Rowmate',
      'High Rowmate',
      'After Rowmate',
    ]);
    expect(codes[1]!.leadNumber).toBe(codes[0]!.leadNumber);
    expect(codes[2]!.leadNumber).toBe(9500);
    expect(codes[3]!.leadNumber).toBe(9501);
    const after = await counts();
    expect(after.competitors).toBe(before.competitors + 7);
    expect(after.registrations).toBe(before.registrations + 4);
    expect(after.entries).toBe(before.entries + 4);
    // One record per couple (with the lines billed to its invoice), in the file's order; the chain holds.
    expect(after.audit).toBe(before.audit + 4);
    const audited = await s.db
      .selectFrom('audit_log')
      .select('after')
      .where('action', '=', 'registration.create')
      .orderBy('id', 'desc')
      .limit(4)
      .execute();
    expect(audited.reverse().map((a) => JSON.parse(a.after!))).toEqual(
      codes.map((c, i) =>
        expect.objectContaining({
          lead: c.leadName,
          leadNumber: c.leadNumber,
          events: [i === 1 ? 'newcomer-latin-c-r' : 'bronze-latin-c-r-s'],
        }),
      ),
    );
    expect((await admin.get('/api/v1/competitions/demo/audit/verify')).body.ok).toBe(true);

    // A number worn by an earlier row of the same file is refused; so is the pair entered by row 1.
    const worn = row('Worn', 'Mate3', 'bronze-latin-c-r-s', String(codes[3]!.leadNumber + 1));
    const clash = await admin.post(`${REG}/import`, {
      csv: [header, row('Fresh', 'Mate4', 'bronze-latin-c-r-s'), worn, swapped].join('\n'),
      dryRun: true,
    });
    expect(clash.body.problems).toEqual([
      expect.objectContaining({
        line: 3,
        column: 'lead_number',
        code: 'number_taken',
        values: { number: codes[3]!.leadNumber + 1 },
      }),
      expect.objectContaining({ line: 4, message: expect.stringContaining('already entered') }),
    ]);
  });

  it('reports a broken header or quote instead of guessing', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const noEvents = await admin.post(`${REG}/import`, { csv: 'lead_name,lead_email\nA,a@example.com\n' });
    expect(noEvents.body.problems[0].message).toMatch(/Missing columns: follow_name/);
    expect(noEvents.body.problems[0]).toMatchObject({
      code: 'missing_columns',
      values: { columns: expect.stringContaining('follow_name') },
    });
    const quote = await admin.post(`${REG}/import`, { csv: `${header}\n"Unclosed,a@example.com\n` });
    expect(quote.body.problems[0].message).toMatch(/never closed/);
    expectErrorShape(await admin.post(`${REG}/import`, { csv: '' }), 400);
  });
});
