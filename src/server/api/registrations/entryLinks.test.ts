import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { countRows, expectErrorShape, lastAudit, rowCounts, useTestServer } from '../../test/harness.ts';
import { issueEntryLink, signGrant } from '../../mail/entryLinks.ts';

const { s, anon } = useTestServer();
const REG = '/api/v1/competitions/demo/registrations';
const THE_ANSWER = {
  message:
    'If that email is registered for Riverside Collegiate DanceSport Classic 2026, a link is on its way.',
  // Named for the web's words in the reader's language; the same whatever the email.
  competition: 'Riverside Collegiate DanceSport Classic 2026',
};

let seq = 0;
async function registerCouple(events = ['bronze-latin-c-r-s']) {
  seq++;
  const lead = { name: `Lead Linked${seq}`, email: `Link.Lead${seq}@Example.com` };
  const follow = { name: `Follow Linked${seq}`, email: `link.follow${seq}@example.com` };
  const res = await anon().post(REG, {
    lead,
    follow,
    affiliation: 'MIT Ballroom Dance Team',
    events,
    consents: { liability: true, media: false },
  });
  expect(res.status).toBe(201);
  return { id: res.body.registrationId as number, lead, follow };
}

/** The recovery messages queued for `address`, oldest first. */
function recoveryMessages(address: string) {
  return s.db
    .selectFrom('messages')
    .selectAll()
    .where('kind', '=', 'recovery')
    .where(sql`lower(to_address)`, '=', address.toLowerCase())
    .orderBy('id')
    .execute();
}

/** The token of the link in a message's text. */
function tokenIn(text: string): string {
  const m = /\/c\/demo\/entries\?open=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no link in: ${text}`);
  return m[1]!;
}

describe('"Email me a link"', () => {
  it('queues one recovery message with a link for a registered email, and the same answer for any email', async () => {
    const couple = await registerCouple();
    // Either dancer's email, in any case.
    const known = await anon().post(`${REG}/recover`, { email: couple.lead.email.toUpperCase() });
    expect(known.status).toBe(202);
    expect(known.body).toEqual(THE_ANSWER);
    const sent = await recoveryMessages(couple.lead.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      // Waiting, or kept unsent within half a second: a test server has no mail server.
      status: expect.stringMatching(/^(pending|unsent)$/),
      registration_id: couple.id,
      to_name: couple.lead.name,
      subject: 'Your registration for Riverside Collegiate DanceSport Classic 2026',
    });
    expect(sent[0]!.text_body).toContain(`${s.url}/c/demo/entries?open=`);
    expect(sent[0]!.html_body).toContain(`href="${s.url}/c/demo/entries?open=`);
    expect(sent[0]!.text_body).not.toMatch(/entry code:/i);
    // The trail names the dancer, not the address.
    const audit = await lastAudit(s.db, 'registration.recover');
    expect(audit.after).toEqual({ sentTo: 'lead' });

    const before = await rowCounts(s.db, { messages: 'messages', links: 'entry_links' });
    const unknown = await anon().post(`${REG}/recover`, { email: 'nobody-here@example.com' });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(await rowCounts(s.db, { messages: 'messages', links: 'entry_links' })).toEqual(before);
  });

  it('refuses a malformed or huge email with 400 naming the field, and writes nothing', async () => {
    const before = await rowCounts(s.db, { messages: 'messages', links: 'entry_links' });
    for (const body of [
      { email: 'not-an-email' },
      { email: `${'a'.repeat(5000)}@example.com` },
      {},
      { email: 7 },
    ]) {
      const res = await anon().post(`${REG}/recover`, body);
      expectErrorShape(res, 400);
      expect(JSON.stringify(res.body)).toMatch(/email/i);
    }
    expect(await rowCounts(s.db, { messages: 'messages', links: 'entry_links' })).toEqual(before);
  });

  it('sends at most 5 links an hour to one email, answering the same words beyond', async () => {
    const couple = await registerCouple();
    for (let i = 0; i < 6; i++) {
      const res = await anon().post(`${REG}/recover`, { email: couple.follow.email });
      expect(res.status).toBe(202);
      expect(res.body).toEqual(THE_ANSWER);
    }
    expect(await recoveryMessages(couple.follow.email)).toHaveLength(5);
  });
});

