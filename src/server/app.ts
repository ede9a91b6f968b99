import './i18n.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DB } from './db/index.ts';
import type { ServerConfig } from './context.ts';
import './context.ts';
import { ChangeFeed } from './realtime/feed.ts';
import { PgNotifyBus } from './realtime/pgBus.ts';
import { VenueMirror } from './mirror/venue.ts';
import { mirrorReceiver } from './mirror/cloud.ts';
import mirrorRoutes from './mirror/routes.ts';
import type { DatabaseKind } from './db/dialect.ts';
import {
  anyKeyedCode,
  checkSharedSecret,
  entryCodes,
  installationSecret,
  SECRET_FILE,
  upgradeAccessCodes,
  upgradeEntryCodes,
  type EntryCodes,
} from './auth/entryCodes.ts';
import { HttpError, installErrorHandling } from './errors.ts';
import { resolveActor, SESSION_COOKIE } from './auth/sessions.ts';
import stream from './realtime/stream.ts';
import authRoutes from './api/auth/routes.ts';
import competitionRoutes from './api/competitions/routes.ts';
import settingsRoutes from './api/settings/routes.ts';
import adminRoutes from './api/admins/routes.ts';
import dashboardRoutes from './api/dashboard/routes.ts';
import exchangeRoutes from './api/exchange/routes.ts';
import auditRoutes from './api/audit/routes.ts';
import eventRoutes from './api/events/routes.ts';
import officialRoutes from './api/officials/routes.ts';
import registrationRoutes from './api/registrations/routes.ts';
import competitorRoutes from './api/competitors/routes.ts';
import entryRoutes from './api/entries/routes.ts';
import scheduleRoutes from './api/schedule/routes.ts';
import rounds from './api/rounds/index.ts';
import printRoutes from './api/print/routes.ts';
import imageRoutes from './api/images/routes.ts';
import peopleRoutes from './api/people/routes.ts';
import mailingRoutes from './api/mailings/routes.ts';
import outboxRoutes from './api/outbox/routes.ts';
import moneyRoutes from './api/money/routes.ts';
import readCache from './realtime/readCache.ts';
import { installAccessChecks } from './http/access.ts';
import { netLimits, type NetLimits } from './http/limits.ts';
import { installBodyGuards } from './http/bodies.ts';
import { RefusalLog } from './http/refusals.ts';
import { responseSerializer } from './http/responses.ts';
import { healthResponse } from '../domain/schemas/common.ts';
import { StorageWatch } from './storage.ts';
import { parseMailFrom, parseMailRate, parseSmtpUrl } from './mail/config.ts';
import { installationTag, Sender, type SenderOptions } from './mail/sender.ts';

interface OpenApiOp {
  'x-body-optional'?: boolean;
  requestBody?: { required?: boolean };
  responses?: Record<string, { description?: string; content?: unknown }>;
}

/** The route's body schema accepts no body (or it has none): the command takes no fields. */
function takesNoFields(req: FastifyRequest): boolean {
  const schema = req.routeOptions.schema?.body as
    { safeParse?: (v: unknown) => { success: boolean } } | undefined;
  return !schema || (typeof schema.safeParse === 'function' && schema.safeParse(undefined).success);
}

export interface AppOptions {
  db: DB;
  /** A connection for long snapshot reads (db/index.ts); `db` when not given. */
  snapshots?: DB;
  /** Which database `db` is; PostgreSQL's URL opens the change feed's LISTEN connection. Default SQLite. */
  database?: { kind: DatabaseKind; url: string | null };
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
  /** How long a cached public read may live without a change-feed message (tests shorten it). */
  readCacheMaxAgeMs?: number;
  /** Check every answer against its declared response schema (the test harness turns it on). */
  validateResponses?: boolean;
  /** How often repeated refusals are summed up in the log (http/refusals.ts); a minute by default. */
  refusalLogMs?: number;
  /** Network limits; unset ones come from the environment (http/limits.ts). */
  limits?: Partial<NetLimits>;
  /**
   * At most one public change notice per competition this often, gathering a burst (realtime/pulse.ts).
   * 0 (the default here; tests): every change at once. The server takes PROMENADE_PUBLIC_PULSE_MS.
   */
  publicPulseMs?: number;
  /**
   * The mail sender's timing (mail/sender.ts): tests shorten the backoff and the lease. `false`: the
   * outbox keeps what commands write and nothing takes it (test servers without a mail server, whose
   * "refused requests write nothing" checks must not see a sender updating rows meanwhile).
   */
  mail?: Partial<SenderOptions> | false;
}

