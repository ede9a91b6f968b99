import { describe, expect, it } from 'vitest';
import {
  Client,
  competitionFullName,
  competitionId,
  expectErrorShape,
  rowCounts,
  useTestServer,
} from '../../test/harness.ts';

const { s, admin } = useTestServer({ admin: true });
const C = '/api/v1/competitions/demo';
const REG = `${C}/registrations`;
let seq = 0;

function couple(events: string[] = ['bronze-latin-c-r-s'], over: Record<string, unknown> = {}) {
  seq++;
  return {
    lead: { name: `Mail Lead${seq}`, email: `mail.lead${seq}@example.com` },
    follow: { name: `Mail Follow${seq}`, email: `Mail.Follow${seq}@Example.com` },
    affiliation: 'MIT Ballroom Dance Team',
    events,
    consents: { liability: true, media: false },
    ...over,
  };
}

/** The outbox rows of one kind (optionally of one registration), in the order they were written. */
async function outbox(kind: string, registrationId?: number) {
  let q = s.db
    .selectFrom('messages')
    .selectAll()
    .where('kind', '=', kind)
    .where('competition_id', '=', await competitionId(s.db));
  if (registrationId !== undefined) q = q.where('registration_id', '=', registrationId);
  return q.orderBy('id').execute();
}

const counts = () =>
  rowCounts(s.db, {
    competitors: 'competitors',
    registrations: 'registrations',
    entries: 'entries',
    messages: 'messages',
  });

const fullName = () => competitionFullName(s.db);

async function eventName(key: string) {
  const e = await s.db
    .selectFrom('events')
    .select('name')
    .where('key', '=', key)
    .where('competition_id', '=', await competitionId(s.db))
    .executeTakeFirstOrThrow();
  return e.name;
}

