/** One client's part of the change feed, as Server-Sent Events text (the route is stream.ts). */
import {
  eventIdOf,
  numberIn,
  isPublicChange,
  type Change,
  type ChangeFeed,
  type FeedPosition,
  type FeedView,
} from './feed.ts';

export interface FeedFollower {
  competitionId: number;
  /** `staff`: every change (only for those who may see unposted marks); `public`: the public topics. */
  view: FeedView;
  /** The last change the client has (its Last-Event-ID); undefined for a new page. */
  lastEventId: FeedPosition | undefined;
  write: (text: string) => void;
}

/**
 * Starts one client's part of the feed: `hello` (a new page) or the replay of what it missed (or
 * `reset`), then every change as it is published. Returns the unsubscribe. Each frame's id is its place
 * in the client's stream (feed.ts: the public stream is numbered by public changes only).
 *
 * A new page refetches everything when its stream opens, and the headers are sent only after this
 * subscribed. A change published after the subscription may therefore be newer than what that refetch
 * read, even when its id is not above the latest id read for `hello` (the publish can commit between
 * the subscription and that read): every change published after the subscription is sent, and `hello`
 * carries an id just below the first of them so Last-Event-ID stays in order. Otherwise such a change
 * would be dropped, and a staff screen opened just as a round started would never hear of it.
 */
export async function followFeed(feed: ChangeFeed, f: FeedFollower): Promise<() => void> {
  const { view } = f;
  const at = (c: Change) => numberIn(view, c);
  const id = (n: number) => eventIdOf({ view, n });
  const allowed = (c: Change) =>
    c.competitionId === f.competitionId && (view === 'staff' || isPublicChange(c));
  // A place in the other stream (the session changed as the browser reconnected) was translated by
  // `since`: its replay starts right after it.
  let sent = f.lastEventId?.view === view ? f.lastEventId.n : 0;
  let queue: Change[] | null = [];
  const send = (ch: Change) => {
    if (at(ch) <= sent) return;
    sent = at(ch);
    f.write(
      `id: ${id(sent)}\nevent: change\ndata: ${JSON.stringify({ topic: ch.topic, version: sent })}\n\n`,
    );
  };
  /**
   * The newest place the stream may claim: on the public stream, not past what the pulse announced
   * (a change still to be announced comes with its notice, when the read cache has let go of older data).
   */
  const newest = async () => {
    const latest = await feed.latest(f.competitionId, view);
    const announced = view === 'public' ? feed.pulse.announced(f.competitionId) : undefined;
    return announced === undefined ? latest : Math.min(latest, announced);
  };
  /** The newest place, or just below the first change queued since subscribing. */
  const startAt = async () => {
    const latest = await newest();
    const first = queue?.[0];
    return first !== undefined ? Math.min(latest, at(first) - 1) : latest;
  };
  const take = (ch: Change) => {
    if (!allowed(ch)) return;
    if (queue) queue.push(ch);
    else send(ch);
  };
  // Staff streams follow every change; public ones the pulse's notices (pulse.ts).
  const unsubscribe =
    view === 'staff' ? feed.subscribe(take) : feed.pulse.subscribe((changes) => changes.forEach(take));
  try {
    if (f.lastEventId === undefined) {
      sent = await startAt();
      f.write(`id: ${id(sent)}\nevent: hello\ndata: ${JSON.stringify({ version: sent })}\n\n`);
    } else {
      const missed = await feed.since(f.competitionId, f.lastEventId, view);
      if (missed === null) {
        sent = await startAt();
        f.write(`id: ${id(sent)}\nevent: reset\ndata: {}\n\n`);
      } else {
        const upTo = await newest();
        for (const ch of missed) if (allowed(ch) && at(ch) <= upTo) send(ch);
      }
    }
    for (const ch of queue.sort((a, b) => at(a) - at(b))) send(ch);
    queue = null;
  } catch (err) {
    unsubscribe();
    throw err;
  }
  return unsubscribe;
}
