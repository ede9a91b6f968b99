/**
 * What a dancer receives, end to end: the real server, its real HTTP API, delivering through its outbox
 * to a real SMTP server started here. A registration's confirmation to both dancers, "Email me a link"
 * for a registered and an unknown address, a mail server that is down when a couple registers, and an
 * announcement whose one-click unsubscribe keeps the next one away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, competitionFullName, competitionId, useTestServer } from '../test/harness.ts';
import { startSmtp, type CapturedMail, type TestSmtp } from '../test/kits/smtp.ts';
import { eventually } from '../test/kits/outbox.ts';

/** Short retries, so an outage fits in a test; production's backoff keeps the 60 s promise (retry.ts). */
const QUICK = { pollMs: 100, firstBackoffMs: 100, maxBackoffMs: 400, jitterMs: 50, maxAttempts: 50 };
const REG = '/api/v1/competitions/demo/registrations';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => smtp.stop());
const { s, anon } = useTestServer(() => ({ demo: true, smtpUrl: smtp.url, mail: QUICK }));

let seq = 0;
function couple(affiliation = 'MIT Ballroom Dance Team') {
  seq++;
  const stamp = `${seq}${Date.now().toString(36).slice(-4)}`;
  return {
    lead: { name: `Posted Lead${stamp}`, email: `posted.lead${stamp}@example.com` },
    follow: { name: `Posted Follow${stamp}`, email: `posted.follow${stamp}@example.com` },
    affiliation,
    events: ['bronze-latin-c-r-s'],
    consents: { liability: true, media: false },
  };
}

const to = (address: string) => (m: CapturedMail) => m.to.includes(address);
const tokenIn = (text: string) => /\/c\/demo\/entries\?open=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

const fullName = () => competitionFullName(s.db);

/** Nothing more than `n` messages with this Message-ID arrives within the sender's next few looks. */
async function arrivedOnce(mail: CapturedMail) {
  await new Promise((r) => setTimeout(r, 600));
  expect(smtp.mails.filter((m) => m.messageId === mail.messageId)).toHaveLength(1);
}

describe('messages to dancers through a real mail server', () => {
  it('a registration: a confirmation to the lead and the follow within 5 s, with the full name and a link that opens it', async () => {
    const body = couple();
    const res = await anon().post(REG, body);
    expect(res.status).toBe(201);
    const [lead, follow] = await Promise.all([
      smtp.waitForMail(to(body.lead.email), 5_000),
      smtp.waitForMail(to(body.follow.email), 5_000),
    ]);
    const name = await fullName();
    for (const mail of [lead, follow]) {
      expect(mail.subject).toContain(name);
      expect(mail.text).toContain(name);
      expect(mail.text).toContain('Bronze Latin');
      expect(tokenIn(mail.text)).not.toBe('');
      // The link replaces the code: the code itself never travels by email.
      expect(mail.text).not.toContain(res.body.entryCode);
      expect(mail.html).not.toContain(res.body.entryCode);
    }
    const opened = await anon().post(`${REG}/open`, { token: tokenIn(follow.text) });
    expect(opened.status).toBe(200);
    expect(opened.body.registration).toMatchObject({
      registrationId: res.body.registrationId,
      lead: { name: body.lead.name },
      follow: { name: body.follow.name },
    });
    await arrivedOnce(lead);
  });

  it('"Email me a link": the same answer for any address; a working link, once, only to a registered one', async () => {
    const body = couple();
    expect((await anon().post(REG, body)).status).toBe(201);
    const nobody = `nobody.${seq}@example.org`;
    const unknown = await anon().post(`${REG}/recover`, { email: nobody });
    const known = await anon().post(`${REG}/recover`, { email: body.lead.email });
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(known.body).toEqual(unknown.body);

    const link = await smtp.waitForMail(
      (m) => m.to.includes(body.lead.email) && /^Your registration for/.test(m.subject),
      5_000,
    );
    const token = tokenIn(link.text);
    const opened = await anon().post(`${REG}/open`, { token });
    expect(opened.status).toBe(200);
    expect(opened.body.registration.lead.name).toBe(body.lead.name);
    // A lost-code link works once.
    expect((await anon().post(`${REG}/open`, { token })).status).toBe(410);

    // Nothing was ever written for the unknown address, so nothing can reach it.
    const queued = await s.db.selectFrom('messages').select('id').where('to_address', '=', nobody).execute();
    expect(queued).toEqual([]);
    expect(smtp.mails.filter(to(nobody))).toEqual([]);
  });

  it('a couple who registers while the mail server is down gets the confirmation once it is back, once', async () => {
    const body = couple();
    await smtp.stop();
    let registrationId = 0;
    try {
      const res = await anon().post(REG, body);
      expect(res.status).toBe(201);
      registrationId = res.body.registrationId;
      await eventually('a failed try of the confirmation', async () => {
        const rows = await s.db
          .selectFrom('messages')
          .select(['status', 'attempts'])
          .where('registration_id', '=', registrationId)
          .where('kind', '=', 'confirmation')
          .execute();
        return rows.length === 2 && rows.every((r) => r.status === 'pending' && r.attempts >= 1);
      });
    } finally {
      await smtp.start();
    }
    const back = Date.now();
    const [lead] = await Promise.all([
      smtp.waitForMail(to(body.lead.email), 60_000),
      smtp.waitForMail(to(body.follow.email), 60_000),
    ]);
    expect(Date.now() - back).toBeLessThan(60_000);
    await arrivedOnce(lead);
  });

  it('an announcement carries a one-click unsubscribe, and the next one is not sent to that address', async () => {
    const team = `Unsubscribe Test Team ${Date.now().toString(36)}`;
    const body = couple(team);
    expect((await anon().post(REG, body)).status).toBe(201);
    const admin = new Client(s.url);
    expect((await admin.login()).status).toBe(200);
    const announce = (subject: string) =>
      admin.post('/api/v1/competitions/demo/messages', {
        audience: { kind: 'team', key: team },
        subject,
        body: 'The schedule is out.\n\nSee you on the floor.',
      });

    const first = await announce('Schedule out');
    expect(first.status).toBe(201);
    expect(first.body.recipients).toBe(2);
    const mail = await smtp.waitForMail(
      (m) => m.to.includes(body.lead.email) && m.subject === 'Schedule out',
      5_000,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = /<(https?:\/\/[^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(url).toMatch(/\/api\/v1\/competitions\/demo\/unsubscribe\?t=/);
    // What a mail program does for "Unsubscribe" (RFC 8058): one POST, no page, no cookie.
    const oneClick = await fetch(url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);

    const second = await announce('Venue change');
    expect(second.status).toBe(201);
    expect(second.body.recipients).toBe(1);
    await smtp.waitForMail((m) => m.to.includes(body.follow.email) && m.subject === 'Venue change', 5_000);
    const rows = await s.db
      .selectFrom('messages')
      .select('to_address')
      .where('announcement_id', '=', second.body.announcementId)
      .where('competition_id', '=', await competitionId(s.db))
      .execute();
    expect(rows.map((r) => r.to_address)).toEqual([body.follow.email]);
    expect(smtp.mails.filter((m) => m.to.includes(body.lead.email) && m.subject === 'Venue change')).toEqual(
      [],
    );
  });
});