describe('the registration confirmation', () => {
  it('a registration on the public form enqueues one confirmation to each dancer, with the full name and the link', async () => {
    const body = couple(['bronze-latin-c-r-s', 'bronze-smooth-w-t-f']);
    const res = await new Client(s.url).post(REG, body);
    expect(res.status).toBe(201);
    const rows = await outbox('confirmation', res.body.registrationId);
    expect(rows.map((r) => r.to_address)).toEqual([body.lead.email, body.follow.email]);
    expect(rows.map((r) => r.to_name)).toEqual([body.lead.name, body.follow.name]);
    const name = await fullName();
    for (const r of rows) {
      // Waiting, or kept unsent within half a second: this test server has no mail server.
      expect(['pending', 'unsent']).toContain(r.status);
      expect(r.subject).toBe(`Registered: ${name}`);
      for (const part of [r.text_body, r.html_body!]) {
        expect(part).toContain(name);
        expect(part).toContain(`${s.url}/c/demo/entries`);
        expect(part).toContain(await eventName('bronze-latin-c-r-s'));
        expect(part).toContain(await eventName('bronze-smooth-w-t-f'));
        expect(part).toContain(`Your number: ${res.body.leadNumber}`);
        // The link opens the registration: the code itself never travels by mail.
        expect(part).not.toContain(res.body.entryCode);
      }
      expect(r.text_body).toContain('Amount due: $140 (Regular tier, $35 per dancer per event).');
    }
  });

  it('sends one message greeting both when the two dancers share an address', async () => {
    const body = couple();
    body.follow.email = body.lead.email.toUpperCase();
    const res = await new Client(s.url).post(REG, body);
    expect(res.status).toBe(201);
    const rows = await outbox('confirmation', res.body.registrationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text_body).toContain(`Hello ${body.lead.name} and ${body.follow.name},`);
  });

  it('a refused registration (invalid email, duplicate, closed) enqueues nothing and writes nothing', async () => {
    const anon = new Client(s.url);
    const first = couple();
    expect((await anon.post(REG, first)).status).toBe(201);
    const before = await counts();

    for (const who of ['lead', 'follow'] as const) {
      const bad = couple();
      bad[who].email = 'not-an-email';
      const res = await anon.post(REG, bad);
      expectErrorShape(res, 400);
      expect(JSON.stringify(res.body.error)).toContain(`${who}.email`);
      expect(res.body.error.message).toContain('must be an email address');
    }
    for (const email of [
      'a@b',
      'two@@example.com',
      'x'.repeat(300) + '@example.com',
      'spaced name@example.com',
    ]) {
      expectErrorShape(await anon.post(REG, couple(undefined, { lead: { name: 'Bad Mail', email } })), 400);
    }
    // The same couple in the same event again.
    expectErrorShape(await anon.post(REG, { ...first, lead: { ...first.lead } }), 409);

    const comp = (await admin.get(C)).body;
    await admin.patch(C, {
      dateRegistrationOpen: null,
      dateRegistrationClosed: new Date(Date.now() - 60_000).toISOString(),
    });
    try {
      expectErrorShape(await anon.post(REG, couple()), 403, 'registration_closed');
    } finally {
      await admin.patch(C, {
        dateRegistrationOpen: comp.dateRegistrationOpen,
        dateRegistrationClosed: comp.dateRegistrationClosed,
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('the organizer at the desk registers a couple and both dancers are told', async () => {
    const body = couple(['newcomer-latin-c-r']);
    const res = await admin.post(REG, body);
    expect(res.status).toBe(201);
    expect((await outbox('confirmation', res.body.registrationId)).map((r) => r.to_address)).toEqual([
      body.lead.email,
      body.follow.email,
    ]);
  });

  it('an import of N couples enqueues 2N confirmations; a dry run or a refused file none', async () => {
    const header = 'lead_name,lead_email,follow_name,follow_email,affiliation,events';
    const lines = [header];
    for (let i = 1; i <= 5; i++)
      lines.push(
        `Mailimport Lead${i},mil${i}@example.com,Mailimport Follow${i},mif${i}@example.com,Cornell DanceSport,bronze-latin-c-r-s`,
      );
    const bad = [
      ...lines,
      'Bad Lead,not-an-email,Bad Follow,bf@example.com,Cornell DanceSport,bronze-latin-c-r-s',
    ];
    const before = await counts();
    const dry = await admin.post(`${REG}/import`, { csv: lines.join('\n'), dryRun: true });
    expect(dry.body).toMatchObject({ problems: [], created: 0 });
    const refused = await admin.post(`${REG}/import`, { csv: bad.join('\n'), dryRun: false });
    expectErrorShape(refused, 422, 'import_refused');
    expect(refused.body.error.details.problems[0]).toMatchObject({ line: 7, column: 'lead_email' });
    expect(await counts()).toEqual(before);

    const ok = await admin.post(`${REG}/import`, { csv: lines.join('\n'), dryRun: false });
    expect(ok.body.created).toBe(5);
    const after = await counts();
    expect(after.messages - before.messages).toBe(10);
    const rows = await outbox('confirmation');
    const imported = rows.filter((r) => r.to_address.startsWith('mil') || r.to_address.startsWith('mif'));
    expect(imported).toHaveLength(10);
    expect(new Set(imported.map((r) => r.registration_id)).size).toBe(5);
  });

  it('a held registration sends nothing until the organizer accepts it; then the confirmation goes', async () => {
    const anon = new Client(s.url);
    const squat = couple(['bronze-latin-c-r-s']);
    expect((await anon.post(REG, squat)).status).toBe(201);
    const real = {
      ...couple(['bronze-latin-c-r-s']),
      lead: { name: squat.lead.name, email: 'real.lead.mail@example.com' },
      follow: { name: squat.follow.name, email: 'real.follow.mail@example.com' },
    };
    const before = await counts();
    const held = await anon.post(REG, real);
    expect(held.status).toBe(202);
    expect((await counts()).messages).toBe(before.messages);
    const accepted = await admin.post(`${REG}/reviews/${held.body.review.id}/accept`, { version: 1 });
    expect(accepted.status).toBe(200);
    expect((await outbox('confirmation', accepted.body.registrationId)).map((r) => r.to_address)).toEqual([
      'real.lead.mail@example.com',
      'real.follow.mail@example.com',
    ]);
  });
});

describe('entry changes', () => {
  it('the couple moves, adds and drops with their code: both dancers get the lines and their events now', async () => {
    const anon = new Client(s.url);
    const body = couple(['bronze-latin-c-r-s', 'bronze-smooth-w-t-f']);
    const reg = (await anon.post(REG, body)).body;
    const res = await anon.post(`${REG}/entries`, {
      entryCode: reg.entryCode,
      email: body.lead.email,
      add: ['newcomer-latin-c-r', 'bronze-standard-w-t-f'],
      drop: ['bronze-latin-c-r-s'],
    });
    expect(res.status).toBe(200);
    const rows = await outbox('entries_changed', reg.registrationId);
    // Read back from the dancers' records, which keep addresses in lower case.
    expect(rows.map((r) => r.to_address)).toEqual([body.lead.email, body.follow.email.toLowerCase()]);
    const [bronzeLatin, newcomerLatin, standard, smooth] = await Promise.all(
      ['bronze-latin-c-r-s', 'newcomer-latin-c-r', 'bronze-standard-w-t-f', 'bronze-smooth-w-t-f'].map(
        eventName,
      ),
    );
    for (const r of rows) {
      expect(r.text_body).toContain(`- Added: ${standard}\n- Moved from ${bronzeLatin} to ${newcomerLatin}`);
      const now = r.text_body.split('Your events now')[1]!;
      expect(now).toContain(smooth);
      expect(now).toContain(newcomerLatin);
      expect(now).not.toContain(bronzeLatin);
      expect(r.text_body).toContain(await fullName());
    }
  });

  it('the organizer adds, deletes and scratches: each change tells both; repeating a scratch tells no one', async () => {
    const body = couple(['bronze-latin-c-r-s']);
    const reg = (await admin.post(REG, body)).body;
    const id = reg.registrationId as number;
    const changed = async () => (await outbox('entries_changed', id)).length;

    const add = await admin.post(`${REG}/${id}/entries`, { add: ['bronze-smooth-w-t-f'], drop: [] });
    expect(add.status).toBe(200);
    expect(await changed()).toBe(2);

    const latin = reg.entries[0].id as number;
    expect(
      (await admin.post(`${C}/events/bronze-latin-c-r-s/entries/${latin}/scratch`, { scratched: true }))
        .status,
    ).toBe(200);
    const scratchRows = (await outbox('entries_changed', id)).slice(2);
    expect(scratchRows).toHaveLength(2);
    expect(scratchRows[0]!.text_body).toContain(
      `Scratched (withdrawn) from ${await eventName('bronze-latin-c-r-s')}`,
    );
    // Already scratched: nothing changed, nothing sent.
    expect(
      (await admin.post(`${C}/events/bronze-latin-c-r-s/entries/${latin}/scratch`, { scratched: true }))
        .status,
    ).toBe(200);
    expect(await changed()).toBe(4);
    // Taken back through the entry's PATCH.
    const entry = await s.db
      .selectFrom('entries')
      .select('version')
      .where('id', '=', latin)
      .executeTakeFirstOrThrow();
    expect(
      (await admin.patch(`${C}/entries/${latin}`, { scratched: false, version: entry.version })).status,
    ).toBe(200);
    expect((await outbox('entries_changed', id))[4]!.text_body).toContain('(the scratch was taken back)');

    const smooth = await s.db
      .selectFrom('entries')
      .select('id')
      .where('registration_id', '=', id)
      .where('id', '!=', latin)
      .executeTakeFirstOrThrow();
    expect((await admin.del(`${C}/entries/${smooth.id}`)).status).toBe(204);
    const removed = (await outbox('entries_changed', id)).slice(6);
    expect(removed.map((r) => r.to_address)).toEqual([body.lead.email, body.follow.email.toLowerCase()]);
    expect(removed[0]!.text_body).toContain(`Removed: ${await eventName('bronze-smooth-w-t-f')}`);
  });

  it('a dancer whose email the organizer cleared is not written to; the partner still is', async () => {
    const body = couple(['bronze-latin-c-r-s']);
    const reg = (await admin.post(REG, body)).body;
    const follow = await s.db
      .selectFrom('competitors')
      .select(['id', 'version'])
      .where('id', '=', reg.follow.id)
      .executeTakeFirstOrThrow();
    const cleared = await admin.patch(`${C}/competitors/${follow.id}`, {
      email: '',
      version: follow.version,
    });
    expect(cleared.status).toBe(200);
    const add = await admin.post(`${REG}/${reg.registrationId}/entries`, {
      add: ['bronze-smooth-w-t-f'],
      drop: [],
    });
    expect(add.status).toBe(200);
    expect((await outbox('entries_changed', reg.registrationId)).map((r) => r.to_address)).toEqual([
      body.lead.email,
    ]);
  });

  it('a refused or empty change tells no one', async () => {
    const anon = new Client(s.url);
    const body = couple(['bronze-latin-c-r-s']);
    const reg = (await anon.post(REG, body)).body;
    const before = await counts();
    const base = { entryCode: reg.entryCode, email: body.lead.email };
    expectErrorShape(await anon.post(`${REG}/entries`, { ...base, add: [], drop: [] }), 400);
    expectErrorShape(await anon.post(`${REG}/entries`, { ...base, add: ['nope'] }), 400);
    expectErrorShape(
      await anon.post(`${REG}/entries`, { ...base, add: ['bronze-smooth-w-t-f'], version: 99 }),
      409,
    );
    expect(await counts()).toEqual(before);
  });
});
