/**
 * The venue's side of the mirror (docs/mirror.md): one link per mirrored competition follows the
 * change feed and sends the public site the public answers that changed, numbered by the feed's
 * public changes; it survives any failure of the link by asking the public site what it has and
 * sending what differs from there.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { FeedTopic } from '../../domain/schemas/competition.ts';
import type { MirrorAnswer, MirrorHealth, MirrorState, MirrorVenue } from '../../domain/schemas/mirror.ts';
import type { DB } from '../db/index.ts';
import { isPublicChange, PUBLIC_TOPIC_LIST } from '../realtime/feed.ts';
import { BATCH_BYTES } from './cloud.ts';
import { publicSurface, renderAnswer, touched, type RenderedAnswer } from './surface.ts';

export interface MirrorTarget {
  /** The public site's address (PROMENADE_MIRROR_URL). */
  url: string;
  /** A secret the public site accepts (PROMENADE_MIRROR_TOKEN). */
  token: string;
  /** Only these competitions (PROMENADE_MIRROR_COMPETITIONS); null: every one not archived. */
  competitions: string[] | null;
  /** Shown on the public site; the machine's name when unset (PROMENADE_MIRROR_VENUE). */
  venueName?: string | null;
  /** How long one request may take before the link counts as down (tests shorten it). */
  timeoutMs?: number;
}

/** How long one request to the public site may take before the link counts as down. */
const REQUEST_TIMEOUT_MS = 15_000;
/** A quiet link says it is there this often. */
const HEARTBEAT_MS = 5_000;
/** After a change, more may follow at once (a burst is one batch). */
const GATHER_MS = 100;
const RETRY_MS = [500, 1_000, 2_000, 3_000];

