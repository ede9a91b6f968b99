import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, useTestServer, type TestServer } from '../test/harness.ts';
import { startSmtp, type TestSmtp } from '../test/kits/smtp.ts';
import { enqueueTestMessages, eventually, messageRows } from '../test/kits/outbox.ts';
import { NO_MAIL_SERVER } from './sender.ts';

/** Short waits, so an outage and its retries fit in a test; production keeps the defaults (retry.ts). */
const QUICK = { pollMs: 100, firstBackoffMs: 100, maxBackoffMs: 400, jitterMs: 50, maxAttempts: 4 };

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => smtp.stop());

describe('the sender, with a mail server', () => {
  const { s } = useTestServer(() => ({
    demo: true,
    smtpUrl: smtp.url,
    mailFrom: 'Riverside Classic <entries@riverside.example.org>',
    mail: QUICK,
  }));

  it('delivers a message once, with its parts and headers, and records it sent', async () => {
    const [id] = await enqueueTestMessages(s.db, 1, {
      to: { address: 'once@example.org', name: 'Ada Once' },
      headers: { 'List-Unsubscribe': '<https://example.org/u?t=1>' },
    });
    const mail = await smtp.waitForMail((m) => m.to.includes('once@example.org'), 5_000);
    expect(mail.subject).toBe('Your entry 1');
    expect(mail.text.trim()).toBe('Hello 1');
    expect(mail.html).toContain('<p>Hello 1</p>');
    expect(mail.from).toBe('"Riverside Classic" <entries@riverside.example.org>');
    expect(mail.headers['list-unsubscribe']).toBe('<https://example.org/u?t=1>');
    expect(mail.messageId).toBe(s.app.mail.messageId(id!));
    await eventually(
      'the row marked sent',
      async () => (await messageRows(s.db, [id!]))[0]?.status === 'sent',
    );
    const [row] = await messageRows(s.db, [id!]);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, claimed_until: null });
    expect(row!.sent_at).not.toBeNull();
    // Nothing more goes out for it.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.filter((m) => m.messageId === mail.messageId)).toHaveLength(1);
  });

  it('keeps trying while the mail server is down and delivers once it is back', async () => {
    await smtp.stop();
    try {
      const [id] = await enqueueTestMessages(s.db, 1, { to: { address: 'outage@example.org' } });
      await eventually('two failed tries', async () => (await messageRows(s.db, [id!]))[0]!.attempts >= 2);
      const [waiting] = await messageRows(s.db, [id!]);
      expect(waiting!.status).toBe('pending');
      expect(waiting!.last_error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await smtp.start();
    }
    const back = Date.now();
    const mail = await smtp.waitForMail((m) => m.to.includes('outage@example.org'), 10_000);
    expect(Date.now() - back).toBeLessThan(5_000);
    await eventually('the row marked sent', async () => {
      const [row] = await s.db
        .selectFrom('messages')
        .select('status')
        .where('to_address', '=', 'outage@example.org')
        .execute();
      return row?.status === 'sent';
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.filter((m) => m.messageId === mail.messageId)).toHaveLength(1);
  });

  it('marks a message the server refuses for good failed with its answer, and never tries it again', async () => {
    smtp.refuse('nobody@example.org', '5.1.1 <nobody@example.org>: Recipient address rejected: User unknown');
    const [id] = await enqueueTestMessages(s.db, 1, { to: { address: 'nobody@example.org' } });
    await eventually(
      'the row marked failed',
      async () => (await messageRows(s.db, [id!]))[0]?.status === 'failed',
    );
    await new Promise((r) => setTimeout(r, 600));
    const [row] = await messageRows(s.db, [id!]);
    expect(row!.status).toBe('failed');
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toContain('550');
    expect(row!.last_error).toContain('User unknown');
    expect(smtp.mails.some((m) => m.to.includes('nobody@example.org'))).toBe(false);
  });

  it('tries a message the server answers "not now" again, and gives up after the last try', async () => {
    smtp.refuse('busy@example.org', '4.2.2 Mailbox full, try later', 452);
    const [id] = await enqueueTestMessages(s.db, 1, { to: { address: 'busy@example.org' } });
    await eventually('the row failed', async () => (await messageRows(s.db, [id!]))[0]?.status === 'failed');
    const [row] = await messageRows(s.db, [id!]);
    expect(row!.attempts).toBe(QUICK.maxAttempts);
    expect(row!.last_error).toMatch(/^gave up after 4 tries: .*452.*Mailbox full/);
    await new Promise((r) => setTimeout(r, 600));
    expect((await messageRows(s.db, [id!]))[0]!.attempts).toBe(QUICK.maxAttempts);
  });

  it('delivers many messages, each once', async () => {
    const ids = await enqueueTestMessages(s.db, 60, { to: { address: 'many@example.org' } });
    const got = await smtp.waitForCount(60, (m) => m.to.includes('many@example.org'), 20_000);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(60);
    await eventually('every row sent', async () =>
      (await messageRows(s.db, ids)).every((r) => r.status === 'sent'),
    );
  });
});

