/**
 * Public changes, at most one notice per competition every `intervalMs` (issue 15). During a
 * registration flood every registration changes `events`: announced one by one, each spectator's phone
 * refetched every event with every entry (1.4 MB at 3,000 couples) hundreds of times a second, and the
 * server rebuilt it for each. A change after a quiet spell is announced at once; changes following it
 * within `intervalMs` are gathered and announced together (the newest of each topic) when it has passed.
 *
 * The public read cache (readCache.ts) is emptied on the same notice, so an anonymous reader is shown
 * data at most one notice old, and a reader reacting to a notice always gets data that includes it.
 * Staff streams are not throttled: they follow every change as it is published.
 */
import { EventEmitter } from 'node:events';
import { PUBLIC_TOPICS, type Change } from './feed.ts';

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
    for (const change of changes) {
      if (!PUBLIC_TOPICS.has(change.topic)) continue;
      const c = this.of(change.competitionId);
      c.pending.set(change.topic, change);
    }
    for (const competitionId of new Set(changes.map((ch) => ch.competitionId))) {
      const c = this.competitions.get(competitionId);
      if (!c || c.timer || c.pending.size === 0) continue;
      const wait = c.last + this.intervalMs - Date.now();
      if (this.intervalMs <= 0) this.announce(c);
      else if (wait <= 0) {
        // After a quiet spell: at once, with the other topics of the same command (they arrive one by one).
        c.timer = setTimeout(() => this.announce(c), 0);
        c.timer.unref();
      } else {
        c.timer = setTimeout(() => this.announce(c), wait);
        c.timer.unref();
      }
    }
  }

  /** Every notice: the changes it announces (the newest of each topic), in order. */
  subscribe(listener: (changes: Change[]) => void): () => void {
    this.bus.on('pulse', listener);
    return () => this.bus.off('pulse', listener);
  }

  /**
   * The public number of the newest change announced for the competition, or undefined when none was
   * announced by this process. A change above it is still to be announced.
   */
  announced(competitionId: number): number | undefined {
    const c = this.competitions.get(competitionId);
    return c && c.announced > 0 ? c.announced : undefined;
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