/** This server's id as a venue: made once, kept in its database (a restored backup keeps it). */
async function venueId(db: DB): Promise<string> {
  const found = await db.selectFrom('mirror_venue').select('id').executeTakeFirst();
  if (found) return found.id;
  const id = randomBytes(12).toString('base64url');
  await db
    .insertInto('mirror_venue')
    .values({ id, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await db.selectFrom('mirror_venue').select('id').executeTakeFirstOrThrow()).id;
}

/** The public site refused a call (its status and error code), or answered what is no JSON of ours. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly appliedSeq: number | null | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One call to the public site's `/api/mirror/v1` (a hand-over, a hand-back): its JSON answer; a refusal
 * (4xx, 5xx) throws `Refused`, no connection or no answer in time throws what fetch throws.
 */
export async function callPublicSite<T>(
  target: MirrorTarget,
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<T> {
  const res = await fetch(`${target.url.replace(/\/+$/, '')}/api/mirror/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (!res.ok) throw refusal(res.status, text);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Refused(502, 'http_error', undefined, 'The public site answered something other than JSON.');
  }
}

function refusal(status: number, text: string): Refused {
  let code = 'http_error';
  let message = `${status} from the public site`;
  let appliedSeq: number | null | undefined;
  try {
    const e = (
      JSON.parse(text) as {
        error?: { code?: string; message?: string; details?: { appliedSeq?: number | null } };
      }
    ).error;
    code = e?.code ?? code;
    message = e?.message ?? message;
    appliedSeq = e?.details?.appliedSeq;
  } catch {
    // not our JSON: a proxy's page
  }
  return new Refused(status, code, appliedSeq, message);
}

/** One competition's link. */
class CompetitionLink {
  state: 'connected' | 'offline' = 'offline';
  since = new Date().toISOString();
  /** The public site's applied public change, as last heard; null before the handshake. */
  acked: number | null = null;
  latest = 0;
  /** When the oldest change the public site lacks was made (for "behind, in seconds"). */
  waitingSince: number | null = null;
  lastError: string | null = null;
  /** What the public site holds: path → hash. Null: ask it first. */
  private held: Map<string, string> | null = null;
  private wake: (() => void) | null = null;
  private dirty = true;
  private stopped = false;
  private readonly done: Promise<void>;

  constructor(
    private readonly app: FastifyInstance,
    private readonly target: MirrorTarget,
    private readonly venue: MirrorVenue,
    readonly competition: { id: number; key: string },
  ) {
    this.done = this.run();
  }

  /** A change of the competition was committed here. */
  changed(publicSeq: number): void {
    if (publicSeq > this.latest) this.latest = publicSeq;
    this.waitingSince ??= Date.now();
    this.dirty = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.done;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const url = `${this.target.url.replace(/\/+$/, '')}/api/mirror/v1/competitions/${this.competition.key}${path}`;
    const res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${this.target.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.target.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) throw refusal(res.status, text);
    return JSON.parse(text) as T;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        if (this.held === null) {
          const state = await this.call<MirrorState>('GET', `?venue=${encodeURIComponent(this.venue.id)}`);
          this.held = new Map(Object.entries(state.answers));
          this.acked = state.appliedSeq;
          this.dirty = true;
        }
        this.latest = Math.max(this.latest, await this.app.feed.latest(this.competition.id, 'public'));
        if (this.dirty || this.acked === null || this.acked < this.latest) await this.sync();
        else await this.call('POST', '/heartbeat', { venue: this.venue, seq: this.latest });
        if (this.state !== 'connected') {
          this.state = 'connected';
          this.since = new Date().toISOString();
        }
        this.lastError = null;
        failures = 0;
        if (this.acked !== null && this.acked >= this.latest && !this.dirty) this.waitingSince = null;
        if (!this.dirty) await this.pause(HEARTBEAT_MS);
        if (!this.stopped && this.dirty) await this.pause(GATHER_MS);
      } catch (err) {
        if (this.stopped) break;
        this.lastError = err instanceof Error ? err.message : String(err);
        if (err instanceof Refused && err.code === 'out_of_order') {
          // The public site has less than we thought (restored, or a reply was lost): ask it again.
          this.held = null;
          if (failures++ < 2) continue;
        } else this.held = null;
        if (this.state !== 'offline') {
          this.state = 'offline';
          this.since = new Date().toISOString();
          this.app.log.warn(
            { competition: this.competition.key, err: this.lastError },
            'mirror: the public site cannot be reached',
          );
        }
        const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
        failures++;
        await this.pause(wait);
      }
    }
  }

  /** Sends the public site what differs from what it holds, from its applied change to ours now. */
  private async sync(): Promise<void> {
    const held = this.held!;
    const from = this.acked ?? 0;
    this.dirty = false;
    const to = await this.app.feed.latest(this.competition.id, 'public');
    const changes =
      this.acked === null
        ? null
        : await this.app.feed.since(this.competition.id, { view: 'public', n: from }, 'public');
    const topics =
      changes === null ? null : new Set<FeedTopic>(changes.filter(isPublicChange).map((c) => c.topic));
    const surface = await publicSurface(this.app.db, this.competition);
    // Read again what the changes may touch, and whatever the public site does not hold yet.
    const wanted = new Set(touched(surface, topics).map((e) => e.path));
    for (const e of surface) if (!held.has(e.path)) wanted.add(e.path);
    const answers: MirrorAnswer[] = [];
    const sent = new Map<string, string | null>();
    for (const path of wanted) {
      const a: RenderedAnswer = await renderAnswer(this.app, path);
      // A server error here is no answer to publish: the next batch reads it again.
      if (a.status >= 500) {
        this.dirty = true;
        continue;
      }
      if (held.get(path) === a.sha256) continue;
      answers.push({
        path,
        status: a.status,
        headers: a.headers,
        body: a.body.toString('base64'),
        sha256: a.sha256,
      });
      sent.set(path, a.sha256);
    }
    const paths = new Set(surface.map((e) => e.path));
    for (const path of held.keys())
      if (!paths.has(path)) {
        answers.push({ path, gone: true });
        sent.set(path, null);
      }
    // In parts no larger than a request may be; only the last one moves the public site's number.
    const parts: MirrorAnswer[][] = [[]];
    let size = 0;
    for (const a of answers) {
      const n = 'body' in a ? a.body.length + a.path.length + 200 : a.path.length + 50;
      if (size + n > BATCH_BYTES * 0.9 && parts.at(-1)!.length > 0) {
        parts.push([]);
        size = 0;
      }
      parts.at(-1)!.push(a);
      size += n;
    }
    for (let i = 0; i < parts.length; i++) {
      const last = i === parts.length - 1;
      const part = parts[i]!;
      const answer = await this.call<{ appliedSeq: number }>('POST', '/batches', {
        venue: this.venue,
        from,
        to: last ? to : from,
        topics: last ? [...(topics ?? PUBLIC_TOPIC_LIST)] : [],
        answers: part,
      });
      for (const a of part) {
        const hash = sent.get(a.path);
        if (hash === null || hash === undefined) held.delete(a.path);
        else held.set(a.path, hash);
      }
      if (last) this.acked = answer.appliedSeq;
    }
  }
}

/** Every mirrored competition's link, and the link as /api/health and the dashboard show it. */
export class VenueMirror {
  private readonly links = new Map<number, CompetitionLink>();
  private unsubscribe: (() => void) | null = null;
  private venue: MirrorVenue | null = null;
  private scan: ReturnType<typeof setInterval> | null = null;
  /** Competitions not to mirror for now (being handed back). */
  private readonly paused = new Set<number>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly target: MirrorTarget,
  ) {}

  async start(): Promise<void> {
    this.venue = {
      id: await venueId(this.app.db),
      name: (this.target.venueName?.trim() || hostname() || 'the venue').slice(0, 200),
    };
    this.unsubscribe = this.app.feed.subscribe((c) => {
      if (isPublicChange(c)) this.links.get(c.competitionId)?.changed(c.publicSeq);
      // A competition made, archived or un-archived here changes what is mirrored.
      if (c.topic === 'competition') void this.follow();
    });
    await this.follow();
    // A competition imported or archived without a change of its own is found within a minute.
    this.scan = setInterval(() => void this.follow(), 60_000);
    this.scan.unref();
  }

  /** Starts a link for each competition to mirror, stops those no longer to be. */
  private async follow(): Promise<void> {
    if (!this.venue) return;
    let q = this.app.db
      .selectFrom('competitions')
      .select(['id', 'key'])
      .where('archived_at', 'is', null)
      .where('handed_over_at', 'is', null);
    if (this.target.competitions)
      q = q.where('key', 'in', this.target.competitions.length ? this.target.competitions : ['']);
    const wanted = (await q.orderBy('id').execute()).filter((c) => !this.paused.has(c.id));
    const ids = new Set(wanted.map((c) => c.id));
    for (const c of wanted)
      if (!this.links.has(c.id))
        this.links.set(c.id, new CompetitionLink(this.app, this.target, this.venue, c));
    for (const [id, link] of this.links)
      if (!ids.has(id)) {
        this.links.delete(id);
        await link.stop();
      }
  }

  /** This venue as the public site knows it; null before the mirror started. */
  identity(): MirrorVenue | null {
    return this.venue;
  }

  /** The public site this venue mirrors to. */
  get publicSite(): MirrorTarget {
    return this.target;
  }

  /** Mirrors `key` from now on (a competition taken over), also when only some are mirrored. */
  async adopt(key: string): Promise<void> {
    if (this.target.competitions && !this.target.competitions.includes(key))
      this.target.competitions = [...this.target.competitions, key];
    await this.follow();
  }

  /** Stops mirroring a competition until `resume` (no batch may reach the public site meanwhile). */
  async pause(competitionId: number): Promise<void> {
    this.paused.add(competitionId);
    const link = this.links.get(competitionId);
    if (link) {
      this.links.delete(competitionId);
      await link.stop();
    }
  }

  async resume(competitionId: number): Promise<void> {
    this.paused.delete(competitionId);
    await this.follow();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.scan) clearInterval(this.scan);
    await Promise.all([...this.links.values()].map((l) => l.stop()));
    this.links.clear();
  }

  /** The link as a whole: offline when any competition's is; how many public changes wait. */
  health(): MirrorHealth {
    const links = [...this.links.values()];
    if (links.length === 0) return { state: 'connected', behind: 0, since: null };
    const offline = links.filter((l) => l.state === 'offline');
    const shown = offline.length > 0 ? offline : links;
    const since = shown.map((l) => l.since).sort()[0] ?? null;
    return {
      state: offline.length > 0 ? 'offline' : 'connected',
      behind: links.reduce((n, l) => n + Math.max(0, l.latest - (l.acked ?? 0)), 0),
      since,
    };
  }

  /** One competition's link, for its dashboard; null when it is not mirrored. */
  linkOf(competitionId: number): {
    state: 'connected' | 'offline';
    since: string;
    behind: number;
    behindSeconds: number;
    error: string | null;
  } | null {
    const l = this.links.get(competitionId);
    if (!l) return null;
    const behind = Math.max(0, l.latest - (l.acked ?? 0));
    return {
      state: l.state,
      since: l.since,
      behind,
      behindSeconds: behind > 0 && l.waitingSince ? Math.round((Date.now() - l.waitingSince) / 1000) : 0,
      error: l.lastError,
    };
  }
}
