import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyParams } from '../http/params.ts';
import { changeStream } from '../../domain/schemas/competition.ts';
import { EVENT_ID, parseEventId } from './feed.ts';
import { followFeed } from './follow.ts';
import { seesUnposted } from '../http/access.ts';

const HEARTBEAT_MS = 15_000;

const stream: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  // SSE connections never go idle; end them so a graceful shutdown does not wait forever.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  app.get(
    '/competitions/:key/stream',
    {
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
    },
    async (req, reply) => {
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
        open.delete(res);
        res.end();
        return;
      }
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      const cleanup = () => {
        clearInterval(heartbeat);
        stop();
        open.delete(res);
      };
      if (res.destroyed) cleanup();
      else res.on('close', cleanup);
    },
  );
};

export default stream;
