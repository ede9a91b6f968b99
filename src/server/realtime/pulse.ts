/**
 * Public changes of entries and the competition, at most one notice per competition every `intervalMs`.
 * During a registration flood every registration changes `events`: announced one by one,
 * each spectator's phone would refetch every event with every entry (1.4 MB at 3,000 couples) hundreds
 * of times a second, and the server would rebuild it for each. Such a change after a quiet spell is announced at
 * once; those following it within `intervalMs` are gathered and announced together (the newest of each
 * topic) when it has passed. Results, the running order and settings are announced at once, always.
 *
 * Before a notice goes out its preparers run (readCache.ts rebuilds the public answers it keeps), so the
 * phones reacting to it find the answer ready instead of all waiting for one build; an anonymous reader
 * is shown data at most one notice old, and a reader reacting to a notice always gets data that includes
 * it.
 * Staff streams are not throttled: they follow every change as it is published.
 */
import { EventEmitter } from 'node:events';
import { isPublicChange, type Change } from './feed.ts';

/**
 * The topics gathered during a burst: what registrations and entry changes touch, hundreds a second in a
 * flood. Results, the running order and settings change a few times a minute and go out at once.
 */
const GATHERED: ReadonlySet<string> = new Set(['events', 'competition']);

/**
 * Work to finish before a notice of the competition goes out, or null when there is none (the notice
 * then goes out in the same turn).
 */
export type Preparer = (competitionId: number, changes: readonly Change[]) => Promise<void> | null;

/** A notice never waits longer than this for its preparers: late is worse than unprepared. */
const PREPARE_AT_MOST_MS = 1000;

interface CompetitionPulse {
  competitionId: number;
  /** When the last notice went out (ms since the epoch), 0 before any. */
  last: number;
  pending: Map<string, Change>;
  timer: ReturnType<typeof setTimeout> | null;
  /** The public number of the newest change announced. */
  announced: number;
  /** Changes whose notice waits for its preparers; a notice due meanwhile follows it (`again`). */
  preparing: Change[] | null;
  again: boolean;
}

export class PublicPulse {
  private readonly bus = new EventEmitter();
  private readonly competitions = new Map<number, CompetitionPulse>();
  private readonly preparers = new Set<Preparer>();
  private closed = false;

  constructor(readonly intervalMs: number) {
    this.bus.setMaxListeners(0);
  }

  /** Changes as they are published (after their commit). */
  push(changes: readonly Change[]): void {
    const urgent = new Set<number>();
    for (const change of changes) {
      if (!isPublicChange(change)) continue;
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

  /** Runs `prepare` before every notice (and waits for it, up to a second). */
  prepareWith(prepare: Preparer): () => void {
    this.preparers.add(prepare);
    return () => this.preparers.delete(prepare);
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
    const waiting = Math.min(...[...c.pending.values(), ...(c.preparing ?? [])].map((ch) => ch.publicSeq));
    if (Number.isFinite(waiting)) return waiting - 1;
    return c.announced > 0 ? c.announced : undefined;
  }

  close(): void {
    this.closed = true;
    for (const c of this.competitions.values()) if (c.timer) clearTimeout(c.timer);
    this.competitions.clear();
  }

  private of(competitionId: number): CompetitionPulse {
    let c = this.competitions.get(competitionId);
    if (!c) {
      c = {
        competitionId,
        last: 0,
        pending: new Map(),
        timer: null,
        announced: 0,
        preparing: null,
        again: false,
      };
      this.competitions.set(competitionId, c);
    }
    return c;
  }

  private announce(c: CompetitionPulse): void {
    c.timer = null;
    if (c.preparing) {
      c.again = true;
      return;
    }
    c.last = Date.now();
    const changes = [...c.pending.values()].sort((a, b) => a.publicSeq - b.publicSeq);
    c.pending.clear();
    if (changes.length === 0) return;
    const work = [...this.preparers].map((p) => p(c.competitionId, changes)).filter((w) => w !== null);
    if (work.length === 0) return this.emit(c, changes);
    c.preparing = changes;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const atMost = new Promise<void>((resolve) => (timer = setTimeout(resolve, PREPARE_AT_MOST_MS)));
    void Promise.race([Promise.allSettled(work), atMost]).then(() => {
      clearTimeout(timer);
      c.preparing = null;
      if (this.closed) return;
      this.emit(c, changes);
      if (c.again) {
        c.again = false;
        this.announce(c);
      }
    });
  }

  private emit(c: CompetitionPulse, changes: Change[]): void {
    c.announced = Math.max(c.announced, changes.at(-1)!.publicSeq);
    this.bus.emit('pulse', changes);
  }
}
