import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../http/params.ts';
import * as endpoints from '../../domain/schemas/endpoints.ts';
import { changeStream } from '../../domain/schemas/competition.ts';
import { EVENT_ID, parseEventId } from './feed.ts';
import { followFeed } from './follow.ts';
import { seesUnposted } from '../http/access.ts';
import { HttpError } from '../errors.ts';

const HEARTBEAT_MS = 15_000;
/** A refused stream tries again after this (the browser's EventSource waits its own `retry`). */
const RETRY_AFTER_S = 30;

const stream: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  /** Open streams per client address: one client may not hold every descriptor. */
  const byAddress = new Map<string, number>();
  const { streamsPerAddress, streamsTotal } = app.limits;
  // SSE connections never go idle; end them so a graceful shutdown does not wait forever.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
    byAddress.clear();
  });

  app.route({
    method: endpoints.getStream.method,
    url: endpoints.getStream.path,
    schema: {
      tags: ['realtime'],
      summary: 'Server-Sent Events change feed (topics and versions; resume with Last-Event-ID)',
      params: keyParams,
      // The id of the last frame the client has (as Last-Event-ID, for clients that cannot set it).
      querystring: z.object({ lastEventId: z.string().regex(EVENT_ID).optional() }),
      produces: ['text/event-stream'],
      response: { 200: changeStream },
    },
    // Those of this competition who may see unposted marks also receive the `marks` topic.
    config: { access: 'publicOrStaff' },
    handler: async (req, reply) => {
      const ip = req.ip;
      const mine = byAddress.get(ip) ?? 0;
      if (mine >= streamsPerAddress || open.size >= streamsTotal) {
        req.server.refusals.warn(req, { ip, mine, open: open.size }, 'stream refused: too many open');
        // Close the socket too: a refused client must not keep a descriptor by keeping it alive.
        reply.header('retry-after', String(RETRY_AFTER_S)).header('connection', 'close');
        throw new HttpError(
          503,
          'too_many_streams',
          mine >= streamsPerAddress
            ? 'Too many live streams are open from your address. Close some pages and try again.'
            : 'The server has as many live streams open as it can hold. Try again shortly.',
        );
      }
      const c = req.competition;
      const header = req.headers['last-event-id'];
      const lastEventId =
        parseEventId(typeof header === 'string' ? header : undefined) ?? parseEventId(req.query.lastEventId);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write('retry: 3000\n\n');
      open.add(res);
      byAddress.set(ip, mine + 1);
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        open.delete(res);
        const left = (byAddress.get(ip) ?? 1) - 1;
        if (left > 0) byAddress.set(ip, left);
        else byAddress.delete(ip);
      };

      let stop: () => void;
      try {
        stop = await followFeed(app.feed, {
          competitionId: c.id,
          view: seesUnposted(req.role) ? 'staff' : 'public',
          lastEventId,
          write: (text) => res.write(text),
        });
      } catch (err) {
        // Headers are out: end the stream; the browser reconnects with its Last-Event-ID.
        req.log.error({ err }, 'change feed could not start');
        release();
        res.end();
        return;
      }
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      const cleanup = () => {
        clearInterval(heartbeat);
        stop();
        release();
      };
      if (res.destroyed) cleanup();
      else res.on('close', cleanup);
    },
  });
};

export default stream;
