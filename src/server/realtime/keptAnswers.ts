/**
 * The public answers the read cache keeps (readCache.ts), with no HTTP in it: which answer a reader
 * gets, when a build of one is kept, and what a change or a public notice does to them.
 *
 * A kept answer is, to a reader:
 * - `fresh`: no change has come since it was built: every reader gets it;
 * - `stale`: a change came since, its public notice not out yet: signed-out readers still get it (that
 *   notice tells them of the newer data), signed-in staff never do;
 * - `expired`: older than `maxAgeMs`, should a write ever forget to publish: staff never get it; when no
 *   change has come since it was built, signed-out readers still get it while ONE rebuild runs, started
 *   for the first of them (its age is only that safety net: at 3,000 couples a rebuild of …/events takes
 *   ~150 ms, and every two seconds one reader waited for it); after a change, nobody gets it.
 * A URL with nothing kept is `absent`. While an answer is being built for a URL, signed-out readers
 * wait for that build rather than start their own.
 */
export type KeptState = 'absent' | 'fresh' | 'stale' | 'expired';

/** Who reads: staff are signed in and never get a stale answer. */
export type Reader = 'anonymous' | 'staff';

export interface KeptAnswer {
  body: string;
  etag: string;
  contentType: string;
  at: number;
  /** The feed's change count when it was built: newer changes make it stale for staff. */
  generation: number;
  /** The competition it belongs to (the route's), so its notices rebuild it. */
  competitionId: number | undefined;
  /** Compressed once per answer, on first demand (readCache.ts). */
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/** What a reader's request does next. */
export type Lookup =
  /** `refresh`: the answer has expired, unchanged: start the one rebuild that replaces it. */
  | { action: 'serve'; answer: KeptAnswer; refresh?: true }
  | { action: 'wait'; build: Promise<KeptAnswer | null> }
  | { action: 'build' };

/**
 * One build of an answer under way: what the cache had seen when it started. `forNotice`: rebuilt
 * before a public notice goes out, put in place by that notice rather than at once.
 */
export interface Build {
  readonly url: string;
  readonly generation: number;
  readonly notices: number;
  readonly forNotice: boolean;
  readonly answer: Promise<KeptAnswer | null> | null;
  readonly settle: (answer: KeptAnswer | null) => void;
}

/** What the route answered, to be kept. */
export interface Built {
  body: string;
  contentType: string;
  competitionId: number | undefined;
}

export interface KeptAnswersOptions {
  /** Unique to this process's start, so ETags never repeat across restarts. */
  boot: string;
  maxAgeMs: number;
  now?: () => number;
}

export class KeptAnswers {
  private readonly kept = new Map<string, KeptAnswer>();
  /** Answers rebuilt for a notice on its way, put in place when it goes out. */
  private readonly readyForNotice = new Map<string, KeptAnswer>();
  /** The answer being built for a URL: signed-out readers arriving meanwhile wait for it. */
  private readonly building = new Map<string, Promise<KeptAnswer | null>>();
  /** Changes published so far. */
  private generation = 0;
  /** Public notices so far: an answer read across one may predate a change it announced. */
  private notices = 0;
  private readonly now: () => number;

  constructor(private readonly options: KeptAnswersOptions) {
    this.now = options.now ?? Date.now;
  }

  stateOf(url: string): KeptState {
    const answer = this.kept.get(url);
    if (!answer) return 'absent';
    if (this.now() - answer.at > this.options.maxAgeMs) return 'expired';
    return answer.generation === this.generation ? 'fresh' : 'stale';
  }

  isBuilding(url: string): boolean {
    return this.building.has(url);
  }

  lookup(url: string, reader: Reader): Lookup {
    const state = this.stateOf(url);
    const answer = this.kept.get(url);
    if (answer && (state === 'fresh' || (state === 'stale' && reader === 'anonymous')))
      return { action: 'serve', answer };
    if (answer && state === 'expired' && reader === 'anonymous' && answer.generation === this.generation)
      return this.building.has(url)
        ? { action: 'serve', answer }
        : { action: 'serve', answer, refresh: true };
    const build = reader === 'anonymous' ? this.building.get(url) : undefined;
    return build ? { action: 'wait', build } : { action: 'build' };
  }

  /** A reader's build: readers arriving meanwhile wait for it (lookup's `wait`). */
  startBuild(url: string): Build {
    let settle!: (answer: KeptAnswer | null) => void;
    const answer = new Promise<KeptAnswer | null>((resolve) => (settle = resolve));
    this.building.set(url, answer);
    return { url, generation: this.generation, notices: this.notices, forNotice: false, answer, settle };
  }

  /** A rebuild before a notice: nobody waits for it, and it is served only once the notice goes out. */
  startRebuildForNotice(url: string): Build {
    const noop = () => {};
    return {
      url,
      generation: this.generation,
      notices: this.notices,
      forNotice: true,
      answer: null,
      settle: noop,
    };
  }

  /**
   * The build's outcome: the answer kept, or `null` when there is none to keep (the route failed, or a
   * public notice went out meanwhile, so the answer may predate a change it announced). Its waiters
   * get the same.
   */
  finishBuild(build: Build, built: Built | null): KeptAnswer | null {
    const answer = built && build.notices === this.notices ? this.keep(build, built) : null;
    if (build.answer && this.building.get(build.url) === build.answer) this.building.delete(build.url);
    build.settle(answer);
    return answer;
  }

  private keep(build: Build, built: Built): KeptAnswer {
    // Kept as of the change count it started from: staff get it only while no change has come since.
    const answer: KeptAnswer = {
      ...built,
      etag: `"${this.options.boot}-${build.generation}"`,
      at: this.now(),
      generation: build.generation,
    };
    (build.forNotice ? this.readyForNotice : this.kept).set(build.url, answer);
    return answer;
  }

  /** The answer rebuilt for the coming notice, if any. */
  rebuiltForNotice(url: string): KeptAnswer | undefined {
    return this.readyForNotice.get(url);
  }

  /** A change was published: everything kept is now older than the data (stale until its notice). */
  changed(): void {
    this.generation++;
  }

  /** The URLs kept for a competition: rebuilt before its next notice goes out. */
  urlsOf(competitionId: number): string[] {
    return [...this.kept].filter(([, a]) => a.competitionId === competitionId).map(([url]) => url);
  }

  /**
   * A public notice went out for these competitions: their answers (and any of no competition) are let
   * go of, and those rebuilt for the notice take their place.
   */
  noticed(competitionIds: Iterable<number>): void {
    this.notices++;
    const changed = new Set(competitionIds);
    for (const [url, answer] of this.kept)
      if (answer.competitionId === undefined || changed.has(answer.competitionId)) this.kept.delete(url);
    for (const [url, answer] of this.readyForNotice) this.kept.set(url, answer);
    this.readyForNotice.clear();
  }
}
