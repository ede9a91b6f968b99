import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../api/competitions/queries.ts';
import { isCompetitionAdmin, type Actor } from '../auth/sessions.ts';
import { PUBLIC_TOPICS, type Change } from './feed.ts';

const HEARTBEAT_MS = 15_000;

/** Staff of this competition also receive the `marks` topic. */
function isStaff(actor: Actor, competitionId: number): boolean {
  return (
    isCompetitionAdmin(actor, competitionId) ||
    (actor.kind === 'official' && actor.official.competitionId === competitionId)
  );
}

const frame = (c: Pick<Change, 'id' | 'topic'>) =>
  `id: ${c.id}\nevent: change\ndata: ${JSON.stringify({ topic: c.topic, version: c.id })}\n\n`;

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
        params: z.object({ key: z.string().max(100) }),
        querystring: z.object({ lastEventId: z.coerce.number().int().min(0).optional() }),
      },
    },
    async (req, reply) => {
      const c = await findCompetition(app.db, req.params.key);
      const staff = isStaff(req.actor, c.id);
      const allowed = (c2: Change) => c2.competitionId === c.id && (staff || PUBLIC_TOPICS.has(c2.topic));
      const header = Number(req.headers['last-event-id']);
      const lastId = Number.isFinite(header) && header >= 0 ? header : req.query.lastEventId;

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

      // Subscribe before replaying so nothing published meanwhile is missed; queue until replay is done.
      let sent = lastId ?? 0;
      let queue: Change[] | null = [];
      const unsubscribe = app.feed.subscribe((ch) => {
        if (!allowed(ch)) return;
        if (queue) queue.push(ch);
        else if (ch.id > sent) {
          sent = ch.id;
          res.write(frame(ch));
        }
      });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      req.raw.on('close', cleanup);

      if (lastId === undefined) {
        sent = await app.feed.latestId(c.id);
        res.write(`id: ${sent}\nevent: hello\ndata: ${JSON.stringify({ version: sent })}\n\n`);
      } else {
        const missed = await app.feed.since(c.id, lastId);
        if (missed === null) {
          sent = await app.feed.latestId(c.id);
          res.write(`id: ${sent}\nevent: reset\ndata: {}\n\n`);
        } else {
          for (const ch of missed) if (allowed(ch) && ch.id > sent) res.write(frame(ch));
          if (missed.length) sent = Math.max(sent, ...missed.map((m) => m.id));
        }
      }
      for (const ch of queue)
        if (ch.id > sent) {
          sent = ch.id;
          res.write(frame(ch));
        }
      queue = null;
    },
  );
};

export default stream;
