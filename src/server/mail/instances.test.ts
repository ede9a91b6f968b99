import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startServer, useTestServer, type TestServer } from '../test/harness.ts';
import { startSmtp, type TestSmtp } from '../test/kits/smtp.ts';
import { enqueueTestMessages, eventually, messageRows } from '../test/kits/outbox.ts';
import { freePort } from '../test/pgCluster.ts';

const QUICK = { pollMs: 50, firstBackoffMs: 100, maxBackoffMs: 400, jitterMs: 50 };
const SMTP_PORT = await freePort();
const SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp({ port: SMTP_PORT });
});
afterAll(async () => smtp.stop());

describe('claims', () => {
  const { s } = useTestServer({ smtpUrl: SMTP_URL, mail: QUICK });

  it("leaves a message another sender holds until that sender's lease runs out", async () => {
    const [id] = await enqueueTestMessages(s.db, 1, { to: { address: 'held@example.org' } });
    // Claimed by a sender that then died, its lease still running: at once, before ours looks.
    await s.db
      .updateTable('messages')
      .set({ claimed_by: 'elsewhere:1', claimed_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', id!)
      .execute();
    await new Promise((r) => setTimeout(r, 400));
    // Our sender may have claimed it in the instant before; then it was sent once, which is fine too.
    const [held] = await messageRows(s.db, [id!]);
    if (held!.status === 'pending') {
      expect(smtp.mails.some((m) => m.to.includes('held@example.org'))).toBe(false);
      await s.db
        .updateTable('messages')
        .set({ claimed_until: new Date(Date.now() - 1).toISOString() })
        .where('id', '=', id!)
        .execute();
    }
    await smtp.waitForMail((m) => m.to.includes('held@example.org'), 5_000);
    await eventually('sent', async () => (await messageRows(s.db, [id!]))[0]!.status === 'sent');
    expect(smtp.mails.filter((m) => m.to.includes('held@example.org'))).toHaveLength(1);
  });
});

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer({ smtpUrl: SMTP_URL, mail: QUICK });
    b = await startServer({ dir: a.dir, demo: false, smtpUrl: SMTP_URL, mail: QUICK });
  });
  afterAll(async () => {
    await b?.stop(false);
    await a?.stop();
  });

  it('each message is claimed by one of them and delivered once', async () => {
    expect(a.app.mail.instance).not.toBe(b.app.mail.instance);
    // A slow mail server: both instances have messages on their way at the same time.
    smtp.delayData(30);
    try {
      const ids = await enqueueTestMessages(a.db, 80, { to: { address: 'both@example.org' } });
      const got = await smtp.waitForCount(80, (m) => m.to.includes('both@example.org'), 30_000);
      await eventually('every row sent', async () =>
        (await messageRows(a.db, ids)).every((r) => r.status === 'sent'),
      );
      await new Promise((r) => setTimeout(r, 500));
      const arrived = smtp.mails.filter((m) => m.to.includes('both@example.org'));
      expect(arrived).toHaveLength(80);
      expect(new Set(got.map((m) => m.messageId)).size).toBe(80);
      // Both took part: the sender of each message is kept on its row.
      const senders = new Set((await messageRows(a.db, ids)).map((r) => r.claimed_by));
      expect(senders).toEqual(new Set([a.app.mail.instance, b.app.mail.instance]));
      // One try each: no message was claimed twice.
      expect((await messageRows(a.db, ids)).every((r) => r.attempts === 1)).toBe(true);
    } finally {
      smtp.delayData(0);
    }
  });
});