/** No inline scripts; Mantine needs inline styles. No request leaves for another host. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Entry and access codes keyed by the installation's secret (made on the first start); codes still
 * stored as a bare SHA-256 are converted now, so they keep working.
 */
async function storedEntryCodes(db: DB, dataDir: string | null, shared: boolean): Promise<EntryCodes> {
  const { secret, created } = installationSecret(dataDir);
  // Instances sharing a PostgreSQL database must hold the same secret (one SQLite file has one server).
  if (shared && dataDir !== null) await checkSharedSecret(db, secret, join(dataDir, SECRET_FILE));
  const codes = entryCodes(secret);
  if (created && dataDir !== null && (await anyKeyedCode(db)))
    console.warn(
      `Warning: ${join(dataDir, SECRET_FILE)} was missing and has been made anew: couples' entry codes made before no longer open their registrations. Restore the file from a backup of the data folder (then restart) to make them work again.`,
    );
  await db.transaction().execute(async (trx) => {
    await upgradeEntryCodes(trx, codes);
    await upgradeAccessCodes(trx, codes);
  });
  return codes;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const limits: NetLimits = { ...netLimits(), ...opts.limits };
  // Mail settings that cannot work stop the start here, before anything is opened.
  const smtp = parseSmtpUrl(opts.config.smtpUrl);
  const mailFrom = parseMailFrom(opts.config.mailFrom, { publicUrl: opts.config.publicUrl, smtp });
  const app = Fastify({
    logger: opts.logger ?? false,
    // Every route takes at most 1 MiB unless it says otherwise (import: 64 MiB).
    bodyLimit: 1024 * 1024,
    // A number of hops: the client address is the entry the nearest `n` proxies vouch for (the
    // rightmost for one proxy), never what the client itself wrote at the left of X-Forwarded-For.
    // (Fastify's number form, `(address, hop) => hop < n`, spelled out: its types omit the number.)
    trustProxy:
      limits.trustProxyHops > 0 ? (_address: string, hop: number) => hop < limits.trustProxyHops : false,
    // Keep one hostile request from holding the server: deep JSON is refused by the parser's limits.
    return503OnClosing: true,
    // Errors the router and the HTTP parser answer before any handler: the same error shape as the rest.
    frameworkErrors: (err, _req, res) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const reply = res as unknown as FastifyReply;
      return reply.status(tooLong ? 414 : 400).send({
        error: {
          code: 'bad_request',
          message: tooLong ? 'A part of the address is too long.' : 'The address is not valid.',
        },
      });
    },
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, reason, message] =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'The request headers or address are too large.']
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout', 'The request took too long to arrive.']
            : [400, 'Bad Request', 'The request is not valid HTTP.'];
      const body = JSON.stringify({ error: { code: 'bad_request', message } });
      if (socket.writable)
        socket.write(
          `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
        );
      socket.destroy(err);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(opts.validateResponses ?? false));

  app.decorate('db', opts.db);
  app.decorate('snapshots', opts.snapshots ?? opts.db);
  app.decorate('config', opts.config);
  app.decorate('limits', limits);
  app.decorate('storage', new StorageWatch(opts.config.dataDir));
  app.server.maxConnections = limits.maxConnections;
  app.decorate(
    'entryCodes',
    await storedEntryCodes(opts.db, opts.config.dataDir, opts.database?.kind === 'postgres'),
  );
  // Several instances may share a PostgreSQL database: changes travel between them by LISTEN/NOTIFY.
  const pgUrl = opts.database?.kind === 'postgres' ? opts.database.url : null;
  const pgBus = pgUrl ? new PgNotifyBus(opts.db, pgUrl, app.log) : null;
  if (pgBus) {
    await pgBus.start();
    app.addHook('onClose', () => pgBus.close());
  }
  const refusals = new RefusalLog(app.log, opts.refusalLogMs);
  app.decorate('refusals', refusals);
  app.addHook('onClose', async () => refusals.close());
  app.decorate('feed', new ChangeFeed(opts.db, pgBus ?? undefined, opts.publicPulseMs ?? 0));
  app.addHook('onClose', async () => app.feed.close());
  const mail = new Sender({
    db: opts.db,
    smtp,
    from: mailFrom,
    installationTag: installationTag(app.entryCodes.hash('message ids')),
    log: app.log,
    options: { ratePerSecond: parseMailRate(opts.config.mailRate), ...(opts.mail || {}) },
  });
  app.decorate('mail', mail);
  // Started once the server is ready, stopped before the database closes.
  if (opts.mail !== false) app.addHook('onReady', () => mail.start());
  app.addHook('onClose', () => mail.stop());
  // A venue mirrors its competitions to the public site once it serves (docs/mirror.md).
  const mirror = opts.config.mirrorTo ? new VenueMirror(app, opts.config.mirrorTo) : null;
  app.decorate('mirror', mirror);
  if (mirror) {
    app.addHook('onReady', () => mirror.start());
    app.addHook('preClose', () => mirror.stop());
  }
  app.decorateRequest('actor', null as never);

  installErrorHandling(app);
  installAccessChecks(app);
  installBodyGuards(app, limits.bodyTimeoutMs);
  // JSON only: a text/plain post is a "simple" cross-site request (no CORS preflight), so taking it would
  // let a page on a sibling subdomain run bodyless commands (new access code, post results) with a cookie.
  app.removeContentTypeParser('text/plain');
  // A command that takes no fields (its body schema is optional) may be sent with no body at all, with
  // or without a JSON content type (`curl -X POST …/rounds/generate`): that is the empty object. A
  // command that needs fields answers that the body is empty.
  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '' && takesNoFields(req)) return done(null, {});
    return json(req, body as string, done);
  });
  app.addHook('preValidation', async (req) => {
    if (req.body !== undefined && req.body !== null) return;
    if (req.method === 'GET' || req.method === 'HEAD') return;
    // A JSON `null` that was sent is junk, not an absent body.
    const length = req.headers['content-length'];
    if (req.headers['transfer-encoding'] || (length !== undefined && length !== '0')) return;
    if (takesNoFields(req)) req.body = {};
    else if (req.routeOptions.schema?.body)
      throw new HttpError(400, 'bad_request', 'The request body is empty; send a JSON object.');
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // A burst of sign-in tries is worth a line in the log, like each wrong password or code.
    onExceeded: (req) =>
      req.server.refusals.warn(req, { ip: req.ip, url: req.url.split('?')[0] }, 'rate limit reached'),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: `Too many attempts. Wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Promenade API',
        version: '1.0.0',
        description: 'Run a ballroom dance competition. See docs/api.md.',
      },
    },
    // A command that takes no fields says so: its request body is optional (Fastify's swagger would
    // mark every declared body required).
    transform: (args) => {
      const out = jsonSchemaTransform(args);
      const body = args.schema.body as { safeParse?: (v: unknown) => { success: boolean } } | undefined;
      if (body?.safeParse?.(undefined).success)
        (out.schema as Record<string, unknown>)['x-body-optional'] = true;
      return out;
    },
    transformObject: (doc) => {
      const spec = 'openapiObject' in doc ? doc.openapiObject : doc.swaggerObject;
      for (const ops of Object.values(
        (spec as { paths?: Record<string, Record<string, OpenApiOp>> }).paths ?? {},
      ))
        for (const op of Object.values(ops)) {
          if (op['x-body-optional']) {
            delete op['x-body-optional'];
            if (op.requestBody) op.requestBody.required = false;
          }
          // A 204 (declared as `noContent`) has no body to describe.
          const none = op.responses?.['204'];
          if (none) {
            delete none.content;
            none.description = 'No content';
          }
        }
      return spec;
    },
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('content-security-policy', CSP);
    return payload;
  });

  // Commands come only from our own pages: browsers mark a request from another site (a sibling
  // subdomain included, which SameSite=Lax lets carry the cookie) and it is refused before any work.
  // Scripts and tools send no Sec-Fetch-Site and are unaffected.
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !req.url.startsWith('/api/')) return;
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site')
      throw new HttpError(403, 'cross_site', 'This request came from another site and was refused.');
  });

  app.addHook('onRequest', async (req) => {
    req.actor = req.url.startsWith('/api/')
      ? await resolveActor(app.db, req.cookies[SESSION_COOKIE])
      : { kind: 'anonymous' };
  });

  // 503 with ok: false while writes cannot be stored, so a monitor that reads only the status sees it.
  app.get(
    '/api/health',
    { schema: { tags: ['site'], response: { 200: healthResponse, 503: healthResponse } } },
    async (_req, reply) => {
      const storage = app.storage.state();
      return reply.status(storage === 'ok' ? 200 : 503).send({
        ok: storage === 'ok',
        database: pgBus ? ('postgres' as const) : ('sqlite' as const),
        feed: pgBus ? pgBus.state : ('in-process' as const),
        storage,
        mirror: mirror ? mirror.health() : { state: 'off' as const, behind: 0, since: null },
      });
    },
  );
  const acceptTokens = (opts.config.mirrorAcceptTokens ?? []).filter((t) => t.length > 0);
  if (acceptTokens.length > 0) await app.register(mirrorReceiver(acceptTokens), { prefix: '/api/mirror/v1' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (v1) => {
      // By resource: the competition and its staff, its events, who dances, the day, print-outs.
      await v1.register(authRoutes);
      await v1.register(competitionRoutes);
      await v1.register(settingsRoutes);
      await v1.register(adminRoutes);
      await v1.register(dashboardRoutes);
      await v1.register(exchangeRoutes);
      await v1.register(auditRoutes);
      await v1.register(eventRoutes);
      await v1.register(officialRoutes);
      await v1.register(registrationRoutes);
      await v1.register(competitorRoutes);
      await v1.register(entryRoutes);
      await v1.register(scheduleRoutes);
      await v1.register(rounds);
      await v1.register(printRoutes);
      await v1.register(imageRoutes);
      await v1.register(peopleRoutes);
      await v1.register(mailingRoutes);
      await v1.register(outboxRoutes);
      await v1.register(moneyRoutes);
      await v1.register(mirrorRoutes);
      await v1.register(stream);
    },
    { prefix: '/api/v1' },
  );
  // Public reads every phone repeats (GET …/events) are served from memory until the next change.
  await app.register(readCache, { maxAgeMs: opts.readCacheMaxAgeMs });

  const webRoot = opts.config.webRoot;
  const spa = !!webRoot && existsSync(join(webRoot, 'index.html'));
  if (spa) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: false,
      // The build writes .br/.gz next to each text file (scripts/compress.ts); index.html too.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  if (spa)
    app.get('/', { schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html'),
    );
  // History-mode SPA: every non-API GET that is not a file gets index.html; /api stays JSON.
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (!spa || path.startsWith('/api') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No such path: ${req.method} ${path.slice(0, 200)}` } });
    }
    reply.header('cache-control', 'no-cache');
    return reply.code(200).type('text/html').sendFile('index.html');
  });
  return app;
}
