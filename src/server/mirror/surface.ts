/**
 * A competition's public answers, as the venue sends them to the public site (docs/mirror.md): every
 * public read under /api/v1/competitions/:key that a signed-out reader can address, with each event,
 * round, competitor and photo the competition has, read through the app itself so the bytes are the
 * ones a reader at the venue gets.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FeedTopic } from '../../domain/schemas/competition.ts';
import { COMPETITORS_MAX_PAGE } from '../../domain/registration.ts';
import type { Db } from '../http/db.ts';

/** Public reads under a competition, as declared (`/api/v1/competitions/:key/…`); access.ts adds them. */
const publicReads = new Set<string>();

/**
 * Reads that are no answer to mirror: the live stream (the public site has its own), the mirror's
 * own status, and those addressed by a secret (a team's invoice, an unsubscribe link).
 */
const NOT_MIRRORED = /\/(stream|mirror)$|:token|:personId|unsubscribe/;

export function notePublicRead(url: string): void {
  if (url.startsWith('/api/v1/competitions/:key') && !NOT_MIRRORED.test(url)) publicReads.add(url);
}

/** The reads the public site serves from the venue's answers (every other one it refuses there). */
export function isMirroredRead(routeUrl: string): boolean {
  return publicReads.has(routeUrl);
}

/**
 * A path and query in one spelling (the query's names in order), so the venue's stored answer and a
 * reader's request of it meet whatever order the query was written in.
 */
export function canonicalPath(pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  if (q < 0) return pathAndQuery;
  const params = new URLSearchParams(pathAndQuery.slice(q + 1));
  params.sort();
  const query = params.toString();
  return query ? `${pathAndQuery.slice(0, q)}?${query}` : pathAndQuery.slice(0, q);
}

/** Headers that travel with an answer. */
export const TRAVELLING_HEADERS = [
  'content-type',
  'x-total-count',
  'content-disposition',
  'cache-control',
] as const;
export type AnswerHeaders = Partial<Record<(typeof TRAVELLING_HEADERS)[number], string>>;

export interface RenderedAnswer {
  /** Under /api/v1, canonical. */
  path: string;
  status: number;
  headers: AnswerHeaders;
  body: Buffer;
  sha256: string;
}

/** The hash both sides compare: status, travelling headers and body. */
export function answerHash(status: number, headers: AnswerHeaders, body: Buffer): string {
  const head = TRAVELLING_HEADERS.map((h) => `${h}:${headers[h] ?? ''}`).join('\n');
  return createHash('sha256').update(`${status}\n${head}\n\n`).update(body).digest('hex');
}

/**
 * Which changes may touch an answer: a competitor's pages are many (one per couple) and change only
 * with entries and results; every other answer is read again after any public change.
 */
function touchedBy(routeUrl: string): ReadonlySet<FeedTopic> | null {
  return routeUrl.includes('/competitors/:id')
    ? new Set<FeedTopic>(['competition', 'events', 'results'])
    : null;
}

interface SurfaceEntry {
  path: string;
  topics: ReadonlySet<FeedTopic> | null;
}

/** Every public answer of the competition now: its paths, and which topics touch each. */
export async function publicSurface(
  db: Db,
  competition: { id: number; key: string },
): Promise<SurfaceEntry[]> {
  const [events, rounds, competitors, images] = await Promise.all([
    db
      .selectFrom('events')
      .select(['id', 'key'])
      .where('competition_id', '=', competition.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('rounds')
      .select(['event_id', 'round_number'])
      .where('competition_id', '=', competition.id)
      .orderBy('event_id')
      .orderBy('round_number')
      .execute(),
    db
      .selectFrom('competitors')
      .select('id')
      .where('competition_id', '=', competition.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('images')
      .select(['id', 'token'])
      .where('competition_id', '=', competition.id)
      .orderBy('id')
      .execute(),
  ]);
  const values: Record<string, string[]> = {
    ':eventKey': events.map((e) => e.key),
    ':id': competitors.map((c) => String(c.id)),
    ':file': images.map((i) => `${i.id}-${i.token}`),
  };
  const eventIds = new Map(events.map((e) => [e.key, e.id]));
  const out: SurfaceEntry[] = [];
  for (const url of [...publicReads].sort()) {
    const topics = touchedBy(url);
    let paths = [url.slice('/api/v1'.length).replace(':key', competition.key)];
    for (const param of [':eventKey', ':id', ':file'] as const) {
      if (!url.includes(param)) continue;
      paths = paths.flatMap((p) => (values[param] ?? []).map((v) => p.replace(param, encodeURIComponent(v))));
    }
    if (url.includes(':n')) {
      // A round's reads exist for the rounds its event has.
      paths = paths.flatMap((p) => {
        const eventKey = decodeURIComponent(/\/events\/([^/]+)\//.exec(p)?.[1] ?? '');
        const id = eventIds.get(eventKey);
        return rounds.filter((r) => r.event_id === id).map((r) => p.replace(':n', String(r.round_number)));
      });
    }
    for (const path of paths) out.push({ path, topics });
  }
  // The pages the web reads the competitors in (registrations.ts: a full page at a time, until a short one).
  const competitorsPath = `/competitions/${competition.key}/competitors`;
  if (publicReads.has(`/api/v1${competitorsPath.replace(competition.key, ':key')}`))
    for (let offset = 0; offset <= competitors.length; offset += COMPETITORS_MAX_PAGE)
      out.push({
        path: canonicalPath(`${competitorsPath}?limit=${COMPETITORS_MAX_PAGE}&offset=${offset}`),
        topics: null,
      });
  // What is on the floor alone (the dashboard's read), besides every round still to start.
  const floorPath = `/competitions/${competition.key}/floor`;
  if (publicReads.has(`/api/v1/competitions/:key/floor`))
    out.push({ path: `${floorPath}?next=0`, topics: null });
  return out;
}

/**
 * A secret of this process: reads the venue makes for the mirror carry it, so the public read cache
 * gives them only a fresh answer (as it does to staff), never one a public notice has yet to replace.
 */
export const MIRROR_READ_TOKEN = randomBytes(24).toString('hex');
export const MIRROR_READ_HEADER = 'x-promenade-mirror-read';

/** One answer, as a signed-out reader gets it from this server now. */
export async function renderAnswer(app: FastifyInstance, path: string): Promise<RenderedAnswer> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1${path}`,
    headers: { [MIRROR_READ_HEADER]: MIRROR_READ_TOKEN, 'accept-encoding': 'identity' },
  });
  const headers: AnswerHeaders = {};
  for (const h of TRAVELLING_HEADERS) {
    const v = res.headers[h];
    if (v !== undefined) headers[h] = String(v);
  }
  const body = res.rawPayload;
  return { path, status: res.statusCode, headers, body, sha256: answerHash(res.statusCode, headers, body) };
}

/** Only the surface entries a batch of these topics may touch (all of them when the topics are unknown). */
export function touched(
  entries: readonly SurfaceEntry[],
  topics: ReadonlySet<FeedTopic> | null,
): SurfaceEntry[] {
  if (topics === null) return [...entries];
  return entries.filter((e) => e.topics === null || [...topics].some((t) => e.topics!.has(t)));
}
