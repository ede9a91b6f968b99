import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Db } from '../http/db.ts';
import type { FeedTopic } from '../../domain/schemas/competition.ts';
import { PublicPulse } from './pulse.ts';

export interface Change {
  id: number;
  /** How many public changes the competition had up to this one: the public stream's numbering. */
  publicSeq: number;
  competitionId: number;
  topic: FeedTopic;
  /** Only staff hear of it, whatever its topic: an unposted result computed, approved or withdrawn. */
  staffOnly: boolean;
}

/** Topics the public may receive; `marks` of unposted rounds is staff-only (architecture.md). */
export const PUBLIC_TOPICS: ReadonlySet<FeedTopic> = new Set([
  'competition',
  'events',
  'schedule',
  'results',
  'settings',
]);

/** Whether public streams carry the change: a public topic, and not one only staff may hear of. */
export const isPublicChange = (c: Pick<Change, 'topic' | 'staffOnly'>): boolean =>
  PUBLIC_TOPICS.has(c.topic) && !c.staffOnly;

/**
 * The two streams a client may follow. `staff` (those who may see unposted marks) carries every change
 * numbered by its id, written `s<id>`; `public` carries the public topics numbered 1, 2, 3 … per
 * competition, so its numbers reveal nothing of the staff-only changes between them.
 */
export type FeedView = 'staff' | 'public';

/** A place in one of the streams, as a client's Last-Event-ID names it. */
export interface FeedPosition {
  view: FeedView;
  n: number;
}

/** The place in its stream of a change. */
export const numberIn = (view: FeedView, c: Pick<Change, 'id' | 'publicSeq'>): number =>
  view === 'staff' ? c.id : c.publicSeq;

/** The SSE `id:` of a place: `s<id>` on the staff stream, the bare number on the public one. */
export const eventIdOf = (p: FeedPosition): string => (p.view === 'staff' ? `s${p.n}` : String(p.n));

/** A Last-Event-ID of ours: a public number, or `s` and a staff one. */
export const EVENT_ID = /^(s?)(\d{1,15})$/;

/** A Last-Event-ID as a place in a stream; undefined when it is not one of ours. */
export function parseEventId(text: string | undefined): FeedPosition | undefined {
  const m = EVENT_ID.exec(text ?? '');
  return m ? { view: m[1] ? 'staff' : 'public', n: Number(m[2]) } : undefined;
}

/** The public topics as a list (a query's `in`, a publish of every one). */
export const PUBLIC_TOPIC_LIST: readonly FeedTopic[] = [...PUBLIC_TOPICS];

/** How many changes per competition are kept for Last-Event-ID resume. */
const KEEP = 2000;

/**
 * How changes travel from the instance that committed them to every subscriber. In-process (one server
 * on SQLite) by default; with PostgreSQL, LISTEN/NOTIFY to every instance (`pgBus.ts`).
 */
export interface FeedBus {
  /**
   * Stores one change with `write` (which numbers it) and delivers it to every subscriber. Changes of
   * one competition must reach subscribers in the order of their numbers (a stream skips any number
   * below one it sent). Resolves once this instance's subscribers have it.
   */
  publish(competitionId: number, write: (db: Db) => Promise<Change>): Promise<void>;
  subscribe(listener: (c: Change) => void): () => void;
}

/** One process: the change is numbered and stored, then handed to its subscribers at once. */
export class LocalBus implements FeedBus {
  private readonly emitter = new EventEmitter();

  constructor(private readonly db: DB) {
    this.emitter.setMaxListeners(0);
  }

  async publish(_competitionId: number, write: (db: Db) => Promise<Change>): Promise<void> {
    this.emitter.emit('change', await write(this.db));
  }

  subscribe(listener: (c: Change) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}

/**
 * The one way command handlers announce a change. The `bus` carries it to subscribers: in-process, or
 * PostgreSQL LISTEN/NOTIFY when several instances share a database, without touching any handler.
 */
export class ChangeFeed {
  private writes = 0;
  /** Public changes as public streams and the read cache follow them: gathered during a burst. */
  readonly pulse: PublicPulse;
  private readonly stopPulse: () => void;

  /** `publicPulseMs`: at most one public notice per competition this often (pulse.ts); 0: every change. */
  constructor(
    private readonly db: DB,
    readonly bus: FeedBus = new LocalBus(db),
    publicPulseMs = 0,
  ) {
    this.pulse = new PublicPulse(publicPulseMs);
    // Every change the bus delivers, this instance's or another's (PostgreSQL).
    this.stopPulse = bus.subscribe((c) => this.pulse.push([c]));
  }

  close(): void {
    this.stopPulse();
    this.pulse.close();
  }

  /** Call after the command's transaction committed. */
  async publish(competitionId: number, ...topics: FeedTopic[]): Promise<void> {
    await this.write(competitionId, topics, false);
  }

