/**
 * The sender: delivers what `enqueueMessage` (outbox.ts) wrote, over SMTP, and records each outcome on
 * the message's row. See docs/messages.md for the whole design; in short:
 *
 * - It claims due messages (status 'pending', next_attempt_at passed, no live claim) a few at a time in
 *   one UPDATE … RETURNING, marking each with this instance and a lease (`claimed_until`). On
 *   PostgreSQL the rows are picked FOR UPDATE SKIP LOCKED, so instances sharing the database claim
 *   disjoint messages; SQLite has one writer and one server per file.
 * - It sends each claimed message at once on a pooled connection, in the mail thread (smtpChannel.ts),
 *   and writes the outcome soon after the server answered, many outcomes to a transaction: 'sent' with
 *   sent_at, a later try (backoff), or 'failed' with the server's answer (retry.ts decides which).
 * - Each message carries a Message-ID made of its id and the installation, so the one unavoidable
 *   duplicate (killed between the server's "250 accepted" and that write) is recognisable as the same
 *   message by the receiving side.
 * - Without a mail server configured, due messages become 'unsent' ("not sent: no mail server
 *   configured"): kept, and shown to the organizer as what would have gone out.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import { isPostgres } from '../db/dialect.ts';
import type { MessagesTable } from '../db/schema.ts';
import type { Selectable, Updateable } from 'kysely';
import { DEFAULT_MAIL_RATE, formatFrom, type MailFrom, type SmtpServer } from './config.ts';
import { afterFailure, DEFAULT_RETRY, type RetryPolicy, type SendFailure } from './retry.ts';
import { SmtpChannel } from './smtpChannel.ts';

export const NO_MAIL_SERVER = 'not sent: no mail server configured';

export interface SenderOptions extends RetryPolicy {
  /** How often due messages are looked for when nothing woke the sender (commands wake it at once). */
  pollMs: number;
  /** How long a claim holds a message: past it, another sender may take the message. */
  leaseMs: number;
  /** Messages on their way at once: the SMTP connections of the pool. */
  connections: number;
  /** Waits on the SMTP server (connect, greeting, any one answer); a claim outlives them all. */
  connectTimeoutMs: number;
  answerTimeoutMs: number;
  /**
   * How long an outcome may wait for others to share its write. On SQLite each commit is a flush to
   * disk that holds the event loop: written one by one, 6,000 deliveries were 6,000 flushes in the
   * middle of the visitors' reads. Past the server's answer, this is also how long a kill could make
   * a delivered message go out again (at least once, docs/messages.md).
   */
  outcomeDelayMs: number;
  /** Messages a second at most (PROMENADE_MAIL_RATE, mail/config.ts). */
  ratePerSecond: number;
}

export const DEFAULT_SENDER: SenderOptions = {
  ...DEFAULT_RETRY,
  pollMs: 500,
  // A claimed message may wait behind one other on its connection: two slow sends (each at most
  // connect + greeting + an answer, about 40 s) fit in the lease, so no other instance takes it meanwhile.
  leaseMs: 120_000,
  // Ten connections to the local test server delivered about 160 messages a second on a busy 2-core
  // machine (five: about 110); most providers allow ten at once.
  connections: 10,
  connectTimeoutMs: 10_000,
  answerTimeoutMs: 20_000,
  outcomeDelayMs: 100,
  ratePerSecond: DEFAULT_MAIL_RATE,
};

/** Outcomes written in one transaction at most; this many waiting are written without the delay. */
const OUTCOMES_PER_WRITE = 200;
const OUTCOMES_WRITTEN_AT_ONCE = 50;

type MessageRow = Selectable<MessagesTable>;

interface PendingOutcome {
  id: number;
  /** Written only while this instance's claim holds (a failure); a delivery is written regardless. */
  mine: boolean;
  set: Updateable<MessagesTable>;
}

export interface SenderSetup {
  db: DB;
  smtp: SmtpServer | null;
  from: MailFrom;
  /** Distinguishes this installation's Message-IDs (derived from its secret: the same on every instance). */
  installationTag: string;
  log: FastifyBaseLogger;
  options?: Partial<SenderOptions>;
}

export class Sender {
  /** This process's name on its claims. */
  readonly instance = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly opts: SenderOptions;
  private readonly transport: SmtpChannel | null;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private readonly outcomes: PendingOutcome[] = [];
  private recording: Promise<void> | null = null;
  private outcomeTimer: NodeJS.Timeout | null = null;
  /** The current second of sending (performance.now()) and how many went in it. */
  private second = { start: 0, sent: 0 };
  private again = false;
  private stopped = false;
  private readonly domain: string;

  constructor(private readonly setup: SenderSetup) {
    this.opts = { ...DEFAULT_SENDER, ...setup.options };
    this.domain = setup.from.address.split('@')[1] ?? 'localhost';
    this.transport = setup.smtp ? new SmtpChannel(transportOptions(setup.smtp, this.opts)) : null;
  }

