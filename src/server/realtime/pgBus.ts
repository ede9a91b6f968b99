/**
 * The change feed across instances: every change is stored in `change_feed` (still the
 * source of truth for Last-Event-ID replay) and announced with PostgreSQL NOTIFY in the same
 * transaction; every instance LISTENs on one connection of its own and hands what arrives to its
 * subscribers (SSE streams, the read cache). The publishing instance hears its own changes the same
 * way, so one order holds everywhere.
 *
 * Order: a stream skips any number at or below the last it sent (follow.ts), so the changes of one
 * competition must arrive in the order of their numbers. Ids come from a sequence, and two
 * transactions may commit in the other order than they took their ids; so a change is numbered and
 * committed under a per-competition advisory lock, and NOTIFY delivers in commit order.
 *
 * A lost LISTEN connection is reopened; the changes committed meanwhile are read from `change_feed`
 * and delivered then, in order, so no subscriber misses one.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import { pgTypes } from '../db/dialect.ts';
import type { Db } from '../http/db.ts';
import type { FeedTopic } from '../../domain/schemas/competition.ts';
import type { Change, FeedBus } from './feed.ts';

export const CHANNEL = 'promenade_feed';
/** The advisory-lock namespace of change numbering ('PROM'); the second key is the competition. */
const LOCK_NAMESPACE = 0x50524f4d;
/** How long `publish` waits to hear its own change before going on (the change is stored anyway). */
const ECHO_WAIT_MS = 2000;
/** A reconnecting instance re-reads at least this many of the newest changes (commits arrive out of id order across competitions). */
const CATCH_UP_WINDOW = 1000;

export type FeedState = 'listening' | 'connecting' | 'reconnecting' | 'closed';

interface Log {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
}

function parse(payload: string | undefined): Change | null {
  try {
    const c = JSON.parse(payload ?? '') as Partial<Change>;
    if (
      typeof c.id === 'number' &&
      typeof c.publicSeq === 'number' &&
      typeof c.competitionId === 'number' &&
      typeof c.topic === 'string'
    )
      return {
        id: c.id,
        publicSeq: c.publicSeq,
        competitionId: c.competitionId,
        topic: c.topic,
        staffOnly: c.staffOnly === true,
      };
  } catch {
    /* not ours */
  }
  return null;
}

export class PgNotifyBus implements FeedBus {
  private readonly emitter = new EventEmitter();
  private client: pg.Client | null = null;
  private state_: FeedState = 'connecting';
  /** The newest change delivered per competition: nothing at or below it is delivered again. */
  private readonly delivered = new Map<number, number>();
  /** Changes of competitions not yet seen are delivered only above this (the newest id at start). */
  private floor = 0;
  /** The highest id delivered, any competition: where a catch-up starts (minus the window). */
  private highest = 0;
  /** Own publishes waiting to hear their change: id → resolve. */
  private readonly echoes = new Map<number, () => void>();
  private retryMs = 250;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DB,
    private readonly url: string,
    private readonly log?: Log,
  ) {
    this.emitter.setMaxListeners(0);
  }

  get state(): FeedState {
    return this.state_;
  }

  /** Opens the LISTEN connection; resolves once listening (throws when PostgreSQL cannot be reached). */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.state_ = 'closed';
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    for (const resolve of this.echoes.values()) resolve();
    this.echoes.clear();
    await client?.end().catch(() => {});
  }

  async publish(competitionId: number, write: (db: Db) => Promise<Change>): Promise<void> {
    const change = await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${competitionId})`.execute(trx);
      const c = await write(trx);
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(c)})`.execute(trx);
      return c;
    });
    if (this.state_ !== 'listening' || this.isDelivered(change)) return;
    // Resolve once this instance's subscribers have it: a read right after the command sees its change
    // (the read cache is emptied by it), as with one process.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ECHO_WAIT_MS);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.echoes.set(change.id, done);
    });
    this.echoes.delete(change.id);
  }

  subscribe(listener: (c: Change) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  private isDelivered(c: Change): boolean {
    return c.id <= (this.delivered.get(c.competitionId) ?? this.floor);
  }

  private deliver(c: Change): void {
    if (!this.isDelivered(c)) {
      this.delivered.set(c.competitionId, c.id);
      if (c.id > this.highest) this.highest = c.id;
      this.emitter.emit('change', c);
    }
    this.echoes.get(c.id)?.();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, types: pgTypes });
    client.on('notification', (msg) => {
      const c = msg.channel === CHANNEL ? parse(msg.payload) : null;
      if (c) this.deliver(c);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.lost(err);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    try {
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.state_ === 'closed') {
      await client.end().catch(() => {});
      return;
    }
    const first = this.state_ === 'connecting';
    this.client = client;
    if (first) {
      // Listening before reading the newest id: anything committed after it is heard.
      const r = await sql<{ max: number | null }>`select max(id) as max from change_feed`.execute(this.db);
      this.floor = this.highest = Number(r.rows[0]?.max ?? 0);
    } else await this.catchUp();
    this.state_ = 'listening';
    this.retryMs = 250;
  }

  /** What was committed while the connection was down, from the table, in order. */
  private async catchUp(): Promise<void> {
    const rows = await this.db
      .selectFrom('change_feed')
      .select(['id', 'public_seq', 'competition_id', 'topic', 'staff_only'])
      .where('id', '>', Math.max(0, this.highest - CATCH_UP_WINDOW))
      .orderBy('id')
      .execute();
    for (const r of rows)
      this.deliver({
        id: r.id,
        publicSeq: r.public_seq,
        competitionId: r.competition_id,
        topic: r.topic as FeedTopic,
        staffOnly: r.staff_only === 1,
      });
  }

  private lost(err?: Error): void {
    if (this.state_ === 'closed') return;
    this.state_ = 'reconnecting';
    this.log?.warn(
      { err: err?.message },
      'change feed: the LISTEN connection to PostgreSQL was lost; reconnecting',
    );
    // Nobody waits for an echo that may never come: their changes are delivered on reconnect.
    for (const resolve of this.echoes.values()) resolve();
    this.echoes.clear();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.retryTimer || this.state_ === 'closed') return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().then(
        () => this.log?.info({}, 'change feed: listening again'),
        () => {
          this.retryMs = Math.min(this.retryMs * 2, 5000);
          this.scheduleReconnect();
        },
      );
    }, this.retryMs);
  }
}