describe('opening a link', () => {
  it('opens the registration once with a recovery link; the grant then reads and changes the entries', async () => {
    const couple = await registerCouple();
    await anon().post(`${REG}/recover`, { email: couple.follow.email });
    const [message] = await recoveryMessages(couple.follow.email);
    const token = tokenIn(message!.text_body);

    const opened = await anon().post(`${REG}/open`, { token });
    expect(opened.status).toBe(200);
    expect(opened.body.registration).toMatchObject({
      registrationId: couple.id,
      lead: { name: couple.lead.name },
      follow: { name: couple.follow.name },
      entries: [expect.objectContaining({ eventKey: 'bronze-latin-c-r-s' })],
    });
    expect(JSON.stringify(opened.body)).not.toMatch(/@/);
    expect(Date.parse(opened.body.grantExpiresAt)).toBeGreaterThan(Date.now());
    // Stored only as a hash: the token is nowhere in the table.
    const stored = await s.db
      .selectFrom('entry_links')
      .selectAll()
      .where('registration_id', '=', couple.id)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    // Once.
    expectErrorShape(await anon().post(`${REG}/open`, { token }), 410, 'link_used');

    const grant = opened.body.grant as string;
    const own = await anon().post(`${REG}/own`, { grant });
    expect(own.status).toBe(200);
    expect(own.body.registrationId).toBe(couple.id);

    const changed = await anon().post(`${REG}/own/entries`, {
      grant,
      add: ['bronze-smooth-w-t-f'],
      version: own.body.version,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.entries.map((e: { eventKey: string }) => e.eventKey).sort()).toEqual([
      'bronze-latin-c-r-s',
      'bronze-smooth-w-t-f',
    ]);
    // A stale version is refused as with the entry code.
    expectErrorShape(
      await anon().post(`${REG}/own/entries`, {
        grant,
        drop: ['bronze-smooth-w-t-f'],
        version: own.body.version,
      }),
      409,
    );
    expectErrorShape(await anon().post(`${REG}/own/entries`, { grant, add: [3] }), 400);
  });

  it('refuses an expired, unknown or malformed token', async () => {
    const couple = await registerCouple();
    await anon().post(`${REG}/recover`, { email: couple.lead.email });
    const [message] = await recoveryMessages(couple.lead.email);
    await s.db
      .updateTable('entry_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('registration_id', '=', couple.id)
      .execute();
    expectErrorShape(
      await anon().post(`${REG}/open`, { token: tokenIn(message!.text_body) }),
      410,
      'link_expired',
    );
    expectErrorShape(await anon().post(`${REG}/open`, { token: 'x'.repeat(43) }), 404, 'link_unknown');
    expectErrorShape(await anon().post(`${REG}/open`, { token: '' }), 400);
    expectErrorShape(await anon().post(`${REG}/open`, { token: 'x'.repeat(5000) }), 400);
    expectErrorShape(await anon().post(`${REG}/open`, {}), 400);
  });

  it('opens a confirmation link again and again until it expires', async () => {
    const couple = await registerCouple();
    const c = await s.db
      .selectFrom('competitions')
      .selectAll()
      .where('key', '=', 'demo')
      .executeTakeFirstOrThrow();
    const link = await s.db.transaction().execute((trx) =>
      issueEntryLink(trx, {
        competition: c,
        registrationId: couple.id,
        email: couple.lead.email,
        purpose: 'confirmation',
        origin: 'https://comp.example.org/',
        now: new Date(),
      }),
    );
    expect(link).toMatch(/^https:\/\/comp\.example\.org\/c\/demo\/entries\?open=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link).searchParams.get('open')!;
    for (let i = 0; i < 2; i++) {
      const res = await anon().post(`${REG}/open`, { token });
      expect(res.status).toBe(200);
      expect(res.body.registration.registrationId).toBe(couple.id);
    }
  });

  it('refuses a forged, foreign or ended grant with 401 and changes nothing', async () => {
    const couple = await registerCouple();
    const c = await s.db
      .selectFrom('competitions')
      .select('id')
      .where('key', '=', 'demo')
      .executeTakeFirstOrThrow();
    const good = signGrant(s.app.entryCodes, c.id, couple.id, new Date()).grant;
    const ended = signGrant(s.app.entryCodes, c.id, couple.id, new Date(Date.now() - 13 * 3600_000)).grant;
    const otherCompetition = signGrant(s.app.entryCodes, c.id + 1000, couple.id, new Date()).grant;
    const parts = good.split('.');
    const otherCouple = [parts[0], parts[1], String(couple.id - 1), parts[3], parts[4]].join('.');
    const entries = await countRows(s.db, 'entries');
    for (const grant of [ended, otherCompetition, otherCouple, `${good}x`, 'g1.1.1.1.abc']) {
      expectErrorShape(await anon().post(`${REG}/own`, { grant }), 401, 'grant_ended');
      expectErrorShape(await anon().post(`${REG}/own/entries`, { grant, add: ['bronze-smooth-w-t-f'] }), 401);
    }
    expect(await countRows(s.db, 'entries')).toBe(entries);
    expect((await anon().post(`${REG}/own`, { grant: good })).status).toBe(200);
  });
});

describe('the address limit', () => {
  it('answers 429 to a client address past 20 requests an hour', async () => {
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++)
      status = (await anon().post(`${REG}/recover`, { email: `someone${i}@example.com` })).status;
    expect(status).toBe(429);
  });
});
