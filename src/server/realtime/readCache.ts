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
 * underlying data changes only through a command that publishes to the feed. Every public notice of the
 * feed (pulse.ts: each change, or one per burst of changes), of any competition, empties the cache; `maxAgeMs` bounds staleness should a write ever
 * forget to publish. Responses carry an ETag (`"<boot>-<generation>"`, unique across restarts), so a
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
 * couples held the event loop ~0.3 s when done in line (issue 15), and a registration flood empties
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

const DEFAULT_PATHS = [/^\/api\/v1\/competitions\/[^/]+\/events$/];

const plugin: FastifyPluginAsync<ReadCacheOptions> = async (app, opts) => {
  const paths = opts.paths ?? DEFAULT_PATHS;
  const maxAgeMs = opts.maxAgeMs ?? 2000;
  const boot = randomBytes(4).toString('hex');
  const cache = new Map<string, Entry>();
  let generation = 0;
  /** Requests answered by the handler, with the generation seen before it read the database. */
  const pending = new WeakMap<FastifyRequest, number>();

  // Every change makes what is kept older than the data; the pulse's notice (pulse.ts) lets go of it.
  // Between the two, during a burst of changes, anonymous readers share what is kept (at most one
  // notice old: they are told of the newer data by that notice), and signed-in staff never get it.
  const unsubscribe = app.feed.subscribe(() => generation++);
  const unsubscribePulse = app.feed.pulse.subscribe(() => cache.clear());
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribePulse();
  });

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const url = req.url;
    if (url.includes('?') || !paths.some((p) => p.test(url))) return;
    const hit = cache.get(url);
    const current = hit?.generation === generation || !req.cookies[SESSION_COOKIE];
    if (hit && current && Date.now() - hit.at <= maxAgeMs) {
      reply.header('etag', hit.etag).header('cache-control', 'no-cache');
      if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
      return reply.type(hit.contentType).send(await bodyFor(hit, req.headers['accept-encoding'], reply));
    }
    pending.set(req, generation);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const seen = pending.get(req);
    if (seen === undefined) return payload;
    pending.delete(req);
    // A change published while the handler read is newer than what it read: do not keep that answer.
    if (reply.statusCode !== 200 || typeof payload !== 'string' || seen !== generation) return payload;
    const etag = `"${boot}-${generation}"`;
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const entry: Entry = { body: payload, etag, contentType, at: Date.now(), generation };
    cache.set(req.url, entry);
    reply.header('etag', etag).header('cache-control', 'no-cache');
    return bodyFor(entry, req.headers['accept-encoding'], reply);
  });
};

// Hooks must apply to the routes of the whole app, not only inside this plugin (fastify-plugin's flag).
(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default plugin;
