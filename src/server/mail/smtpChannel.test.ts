import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../test/kits/smtp.ts';
import { SmtpChannel, type MailToSend } from './smtpChannel.ts';

/** The mail thread against a real SMTP server: what it answers, and a thread ended and started again. */
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => smtp.stop());

const mail = (to: string): MailToSend => ({
  from: 'entries@example.org',
  to,
  subject: 'Your entry',
  text: 'Hello',
  messageId: `<${to}.test@example.org>`,
  date: new Date(),
});

const options = (port: number) => ({
  pool: true,
  maxConnections: 2,
  host: '127.0.0.1',
  port,
  secure: false,
  connectionTimeout: 2_000,
  greetingTimeout: 2_000,
  socketTimeout: 5_000,
});

describe('the mail thread', () => {
  it('sends through the thread, and sends again after it was closed (a new thread)', async () => {
    const channel = new SmtpChannel(options(smtp.port));
    await channel.send(mail('first@example.org'));
    await channel.close();
    await channel.send(mail('second@example.org'));
    await channel.close();
    const got = await smtp.waitForCount(2, (m) => /(first|second)@example\.org/.test(m.to.join()), 5_000);
    expect(got.map((m) => m.to[0]).sort()).toEqual(['first@example.org', 'second@example.org']);
  });

  it("brings back the server's refusal with its code, and an unreachable server's error", async () => {
    const channel = new SmtpChannel(options(smtp.port));
    smtp.refuse('gone@example.org', '5.1.1 User unknown');
    await expect(channel.send(mail('gone@example.org'))).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining('User unknown'),
    });
    await channel.close();

    const nowhere = new SmtpChannel(options(1));
    await expect(nowhere.send(mail('nowhere@example.org'))).rejects.toMatchObject({
      code: expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/),
      message: expect.any(String),
    });
    await nowhere.close();
  });
});
