import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/** A message as a person's mail program shows it. */
export interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on a free local port that keeps what arrives: a test points
 * PROMENADE_SMTP_URL at `url` and reads the messages as the dancers would get them.
 */
export async function startMailbox(): Promise<{
  url: string;
  received: Received[];
  /** The messages to `address` that arrived so far, in order of arrival. */
  to: (address: string) => Received[];
  stop: () => Promise<void>;
}> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail: ParsedMail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
          a.value.map((v) => (v.address ?? '').toLowerCase()),
        );
        received.push({
          to,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
        });
        done();
      }, done);
    },
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => received.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