describe('the sender, at a set rate (PROMENADE_MAIL_RATE)', () => {
  const { s } = useTestServer(() => ({
    demo: true,
    smtpUrl: smtp.url,
    mail: { ...QUICK, ratePerSecond: 5 },
  }));

  it('sends no more than that many a second, and every message once', async () => {
    const started = Date.now();
    const ids = await enqueueTestMessages(s.db, 12, { to: { address: 'paced@example.org' } });
    const got = await smtp.waitForCount(12, (m) => m.to.includes('paced@example.org'), 20_000);
    // 12 at 5 a second: the first five at once, the next five a second later, the last two a second
    // after that (a lower bound only: a slow machine may take longer, never less).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(12);
    await eventually('every row sent', async () =>
      (await messageRows(s.db, ids)).every((r) => r.status === 'sent'),
    );
  });
});

describe('the sender, after a restart', () => {
  let server: TestServer | null = null;
  afterAll(async () => server?.stop());

  it('delivers, once, what was still waiting when the server stopped', async () => {
    // A mail server that is not there: the message waits between tries.
    const down = await startSmtp();
    await down.stop();
    server = await startServer({ demo: true, smtpUrl: down.url, mail: QUICK });
    const [id] = await enqueueTestMessages(server.db, 1, { to: { address: 'restart@example.org' } });
    await eventually('a failed try', async () => (await messageRows(server!.db, [id!]))[0]!.attempts >= 1);
    const dir = server.dir;
    await server.stop(false);
    expect(
      (
        await messageRows(
          (server = await startServer({ dir, demo: false, smtpUrl: smtp.url, mail: QUICK })).db,
          [id!],
        )
      )[0]!.status,
    ).toBe('pending');
    const mail = await smtp.waitForMail((m) => m.to.includes('restart@example.org'), 5_000);
    await eventually(
      'the row marked sent',
      async () => (await messageRows(server!.db, [id!]))[0]?.status === 'sent',
    );
    expect(smtp.mails.filter((m) => m.messageId === mail.messageId)).toHaveLength(1);
  });
});

describe('the sender, without a mail server', () => {
  const { s } = useTestServer({ demo: true, mail: QUICK });

  it('keeps each message as "not sent: no mail server configured"', async () => {
    const [id] = await enqueueTestMessages(s.db, 1, { to: { address: 'kept@example.org' } });
    await eventually(
      'the row marked unsent',
      async () => (await messageRows(s.db, [id!]))[0]?.status === 'unsent',
    );
    const [row] = await messageRows(s.db, [id!]);
    expect(row).toMatchObject({ status: 'unsent', last_error: NO_MAIL_SERVER, sent_at: null });
  });
});
