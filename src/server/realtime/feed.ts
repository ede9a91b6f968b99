import { EventEmitter } from 'node:events';
import type { DB } from '../db/index.ts';
import type { FeedTopic } from '../../domain/schemas/competition.ts';

export interface Change {
  id: number;
  competitionId: number;
  topic: FeedTopic;
}

/** Topics the public may receive; `marks` of unposted rounds is staff-only (architecture.md). */
export const PUBLIC_TOPICS: ReadonlySet<FeedTopic> = new Set([
  'competition',
  'events',
  'schedule',
  'results',
  'settings',
]);

/** How many changes per competition are kept for Last-Event-ID resume. */
const KEEP = 2000;

/**
 * The one way command handlers announce a change. In-process today; a PostgreSQL LISTEN/NOTIFY
 * implementation can replace `bus` without touching any handler.
 */
export class ChangeFeed {
  private readonly bus = new EventEmitter();
  private writes = 0;

  constructor(private readonly db: DB) {
    this.bus.setMaxListeners(0);
  }

  /** Call after the command's transaction committed. */
  async publish(competitionId: number, ...topics: FeedTopic[]): Promise<void> {
    for (const topic of new Set(topics)) {
      const row = await this.db
        .insertInto('change_feed')
        .values({ competition_id: competitionId, topic, at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      this.bus.emit('change', { id: row.id, competitionId, topic } satisfies Change);
    }
    if (++this.writes % 500 === 0) await this.prune(competitionId);
  }

  subscribe(listener: (c: Change) => void): () => void {
    this.bus.on('change', listener);
    return () => this.bus.off('change', listener);
  }

  /** Changes after `afterId`, or null when they are no longer all kept (the client must refetch). */
  async since(competitionId: number, afterId: number): Promise<Change[] | null> {
    const oldest = await this.db
      .selectFrom('change_feed')
      .select((eb) => eb.fn.min('id').as('min'))
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    const rows = await this.db
      .selectFrom('change_feed')
      .select(['id', 'topic'])
      .where('competition_id', '=', competitionId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(KEEP)
      .execute();
    const min = oldest?.min ?? null;
    if (min !== null && afterId + 1 < Number(min) && rows.length > 0) return null;
    return rows.map((r) => ({ id: r.id, competitionId, topic: r.topic as FeedTopic }));
  }

  async latestId(competitionId: number): Promise<number> {
    const r = await this.db
      .selectFrom('change_feed')
      .select((eb) => eb.fn.max('id').as('max'))
      .where('competition_id', '=', competitionId)
      .executeTakeFirst();
    return Number(r?.max ?? 0);
  }

  private async prune(competitionId: number): Promise<void> {
    const cut = (await this.latestId(competitionId)) - KEEP;
    if (cut > 0)
      await this.db
        .deleteFrom('change_feed')
        .where('competition_id', '=', competitionId)
        .where('id', '<', cut)
        .execute();
  }
}
