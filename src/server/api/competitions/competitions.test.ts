import { describe, expect, it } from 'vitest';
import { Client, expectErrorShape, useTestServer } from '../../test/harness.ts';

const { s, admin } = useTestServer({ admin: true });

describe('reading a competition', () => {
  it('serves the demo as the site competition with every metadata field', async () => {
    const c = new Client(s.url);
    expect((await c.get('/api/v1/site')).body).toEqual({ competition: 'demo' });
    const res = await c.get('/api/v1/competitions/demo');
    expect(res.status).toBe(200);
    const comp = res.body;
    expect(comp.fullName).toMatch(/Riverside/);
    expect(comp.registration).toEqual({ tier: 'OPEN', isOpen: true, fee: 35 });
    expect(comp.registrationStatus).toBe('open');
    expect(comp.socials.instagram).toBe('@riverside_ballroom');
    expect(Object.keys(comp.pages).sort()).toEqual(['about', 'contact', 'details', 'rules', 'venue']);
    expect(comp.officials).toHaveLength(9);
    // Access codes are never in a public read.
    expect(JSON.stringify(comp)).not.toMatch(/access|code_hash|scrypt/i);
  });

  it('lists competitions and the demo events with entries', async () => {
    const c = new Client(s.url);
    expect((await c.get('/api/v1/competitions')).body).toEqual([expect.objectContaining({ key: 'demo' })]);
    const events = (await c.get('/api/v1/competitions/demo/events')).body;
    expect(events.length).toBeGreaterThanOrEqual(12);
    expect(new Set(events.map((e: { style: string }) => e.style))).toEqual(
      new Set(['Standard', 'Latin', 'Smooth', 'Rhythm', 'Nightclub']),
    );
    const couples = new Set(
      events.flatMap((e: { entries: { leadNumber: number }[] }) => e.entries.map((x) => x.leadNumber)),
    );
    expect(couples.size).toBeGreaterThanOrEqual(40);
  });

  it('answers an unknown competition with 404 and the error shape', async () => {
    const c = new Client(s.url);
    expectErrorShape(await c.get('/api/v1/competitions/no-such-thing'), 404, 'not_found');
    expectErrorShape(await c.get('/api/v1/competitions/no-such-thing/events'), 404, 'not_found');
    expectErrorShape(await c.get('/api/v1/nowhere'), 404, 'not_found');
  });
});

