/** One client's part of the change feed, as Server-Sent Events text (the route is stream.ts). */
import type { Change, ChangeFeed } from './feed.ts';

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
