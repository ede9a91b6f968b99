/**
 * Public changes of entries and the competition, at most one notice per competition every `intervalMs`
 * (issue 15). During a registration flood every registration changes `events`: announced one by one,
 * each spectator's phone refetched every event with every entry (1.4 MB at 3,000 couples) hundreds of
 * times a second, and the server rebuilt it for each. Such a change after a quiet spell is announced at
 * once; those following it within `intervalMs` are gathered and announced together (the newest of each
 * topic) when it has passed. Results, the running order and settings are announced at once, always.
 *
 * The public read cache (readCache.ts) is emptied on the same notice, so an anonymous reader is shown
 * data at most one notice old, and a reader reacting to a notice always gets data that includes it.
 * Staff streams are not throttled: they follow every change as it is published.
 */
import { EventEmitter } from 'node:events';
import { PUBLIC_TOPICS, type Change } from './feed.ts';

/**
 * The topics gathered during a burst: what registrations and entry changes touch, hundreds a second in a
 * flood. Results, the running order and settings change a few times a minute and go out at once.
 */
const GATHERED: ReadonlySet<string> = new Set(['events', 'competition']);

interface CompetitionPulse {
  /** When the last notice went out (ms since the epoch), 0 before any. */
  last: number;
  pending: Map<string, Change>;
  timer: ReturnType<typeof setTimeout> | null;
  /** The public number of the newest change announced. */
  announced: number;
}

export class PublicPulse {
  private readonly bus = new EventEmitter();
  private readonly competitions = new Map<number, CompetitionPulse>();

  constructor(readonly intervalMs: number) {
    this.bus.setMaxListeners(0);
  }

  /** Changes as they are published (after their commit). */
  push(changes: readonly Change[]): void {
    const urgent = new Set<number>();
    for (const change of changes) {
      if (!PUBLIC_TOPICS.has(change.topic)) continue;
      const c = this.of(change.competitionId);
      c.pending.set(change.topic, change);
      if (!GATHERED.has(change.topic)) urgent.add(change.competitionId);
    }
    for (const competitionId of new Set(changes.map((ch) => ch.competitionId))) {
      const c = this.competitions.get(competitionId);
      if (!c || c.pending.size === 0) continue;
      // Results, the running order and settings go out at once, with whatever was gathered before
      // them (so the public numbers announced stay in order).
      if (this.intervalMs <= 0 || urgent.has(competitionId)) {
        if (c.timer) clearTimeout(c.timer);
        this.announce(c);
        continue;
      }
      if (c.timer) continue;
      const wait = c.last + this.intervalMs - Date.now();
      // After a quiet spell at once (on the next turn, with the command's other topics), else when the
      // interval since the last notice has passed.
      c.timer = setTimeout(() => this.announce(c), Math.max(0, wait));
      c.timer.unref();
    }
  }

  /** Every notice: the changes it announces (the newest of each topic), in order. */
  subscribe(listener: (changes: Change[]) => void): () => void {
    this.bus.on('pulse', listener);
    return () => this.bus.off('pulse', listener);
  }

  /**
   * The public number up to which every change of the competition has been announced (just below the
   * first one still waiting), or undefined when this process knows of none. A change above it is still
   * to be announced.
   */
  announced(competitionId: number): number | undefined {
    const c = this.competitions.get(competitionId);
    if (!c) return undefined;
    // Just below the first change waiting for its notice, which must still be sent when it comes.
    const waiting = Math.min(...[...c.pending.values()].map((ch) => ch.publicSeq));
    if (Number.isFinite(waiting)) return waiting - 1;
    return c.announced > 0 ? c.announced : undefined;
  }

  close(): void {
    for (const c of this.competitions.values()) if (c.timer) clearTimeout(c.timer);
    this.competitions.clear();
  }

  private of(competitionId: number): CompetitionPulse {
    let c = this.competitions.get(competitionId);
    if (!c) {
      c = { last: 0, pending: new Map(), timer: null, announced: 0 };
      this.competitions.set(competitionId, c);
    }
    return c;
  }

  private announce(c: CompetitionPulse): void {
    c.timer = null;
    c.last = Date.now();
    const changes = [...c.pending.values()].sort((a, b) => a.publicSeq - b.publicSeq);
    c.pending.clear();
    if (changes.length === 0) return;
    c.announced = Math.max(c.announced, changes.at(-1)!.publicSeq);
    this.bus.emit('pulse', changes);
  }
}