describe('editing a competition (setup)', () => {
  it('refuses anonymous and official sessions, accepts the admin', async () => {
    const anon = new Client(s.url);
    expectErrorShape(
      await anon.patch('/api/v1/competitions/demo', { fullName: 'Hijacked' }),
      401,
      'unauthorized',
    );

    const judge = new Client(s.url);
    const j = s.demo!.codes[0]!;
    expect(
      (await judge.post(`/api/v1/competitions/demo/officials/${j.id}/session`, { code: j.accessCode }))
        .status,
    ).toBe(200);
    expectErrorShape(
      await judge.patch('/api/v1/competitions/demo', { fullName: 'Hijacked' }),
      403,
      'forbidden',
    );

    const before = (await admin.get('/api/v1/competitions/demo')).body;
    const res = await admin.patch('/api/v1/competitions/demo', {
      fullName: 'Riverside Classic',
      version: before.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.fullName).toBe('Riverside Classic');
    expect(res.body.version).toBe(before.version + 1);
    expect((await anon.get('/api/v1/competitions/demo')).body.fullName).toBe('Riverside Classic');
  });

  it('rejects bad input with field messages and writes nothing', async () => {
    const before = (await admin.get('/api/v1/competitions/demo')).body;
    const cases: [unknown, string][] = [
      [{ fullName: '' }, 'fullName'],
      [{ fullName: 42 }, 'fullName'],
      [{ fullName: 'x'.repeat(10_000) }, 'fullName'],
      [{ primaryColor: 'red' }, 'primaryColor'],
      [{ paymentTierEarly: -5 }, 'paymentTierEarly'],
      [{ paymentTierEarly: '25' }, 'paymentTierEarly'],
      [{ startDate: '2026-12-10', endDate: '2026-12-01' }, 'endDate'],
      [
        { dateRegistrationOpen: '2026-11-01T00:00:00Z', dateRegistrationClosed: '2026-10-01T00:00:00Z' },
        'dateRegistrationClosed',
      ],
      [{ socials: { website: 'javascript:alert(1)', facebook: '', instagram: '' } }, 'socials'],
      [{ socials: { website: '', facebook: '', instagram: '<script>' } }, 'socials'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ resultsPageShown: 'yes' }, 'resultsPageShown'],
      [{ pages: { rules: 'x'.repeat(60_000) } }, 'pages'],
      [{ organizers: [{ name: '' }] }, 'organizers'],
      [{ unknownField: 1 }, ''],
      [{ version: 'one' }, 'version'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.patch('/api/v1/competitions/demo', body);
      expectErrorShape(res, 400, 'invalid');
      if (field)
        expect(JSON.stringify(res.body.error.details), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    const after = (await admin.get('/api/v1/competitions/demo')).body;
    expect(after).toEqual(before);
  });

  it('gives an end date before the start date its reason as data, the schema’s check and its own alike', async () => {
    const { startDate } = (await admin.get('/api/v1/competitions/demo')).body as { startDate: string };
    const dayBefore = new Date(Date.parse(`${startDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const issue = {
      path: ['endDate'],
      message: 'End date must not be before the start date',
      code: 'custom',
      params: { reason: 'endBeforeStart' },
    };
    // Only the end date sent: the server compares it with the stored start date itself.
    const own = await admin.patch('/api/v1/competitions/demo', { endDate: dayBefore });
    expectErrorShape(own, 400, 'invalid');
    expect(own.body.error.details).toEqual([issue]);
    // Both sent: the shared schema refuses it first, with the same reason.
    const schema = await admin.patch('/api/v1/competitions/demo', { startDate, endDate: dayBefore });
    expectErrorShape(schema, 400, 'invalid');
    expect(schema.body.error.details).toEqual([issue]);
    const order = await admin.patch('/api/v1/competitions/demo', {
      dateRegistrationOpen: '2026-11-01T00:00:00Z',
      dateRegistrationClosed: '2026-10-01T00:00:00Z',
    });
    expect(order.body.error.details[0]).toMatchObject({
      path: ['dateRegistrationClosed'],
      params: { reason: 'dateOrder', earlier: 'dateRegistrationOpen' },
    });
  });

  it('refuses a stale version with 409 and the current data, and keeps the first write', async () => {
    const a = new Client(s.url);
    const b = new Client(s.url);
    await a.login();
    await b.login();
    const v = (await a.get('/api/v1/competitions/demo')).body.version;
    expect((await a.patch('/api/v1/competitions/demo', { paymentTierLate: 50, version: v })).status).toBe(
      200,
    );
    const stale = await b.patch('/api/v1/competitions/demo', { paymentTierLate: 60, version: v });
    expectErrorShape(stale, 409, 'stale');
    expect(stale.body.error.message).toMatch(/Someone else changed/);
    expect(stale.body.error.details.current.paymentTierLate).toBe(50);
    expect((await a.get('/api/v1/competitions/demo')).body.paymentTierLate).toBe(50);
  });

  it('stores script in page content as text (the web renders it sanitised) and serves it as JSON', async () => {
    const evil = '# Hi\n<script>alert(1)</script><img src=x onerror="alert(2)">';
    const res = await admin.patch('/api/v1/competitions/demo', { pages: { venue: evil } });
    expect(res.status).toBe(200);
    const read = await admin.get('/api/v1/competitions/demo');
    expect(read.headers.get('content-type')).toMatch(/application\/json/);
    expect(read.body.pages.venue).toBe(evil);
    expect(read.body.pages.rules.length).toBeGreaterThan(10); // other pages untouched
  });

  it('replaces the organizers list', async () => {
    const res = await admin.patch('/api/v1/competitions/demo', {
      organizers: [{ name: 'Ada Lovelace', role: 'Director' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.organizers).toEqual([
      expect.objectContaining({ name: 'Ada Lovelace', role: 'Director', email: '', photoURL: '' }),
    ]);
  });

  it('answers malformed and oversize bodies with the error shape', async () => {
    expectErrorShape(await admin.call('PATCH', '/api/v1/competitions/demo', '{"fullName": '), 400);
    expectErrorShape(
      await admin.call(
        'PATCH',
        '/api/v1/competitions/demo',
        JSON.stringify({ pages: { rules: 'x'.repeat(2_000_000) } }),
      ),
      413,
      'too_large',
    );
    expectErrorShape(
      await admin.call('PATCH', '/api/v1/competitions/demo', 'fullName=x', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      415,
    );
    expectErrorShape(await admin.call('PATCH', '/api/v1/competitions/demo', '[1,2]'), 400, 'invalid');
    // Deeply nested JSON does not crash the server.
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await admin.call('PATCH', '/api/v1/competitions/demo', deep);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('creates a new competition (site administrator) and refuses a duplicate key', async () => {
    const res = await admin.post('/api/v1/competitions', {
      key: 'vss24',
      fullName: 'Vanderbilt Spring Swing 2024',
      startDate: '2024-04-06',
      endDate: '2024-04-06',
    });
    expect(res.status).toBe(201);
    expect(res.body.key).toBe('vss24');
    expectErrorShape(
      await admin.post('/api/v1/competitions', { key: 'vss24', fullName: 'Again' }),
      409,
      'duplicate',
    );
    expectErrorShape(
      await admin.post('/api/v1/competitions', { key: 'Bad Key!', fullName: 'x' }),
      400,
      'invalid',
    );
    const anon = new Client(s.url);
    expectErrorShape(await anon.post('/api/v1/competitions', { key: 'x1', fullName: 'x' }), 401);
  });

  it('takes plain dates as deadlines: each lasts to the end of that day, in the competition zone', async () => {
    const before = (await admin.get('/api/v1/competitions/demo')).body;
    expect(before.timeZone).toBe('America/New_York');
    const res = await admin.patch('/api/v1/competitions/demo', {
      dateRegistrationOpen: '2026-11-01',
      dateRegistrationClosed: '2026-12-01',
      version: before.version,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 1 November ends in standard time (UTC-5, the clocks went back that morning); so does 1 December.
    expect(res.body.dateRegistrationOpen).toBe('2026-11-02T04:59:59.999Z');
    expect(res.body.dateRegistrationClosed).toBe('2026-12-02T04:59:59.999Z');
    const row = await s.db
      .selectFrom('competitions')
      .select(['date_registration_open', 'date_registration_closed'])
      .where('key', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      date_registration_open: '2026-11-02T04:59:59.999Z',
      date_registration_closed: '2026-12-02T04:59:59.999Z',
    });
    // A date that is not on the calendar, or a close before the open, is still refused.
    expectErrorShape(
      await admin.patch('/api/v1/competitions/demo', { dateRegistrationClosed: '2026-02-30' }),
      400,
      'invalid',
    );
    expectErrorShape(
      await admin.patch('/api/v1/competitions/demo', {
        dateRegistrationOpen: '2026-12-02',
        dateRegistrationClosed: '2026-12-01',
      }),
      400,
      'invalid',
    );
    // The regular fee may end on the day registration closes.
    const sameDay = await admin.patch('/api/v1/competitions/demo', {
      dateRegistrationOpen: '2026-12-01',
      dateRegistrationClosed: '2026-12-01',
    });
    expect(sameDay.status).toBe(200);
  });

  it('creates a competition with plain registration dates in its time zone', async () => {
    const res = await admin.post('/api/v1/competitions', {
      key: 'berlin-open',
      fullName: 'Berlin Open',
      timeZone: 'Europe/Berlin',
      dateRegistrationOpen: '2026-06-01',
      dateRegistrationClosed: '2026-07-01',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.dateRegistrationOpen).toBe('2026-06-01T21:59:59.999Z');
    expect(res.body.dateRegistrationClosed).toBe('2026-07-01T21:59:59.999Z');
  });
});
