import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../api/competitions/queries.ts';
import { isCompetitionAdmin, type Actor } from '../auth/sessions.ts';
import { PUBLIC_TOPICS, type Change, type ChangeFeed } from './feed.ts';

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

export interface FeedFollower {
  competitionId: number;
  /** The last change the client has (its Last-Event-ID); undefined for a new page. */
  lastEventId: number | undefined;
  allowed: (change: Change) => boolean;
  write: (text: string) => void;
}

/**
 * Starts one client's part of the feed: `hello` (a new page) or the replay of what it missed (or
 * `reset`), then every change as it is published. Returns the unsubscribe.
 *
 * A new page refetches everything when its stream opens, and the headers are sent only after this
 * subscribed. A change published after the subscription may therefore be newer than what that refetch
 * read, even when its id is not above the latest id read for `hello` (the publish can commit between
 * the subscription and that read): every change published after the subscription is sent, and `hello`
 * carries an id just below the first of them so Last-Event-ID stays in order. (Before: such a change was
 * dropped, and a staff screen opened just as a round started never heard of it: issue 13.)
 */
export async function followFeed(feed: ChangeFeed, f: FeedFollower): Promise<() => void> {
  let sent = f.lastEventId ?? 0;
  let queue: Change[] | null = [];
  const send = (ch: Change) => {
    if (ch.id <= sent) return;
    sent = ch.id;
    f.write(frame(ch));
  };
  const unsubscribe = feed.subscribe((ch) => {
    if (!f.allowed(ch)) return;
    if (queue) queue.push(ch);
    else send(ch);
  });
  try {
    if (f.lastEventId === undefined) {
      const latest = await feed.latestId(f.competitionId);
      const first = queue[0]?.id;
      sent = first !== undefined ? Math.min(latest, first - 1) : latest;
      f.write(`id: ${sent}\nevent: hello\ndata: ${JSON.stringify({ version: sent })}\n\n`);
    } else {
      const missed = await feed.since(f.competitionId, f.lastEventId);
      if (missed === null) {
        sent = await feed.latestId(f.competitionId);
        const first = queue[0]?.id;
        if (first !== undefined) sent = Math.min(sent, first - 1);
        f.write(`id: ${sent}\nevent: reset\ndata: {}\n\n`);
      } else {
        for (const ch of missed) if (f.allowed(ch)) send(ch);
      }
    }
    for (const ch of queue.sort((a, b) => a.id - b.id)) send(ch);
    queue = null;
  } catch (err) {
    unsubscribe();
    throw err;
  }
  return unsubscribe;
}

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

      let stop: () => void;
      try {
        stop = await followFeed(app.feed, {
          competitionId: c.id,
          lastEventId: lastId,
          allowed,
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
