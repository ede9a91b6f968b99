import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCompress } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { KeptAnswers, type Build, type KeptAnswer } from './keptAnswers.ts';
import { MIRROR_READ_HEADER, MIRROR_READ_TOKEN } from '../mirror/surface.ts';

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
 * Which answer a reader gets, and when a build is kept, is decided by `KeptAnswers` (keptAnswers.ts,
 * where its states are named and tested); this plugin is the HTTP around it.
 *
 * Registered by `buildApp` (src/server/app.ts) after the `/api/v1` block.
 */
export interface ReadCacheOptions {
  /** Paths (without query) whose responses may be shared. */
  paths?: RegExp[];
  maxAgeMs?: number;
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
function compressed(entry: KeptAnswer, encoding: Encoding): Promise<Buffer> {
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
  entry: KeptAnswer,
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
  const answers = new KeptAnswers({ boot: randomBytes(4).toString('hex'), maxAgeMs: opts.maxAgeMs ?? 2000 });
  /** Requests answered by the handler, each with its build of the answer. */
  const builds = new WeakMap<FastifyRequest, Build>();
  const refreshSecret = randomBytes(16).toString('hex');

  // Every change makes what is kept older than the data; the pulse's notice (pulse.ts) lets go of it.
  // Between the two, during a burst of changes, anonymous readers share what is kept (at most one
  // notice old: they are told of the newer data by that notice), and signed-in staff never get it.
  const unsubscribe = app.feed.subscribe(() => answers.changed());
  const unsubscribePulse = app.feed.pulse.subscribe((changes) =>
    answers.noticed(changes.map((c) => c.competitionId)),
  );
  // An expired answer, unchanged, is served while this one rebuild replaces it (keptAnswers.ts).
  const refreshExpired = (url: string) =>
    void app
      .inject({ method: 'GET', url, headers: { [REFRESH_HEADER]: `expired:${refreshSecret}` } })
      .catch((err: unknown) => app.log.warn({ err, url }, 'read cache: rebuilding an expired answer failed'));
  // Rebuilt through the app itself, as a reader's request would be (same route, same serializer).
  const rebuild = async (url: string) => {
    await app.inject({ method: 'GET', url, headers: { [REFRESH_HEADER]: refreshSecret } });
    const rebuilt = answers.rebuiltForNotice(url);
    if (rebuilt) await compressed(rebuilt, 'br');
  };
  const unprepare = app.feed.pulse.prepareWith((competitionId) => {
    const urls = answers.urlsOf(competitionId);
    return urls.length === 0 ? null : Promise.all(urls.map(rebuild)).then(() => undefined);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribePulse();
    unprepare();
  });

  const send = async (entry: KeptAnswer, req: FastifyRequest, reply: FastifyReply) => {
    reply.header('etag', entry.etag).header('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type(entry.contentType).send(await bodyFor(entry, req.headers['accept-encoding'], reply));
  };

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const url = req.url;
    if (url.includes('?') || !paths.some((p) => p.test(url))) return;
    if (req.headers[REFRESH_HEADER] === refreshSecret) {
      builds.set(req, answers.startRebuildForNotice(url));
      return;
    }
    if (req.headers[REFRESH_HEADER] === `expired:${refreshSecret}`) {
      builds.set(req, answers.startBuild(url));
      return;
    }
    // The mirror's reads (mirror/surface.ts) must get what changed as staff do, never a stale answer.
    const reader =
      req.cookies[SESSION_COOKIE] || req.headers[MIRROR_READ_HEADER] === MIRROR_READ_TOKEN
        ? 'staff'
        : 'anonymous';
    const found = answers.lookup(url, reader);
    if (found.action === 'serve') {
      if (found.refresh) refreshExpired(url);
      return send(found.answer, req, reply);
    }
    if (found.action === 'wait') {
      // Never longer than a build can take: should its request vanish unanswered, build anew.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const built = await Promise.race([
        found.build,
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WAIT_FOR_BUILD_MS))),
      ]);
      clearTimeout(timer);
      if (built) return send(built, req, reply);
    }
    builds.set(req, answers.startBuild(url));
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const build = builds.get(req);
    if (build === undefined) return payload;
    builds.delete(req);
    const answer = answers.finishBuild(
      build,
      reply.statusCode === 200 && typeof payload === 'string'
        ? {
            body: payload,
            contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
            competitionId: req.competition?.id,
          }
        : null,
    );
    if (!answer) return payload;
    reply.header('etag', answer.etag).header('cache-control', 'no-cache');
    return bodyFor(answer, req.headers['accept-encoding'], reply);
  });

  // An answer that never reached onSend (the request failed or its client left) frees its waiters.
  const abandon = async (req: FastifyRequest) => {
    const build = builds.get(req);
    if (build === undefined) return;
    builds.delete(req);
    answers.finishBuild(build, null);
  };
  app.addHook('onResponse', abandon);
  app.addHook('onRequestAbort', abandon);
};

// Hooks must apply to the routes of the whole app, not only inside this plugin (fastify-plugin's flag).
(plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default plugin;