  /**
   * Changes only staff may hear of, whatever their topics (an unposted result computed, approved or
   * withdrawn): staff streams carry them, public streams and the public read cache never see them.
   */
  async publishToStaff(competitionId: number, ...topics: FeedTopic[]): Promise<void> {
    await this.write(competitionId, topics, true);
  }

  private async write(
    competitionId: number,
    topics: readonly FeedTopic[],
    staffOnly: boolean,
  ): Promise<void> {
    for (const topic of new Set(topics)) {
      const step = isPublicChange({ topic, staffOnly }) ? 1 : 0;
      await this.bus.publish(competitionId, async (db) => {
        const row = await db
          .insertInto('change_feed')
          .values({
            competition_id: competitionId,
            topic,
            at: new Date().toISOString(),
            staff_only: staffOnly ? 1 : 0,
            // Counted in the insert itself, so two changes never share a public number. The newest
            // change is never pruned, so the count survives pruning.
            public_seq: sql<number>`(select coalesce(max(public_seq), 0) + ${step} from change_feed where competition_id = ${competitionId})`,
          })
          .returning(['id', 'public_seq'])
          .executeTakeFirstOrThrow();
        return { id: row.id, publicSeq: row.public_seq, competitionId, topic, staffOnly } satisfies Change;
      });
    }
    if (++this.writes % 500 === 0) await this.prune(competitionId);
  }

  subscribe(listener: (c: Change) => void): () => void {
    return this.bus.subscribe(listener);
  }

  /**
   * The changes of `view` after `from`, or null when they are no longer all kept, or `from` is not a
   * place this feed knows (the client must refetch). A place in the other stream (the session changed
   * while the browser reconnected) is translated first.
   */
  async since(competitionId: number, from: FeedPosition, view: FeedView): Promise<Change[] | null> {
    const after = await this.translate(competitionId, from, view);
    if (after === null || after > (await this.latest(competitionId, view))) return null;
    const oldest = await this.db
      .selectFrom('change_feed')
      .select(['id', 'topic', 'public_seq', 'staff_only'])
      .where('competition_id', '=', competitionId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    let rows = this.db
      .selectFrom('change_feed')
      .select(['id', 'topic', 'public_seq', 'staff_only'])
      .where('competition_id', '=', competitionId);
    rows =
      view === 'staff'
        ? rows.where('id', '>', after).orderBy('id')
        : rows
            .where('public_seq', '>', after)
            .where('topic', 'in', PUBLIC_TOPIC_LIST)
            .where('staff_only', '=', 0)
            .orderBy('public_seq');
    const missed = await rows.limit(KEEP).execute();
    if (oldest) {
      // Every change before the oldest kept one is gone: the client must not need any of them.
      const publicBefore =
        oldest.public_seq -
        (isPublicChange({ topic: oldest.topic as FeedTopic, staffOnly: oldest.staff_only === 1 }) ? 1 : 0);
      if (view === 'staff' ? after + 1 < oldest.id : after < publicBefore) return null;
    }
    return missed.map((r) => ({
      id: r.id,
      publicSeq: r.public_seq,
      competitionId,
      topic: r.topic as FeedTopic,
      staffOnly: r.staff_only === 1,
    }));
  }

  /** The newest place in `view` (0 before any change). */
  async latest(competitionId: number, view: FeedView): Promise<number> {
    const r = await this.db
      .selectFrom('change_feed')
      .select((eb) => eb.fn.max(view === 'staff' ? 'id' : 'public_seq').as('max'))
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    return Number(r?.max ?? 0);
  }

  /** `from` as a place in `view`, or null when that cannot be known any more. */
  private async translate(competitionId: number, from: FeedPosition, view: FeedView): Promise<number | null> {
    if (from.view === view) return from.n;
    const base = this.db.selectFrom('change_feed').where('competition_id', '=', competitionId);
    if (view === 'public') {
      // The public count as of the staff place: that of the newest change at or before it.
      const r = await base
        .select('public_seq')
        .where('id', '<=', from.n)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r ? r.public_seq : null;
    }
    if (from.n === 0) return 0;
    // The staff place of the last public change the client had.
    const r = await base
      .select('id')
      .where('public_seq', '=', from.n)
      .where('topic', 'in', PUBLIC_TOPIC_LIST)
      .where('staff_only', '=', 0)
      .executeTakeFirst();
    return r ? r.id : null;
  }

  private async prune(competitionId: number): Promise<void> {
    const cut = (await this.latest(competitionId, 'staff')) - KEEP;
    if (cut > 0)
      await this.db
        .deleteFrom('change_feed')
        .where('competition_id', '=', competitionId)
        .where('id', '<', cut)
        .execute();
  }
}
