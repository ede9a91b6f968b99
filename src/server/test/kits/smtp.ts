/**
 * A real SMTP server for tests (smtp-server), on a free loopback port: it keeps every message it
 * accepted, parsed (mailparser), so a test reads what a dancer would receive. It can refuse a recipient
 * for good (550), hold its answer to DATA (a slow server, to kill a sender mid-send), and be stopped and
 * started again on the same port (a mail server down, then back).
 *
 * A message counts as accepted only when the server answers "250" to its DATA: one whose sender went
 * away before that answer is dropped, as a real server drops it (the sender never learnt it arrived).
 */
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';
import { freePort } from '../pgCluster.ts';

export interface CapturedMail {
  messageId: string;
  from: string;
  /** The envelope's recipients (RCPT TO), lower case. */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Every header, names in lower case (`list-unsubscribe`…), as text. */
  headers: Record<string, string>;
}

export interface TestSmtp {
  port: number;
  /** PROMENADE_SMTP_URL for this server (with a user and password it takes any of). */
  url: string;
  /** Every accepted message, in the order accepted. */
  readonly mails: CapturedMail[];
  /** The first accepted message (already here or still to come) that `match` takes; fails after `timeoutMs`. */
  waitForMail: (match?: (m: CapturedMail) => boolean, timeoutMs?: number) => Promise<CapturedMail>;
  /** Resolves once `n` accepted messages match `match`. */
  waitForCount: (
    n: number,
    match?: (m: CapturedMail) => boolean,
    timeoutMs?: number,
  ) => Promise<CapturedMail[]>;
  /** RCPT TO this address is refused: for good (`550 5.1.1 <answer>`), or "not now" with a 4xx `code`. */
  refuse: (address: string, answer?: string, code?: number) => void;
  /** Takes this address again after `refuse`. */
  accept: (address: string) => void;
  /** Answers each DATA only after `ms` (0: at once); `dataStarted` counts messages whose DATA arrived. */
  delayData: (ms: number) => void;
  readonly dataStarted: number;
  /** Stops listening and drops every connection. */
  stop: () => Promise<void>;
  /** Listens again on the same port. */
  start: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What `parse: false` keeps of a message: its Message-ID, envelope and raw headers' Subject; no body.
 * Parsing every message whole (mailparser) costs a test server several times what sending it costs:
 * a throughput measurement counts arrivals this way.
 */
function headersOnly(raw: Buffer, session: SMTPServerSession): CapturedMail {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw
    .subarray(0, end < 0 ? raw.length : end)
    .toString('utf8')
    .replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return {
    messageId: headers['message-id'] ?? '',
    from: headers.from ?? '',
    to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
    subject: headers.subject ?? '',
    text: '',
    html: null,
    headers,
  };
}

/**
 * Starts a test SMTP server; stop it in afterAll. `parse: false` keeps only each message's headers
 * (for counting thousands of arrivals).
 */
export async function startSmtp(opts: { port?: number; parse?: boolean } = {}): Promise<TestSmtp> {
  const parse = opts.parse ?? true;
  const port = opts.port ?? (await freePort());
  const mails: CapturedMail[] = [];
  const refused = new Map<string, { answer: string; code: number }>();
  const closed = new Set<string>();
  const waiters = new Set<() => void>();
  let delay = 0;
  let dataStarted = 0;
  let server: SMTPServer | null = null;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 100,
      onAuth: (auth, _session, done) => done(null, { user: auth.username ?? 'test' }),
      onRcptTo: (address, _session, done) => {
        const refusal = refused.get(address.address.toLowerCase());
        if (refusal === undefined) return done();
        return done(Object.assign(new Error(refusal.answer), { responseCode: refusal.code }));
      },
      onData: (stream, session: SMTPServerSession, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          dataStarted++;
          void (async () => {
            if (delay > 0) await sleep(delay);
            if (closed.has(session.id)) return done(new Error('the client went away'));
            const raw = Buffer.concat(chunks);
            if (!parse) {
              mails.push(headersOnly(raw, session));
              for (const w of [...waiters]) w();
              return done();
            }
            const parsed = await simpleParser(raw);
            const headers: Record<string, string> = {};
            for (const line of parsed.headerLines) {
              const at = line.line.indexOf(':');
              headers[line.key] = line.line.slice(at + 1).trim();
            }
            const from = parsed.from as AddressObject | undefined;
            mails.push({
              messageId: parsed.messageId ?? '',
              from: from?.text ?? '',
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              headers,
            });
            for (const w of [...waiters]) w();
            done();
          })().catch((err: unknown) => done(err as Error));
        });
      },
      onClose: (session) => {
        closed.add(session.id);
      },
    });

  const start = async () => {
    server = make();
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
  };
  const stop = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  const waitForCount = (n: number, match: (m: CapturedMail) => boolean = () => true, timeoutMs = 10_000) =>
    new Promise<CapturedMail[]>((resolve, reject) => {
      const check = () => {
        const found = mails.filter(match);
        if (found.length < n) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(`waited ${timeoutMs} ms for ${n} message(s); ${mails.filter(match).length} arrived`),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  await start();
  return {
    port,
    url: `smtp://promenade:secret@127.0.0.1:${port}`,
    mails,
    waitForMail: async (match, timeoutMs) => (await waitForCount(1, match, timeoutMs))[0]!,
    waitForCount,
    refuse: (address, answer = '5.1.1 Mailbox unknown', code = 550) =>
      void refused.set(address.toLowerCase(), { answer, code }),
    accept: (address) => void refused.delete(address.toLowerCase()),
    delayData: (ms) => void (delay = ms),
    get dataStarted() {
      return dataStarted;
    },
    stop,
    start,
  };
}