  /** Who messages come from, as the From header says it. */
  get from(): string {
    return formatFrom(this.setup.from);
  }

  /** Whether a mail server is configured (else messages become 'unsent'). */
  get configured(): boolean {
    return this.transport !== null;
  }

  /**
   * Starts delivering. On SQLite this server is the file's only one, so a claim still held is one a
   * killed process left: it is let go at once instead of after its lease.
   */
  async start(): Promise<void> {
    if (!isPostgres(this.setup.db))
      await this.setup.db
        .updateTable('messages')
        .set({ claimed_by: null, claimed_until: null })
        .where('status', '=', 'pending')
        .where('claimed_by', 'is not', null)
        .execute();
    this.wake();
  }

  /** Looks for due messages now (a command just wrote one); otherwise they are found within `pollMs`. */
  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pumping = this.pump()
      .catch((err: unknown) => this.setup.log.error({ err }, 'mail: looking for due messages failed'))
      .finally(() => {
        this.pumping = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
        } else this.timer = setTimeout(() => this.wake(), this.opts.pollMs);
      });
  }

  /**
   * Stops claiming, lets messages on their way finish (at most `graceMs`), then closes the connections.
   * A message still on its way keeps its claim: the next start (SQLite) or the lease (PostgreSQL) frees it.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.pumping;
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((r) => (grace = setTimeout(r, graceMs))),
    ]);
    clearTimeout(grace);
    await this.writeOutcomesNow();
    await this.transport?.close();
  }

  private async pump(): Promise<void> {
    // A read first: when nothing is due (most of the time) no write is made, so an idle sender takes
    // no write lock (SQLite) and writes no WAL (PostgreSQL) twice a second.
    if (!(await this.anyDue())) return;
    if (!this.transport) {
      await this.markUnsent();
      return;
    }
    // Four messages per connection on their way, so each connection has the next ready when one is
    // answered, but at most two seconds' worth at the set rate, so a claim never waits long for its
    // turn (pace()). Claimed half of that at a time: a claim's write (a flush to disk on SQLite) is
    // shared by many messages.
    const limit = Math.min(this.opts.connections * 4, Math.max(2, this.opts.ratePerSecond * 2));
    const free = limit - this.inFlight.size;
    if (free <= 0 || (free < limit / 2 && this.inFlight.size > 0)) return;
    const claimed = await this.claim(free);
    for (const row of claimed) {
      const sending: Promise<void> = this.deliver(row)
        .catch((err: unknown) =>
          this.setup.log.error({ err, message: row.id }, 'mail: a delivery failed unexpectedly'),
        )
        .finally(() => {
          this.inFlight.delete(sending);
          this.wake();
        });
      this.inFlight.add(sending);
    }
  }

  private async anyDue(): Promise<boolean> {
    const at = new Date().toISOString();
    const due = await this.setup.db
      .selectFrom('messages')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', at)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
      .limit(1)
      .executeTakeFirst();
    return due !== undefined;
  }

  /** Claims up to `n` due messages for this instance, oldest first; each try counts as an attempt. */
  private async claim(n: number): Promise<MessageRow[]> {
    const db = this.setup.db;
    const now = new Date();
    const at = now.toISOString();
    const until = new Date(now.getTime() + this.opts.leaseMs).toISOString();
    const due = db
      .selectFrom('messages')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', at)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
      // Earliest due first, in the order of the index on (status, next_attempt_at): SQLite walks it
      // and stops at n, where `order by id` alone sorted every pending message for each claim (7 ms
      // each with 6,000 waiting, on the event loop).
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(n);
    return (
      db
        .updateTable('messages')
        .set({ claimed_by: this.instance, claimed_until: until, attempts: sql`attempts + 1` })
        // On PostgreSQL the picked ids are taken once, as an array: a plain `IN (subquery … LIMIT n)` may
        // be run again for each row the update meets and so claim more than n.
        .where(
          isPostgres(db)
            ? sql<boolean>`id = any(array(${due.forUpdate().skipLocked()}))`
            : sql<boolean>`id in (${due})`,
        )
        // Checked again on the row itself: what the inner select saw may have changed before the lock.
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
        .returningAll()
        .execute()
    );
  }

  /**
   * Waits for this message's turn: at most `ratePerSecond` in each second. A second's messages go
   * together and the rest of that second is left to the visitors' reads.
   */
  private async pace(): Promise<void> {
    for (;;) {
      const now = performance.now();
      if (now - this.second.start >= 1000) this.second = { start: now, sent: 0 };
      if (this.second.sent < this.opts.ratePerSecond) {
        this.second.sent++;
        return;
      }
      await new Promise((r) => setTimeout(r, this.second.start + 1000 - now));
    }
  }

  private async deliver(row: MessageRow): Promise<void> {
    await this.pace();
    try {
      await this.transport!.send({
        from: formatFrom(this.setup.from),
        to: row.to_name ? { name: row.to_name, address: row.to_address } : row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body !== null && { html: row.html_body }),
        messageId: this.messageId(row.id),
        headers: parseHeaders(row.headers),
        date: new Date(row.created_at),
      });
    } catch (err) {
      const outcome = afterFailure(err as SendFailure, row.attempts, row.created_at, new Date(), this.opts);
      this.setup.log.warn(
        { message: row.id, attempts: row.attempts, status: outcome.status, reason: outcome.lastError },
        'mail: a message was not delivered',
      );
      this.record({
        id: row.id,
        mine: true,
        set: {
          status: outcome.status,
          last_error: outcome.lastError,
          claimed_by: null,
          claimed_until: null,
          ...(outcome.status === 'pending' && { next_attempt_at: outcome.nextAttemptAt }),
        },
      });
      return;
    }
    // The server has it: written within `outcomeDelayMs` with the outcomes that arrive meanwhile (the
    // window in which a kill could make it go out twice), while its connection takes the next message.
    // `claimed_by` stays: who sent it.
    this.record({
      id: row.id,
      mine: false,
      set: { status: 'sent', sent_at: new Date().toISOString(), last_error: null, claimed_until: null },
    });
  }

  /**
   * Queues an outcome for the next write: at once when many are waiting, else after `outcomeDelayMs`,
   * so one commit (one flush to disk) serves many messages.
   */
  private record(outcome: PendingOutcome): void {
    this.outcomes.push(outcome);
    if (this.recording) return; // the write under way takes it next
    if (this.outcomes.length >= OUTCOMES_WRITTEN_AT_ONCE) void this.writeOutcomesNow();
    else this.outcomeTimer ??= setTimeout(() => void this.writeOutcomesNow(), this.opts.outcomeDelayMs);
  }

  /** Writes every waiting outcome (and those that arrive meanwhile); resolves when none is left. */
  private writeOutcomesNow(): Promise<void> {
    if (this.outcomeTimer) clearTimeout(this.outcomeTimer);
    this.outcomeTimer = null;
    this.recording ??= this.writeOutcomes().finally(() => (this.recording = null));
    return this.recording;
  }

  private async writeOutcomes(): Promise<void> {
    while (this.outcomes.length > 0) {
      const batch = this.outcomes.splice(0, OUTCOMES_PER_WRITE);
      try {
        await this.setup.db.transaction().execute(async (trx) => {
          for (const o of batch) {
            let update = trx.updateTable('messages').set(o.set).where('id', '=', o.id);
            // A failure is written only while the claim is still ours; a delivery always is.
            if (o.mine) update = update.where('claimed_by', '=', this.instance);
            else update = update.where('status', '=', 'pending');
            await update.execute();
          }
        });
      } catch (err) {
        // Their claims run out and they are sent again: at least once, never lost.
        this.setup.log.error({ err, messages: batch.map((o) => o.id) }, 'mail: recording outcomes failed');
      }
    }
  }

  private async markUnsent(): Promise<void> {
    await this.setup.db
      .updateTable('messages')
      .set({ status: 'unsent', last_error: NO_MAIL_SERVER, claimed_by: null, claimed_until: null })
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', new Date().toISOString())
      .execute();
  }

  /** The same for a message wherever and however often it is sent: a duplicate is recognisable. */
  messageId(id: number): string {
    return `<message.${id}.${this.setup.installationTag}@${this.domain}>`;
  }
}

/** A short stable tag of the installation from a value derived from its secret. */
export function installationTag(derived: string): string {
  return createHash('sha256').update(derived).digest('hex').slice(0, 16);
}

function parseHeaders(json: string | null): Record<string, string> | undefined {
  if (!json) return undefined;
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!parsed || typeof parsed !== 'object') return undefined;
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
  } catch {
    return undefined;
  }
}

/** nodemailer's options for the pool (plain data: the mail thread builds the transport). */
function transportOptions(smtp: SmtpServer, opts: SenderOptions): Record<string, unknown> {
  const u = new URL(smtp.url);
  const user = decodeURIComponent(u.username);
  return {
    pool: true,
    maxConnections: opts.connections,
    // Each connection sends many messages in a row: 3,000 confirmations need no 3,000 handshakes.
    maxMessages: 500,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(user && { auth: { user, pass: decodeURIComponent(u.password) } }),
    ...(u.searchParams.get('tls.rejectUnauthorized') === 'false' && { tls: { rejectUnauthorized: false } }),
    connectionTimeout: opts.connectTimeoutMs,
    greetingTimeout: opts.connectTimeoutMs,
    socketTimeout: opts.answerTimeoutMs,
  };
}
