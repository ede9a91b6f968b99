import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCompress } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions.ts';

/**
 * Serialized public read responses kept until the next change-feed message (bench/README: GET
 * …/events spent ~95 % of its time rebuilding the same 39 KB from SQLite for every reader).
 *
 * Only for GETs whose answer is the same for every caller (no session-dependent fields) and whose
 * underlying data changes only through a command that publishes to the feed. Before each public notice
 * of the feed (pulse.ts: each change, or one per burst of changes) the answers kept for that competition
 * are built anew, and the notice puts them in place: the phones that refetch on it all find the new
 * answer ready (during a registration flood, each notice had every reader wait ~100 ms for one
 * rebuild of …/events). `maxAgeMs` bounds staleness should a write ever forget to publish. Responses carry an ETag (`"<boot>-<generation>"`, unique across restarts), so a
 * browser revalidating gets a 304 without a body.
 *
 * Registered by `buildApp` (src/server/app.ts) after the `/api/v1` block.
 */
export interface ReadCacheOptions {
  /** Paths (without query) whose responses may be shared. */
  paths?: RegExp[];
  maxAgeMs?: number;
}

interface Entry {
  body: string;
  etag: string;
  contentType: string;
  at: number;
  /** The feed's change count when it was built: newer changes make it stale for staff. */
  generation: number;
  /** The competition it belongs to (the route's), so its notices rebuild it. */
  competitionId: number | undefined;
  /** Compressed once per entry, on first demand: every phone on venue Wi-Fi then gets ~6× fewer bytes. */
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

type Encoding = 'br' | 'gzip';

/** The encoding to send, from the client's Accept-Encoding (brotli preferred). */
function encodingFor(accept: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  if (/\bbr\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header)) return 'gzip';
  return null;
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/**
 * Compressed once per entry, on zlib's thread pool: brotli over the 1.4 MB of …/events at 3,000
 * couples held the event loop ~0.3 s when done in line, and a registration flood empties
 * the cache with every registration.
 */
function compressed(entry: Entry, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br')
    return (entry.br ??= brotli(entry.body, {
      params: {
        // Quality 3: as small as 5 on our JSON (54 KB of 1.4 MB), in a third of the time.
        [constants.BROTLI_PARAM_QUALITY]: 3,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(entry.body),
      },
    }));
  return (entry.gzip ??= gzip(entry.body, { level: 6 }));
}

/** Sends the entry as the client accepts it. */
async function bodyFor(
  entry: Entry,
  accept: string | string[] | undefined,
  reply: FastifyReply,
): Promise<string | Buffer> {
  reply.header('vary', 'accept-encoding');
  const encoding = encodingFor(accept);
  if (!encoding) return entry.body;
  reply.header('content-encoding', encoding);
  return compressed(entry, encoding);
}

/** Marks the cache's own rebuild of an answer (an in-process request), with a secret of this process. */
const REFRESH_HEADER = 'x-promenade-refresh';

/** How long a reader waits for another's build of the same answer before building it itself. */
const WAIT_FOR_BUILD_MS = 5000;

const DEFAULT_PATHS = [/^\/api\/v1\/competitions\/[^/]+\/events$/];

const plugin: FastifyPluginAsync<ReadCacheOptions> = async (app, opts) => {
  const paths = opts.paths ?? DEFAULT_PATHS;
  const maxAgeMs = opts.maxAgeMs ?? 2000;
  const boot = randomBytes(4).toString('hex');
  const cache = new Map<string, Entry>();
  let generation = 0;
  /** Public notices so far: an answer read across one may predate a change it announced. */
  let notices = 0;
  /** Requests answered by the handler: what they saw before reading, and who waits for their answer. */
  const pending = new WeakMap<
    FastifyRequest,
    { generation: number; notices: number; settle: (entry: Entry | null) => void; refresh?: true }
  >();
  /** Answers rebuilt for a notice on its way, put in place when it goes out. */
  const rebuilt = new Map<string, Entry>();
  const refreshSecret = randomBytes(16).toString('hex');
  /** The answer being built for a path: anonymous readers arriving meanwhile wait for it. */
  const building = new Map<string, Promise<Entry | null>>();

  // Every change makes what is kept older than the data; the pulse's notice (pulse.ts) lets go of it.
  // Between the two, during a burst of changes, anonymous readers share what is kept (at most one
  // notice old: they are told of the newer data by that notice), and signed-in staff never get it.
  const unsubscribe = app.feed.subscribe(() => generation++);
  const unsubscribePulse = app.feed.pulse.subscribe((changes) => {
    notices++;
    const changed = new Set(changes.map((c) => c.competitionId));
    for (const [url, entry] of cache)
      if (entry.competitionId === undefined || changed.has(entry.competitionId)) cache.delete(url);
    for (const [url, entry] of rebuilt) cache.set(url, entry);
    rebuilt.clear();
  });
  // Rebuilt through the app itself, as a reader's request would be (same route, same serializer).
  const rebuild = async (url: string) => {
    await app.inject({ method: 'GET', url, headers: { [REFRESH_HEADER]: refreshSecret } });
    const entry = rebuilt.get(url);
    if (entry) await compressed(entry, 'br');
  };
  const unprepare = app.feed.pulse.prepareWith((competitionId) => {
    const urls = [...cache].filter(([, e]) => e.competitionId === competitionId).map(([url]) => url);
    return urls.length === 0 ? null : Promise.all(urls.map(rebuild)).then(() => undefined);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribePulse();
    unprepare();
  });

  const send = async (entry: Entry, req: FastifyRequest, reply: FastifyReply) => {
    reply.header('etag', entry.etag).header('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type(entry.contentType).send(await bodyFor(entry, req.headers['accept-encoding'], reply));
  };

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const url = req.url;
    if (url.includes('?') || !paths.some((p) => p.test(url))) return;
    if (req.headers[REFRESH_HEADER] === refreshSecret) {
      pending.set(req, { generation, notices, settle: () => {}, refresh: true });
      return;
    }
    const anonymous = !req.cookies[SESSION_COOKIE];
    const hit = cache.get(url);
    if (hit && (anonymous || hit.generation === generation) && Date.now() - hit.at <= maxAgeMs)
      return send(hit, req, reply);
    const inFlight = anonymous ? building.get(url) : undefined;
    if (inFlight) {
      // Never longer than a build can take: should its request vanish unanswered, build anew.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const built = await Promise.race([
        inFlight,
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WAIT_FOR_BUILD_MS))),
      ]);
      clearTimeout(timer);
      if (built) return send(built, req, reply);
    }
    let settle!: (entry: Entry | null) => void;
    const answer = new Promise<Entry | null>((resolve) => (settle = resolve));
    building.set(url, answer);
    void answer.then(() => {
      if (building.get(url) === answer) building.delete(url);
    });
    pending.set(req, { generation, notices, settle });
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const seen = pending.get(req);
    if (seen === undefined) return payload;
    pending.delete(req);
    // Read across a public notice, the answer may predate a change that notice announced: not kept.
    if (reply.statusCode !== 200 || typeof payload !== 'string' || seen.notices !== notices) {
      seen.settle(null);
      return payload;
    }
    // Kept as of the change count it started from: staff get it only while no change has come since.
    const etag = `"${boot}-${seen.generation}"`;
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const entry: Entry = {
      body: payload,
      etag,
      contentType,
      at: Date.now(),
      generation: seen.generation,
      competitionId: req.competition?.id,
    };
    if (seen.refresh) rebuilt.set(req.url, entry);
    else cache.set(req.url, entry);
    seen.settle(entry);
    reply.header('etag', etag).header('cache-control', 'no-cache');
    return bodyFor(entry, req.headers['accept-encoding'], reply);
  });

  // An answer that never reached onSend (the request failed or its client left) frees its waiters.
  const abandon = async (req: FastifyRequest) => {
    const seen = pending.get(req);
    if (seen === undefined) return;
    pending.delete(req);
    seen.settle(null);
  };
  app.addHook('onResponse', abandon);
  app.addHook('onRequestAbort', abandon);
};

// Hooks must apply to the routes of the whole app, not only inside this plugin (fastify-plugin's flag).
(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default plugin;
