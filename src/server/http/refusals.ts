/**
 * Refusals that an attack repeats by the thousand (wrong sign-ins, rate limits, refused streams, bodies
 * that never arrive) are logged in aggregate: the first few of a kind each minute line by line, as an
 * ordinary mistake deserves, then one line per kind at the end of the minute with the count, how many
 * addresses, and the addresses that sent the most. A flood cannot fill the log (one attack run wrote
 * 27,607 warning lines), and the summary still says who and how much.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** Lines of a kind logged one by one per minute before the rest are only counted. */
export const DETAILED_PER_MINUTE = 10;
/** Addresses named in a summary line. */
const TOP = 5;
/** Distinct addresses counted per kind and minute; beyond, they are counted together as `others`. */
const MAX_ADDRESSES = 10_000;

interface Tally {
  count: number;
  byAddress: Map<string, number>;
  others: number;
}

export class RefusalLog {
  private tallies = new Map<string, Tally>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly log: FastifyBaseLogger,
    everyMs = 60_000,
  ) {
    this.timer = setInterval(() => this.flush(), everyMs);
    this.timer.unref();
  }

  /** A refusal of kind `message` for `req`: logged with `fields` while the minute's few last, else counted. */
  warn(req: FastifyRequest, fields: Record<string, unknown>, message: string): void {
    let t = this.tallies.get(message);
    if (!t) this.tallies.set(message, (t = { count: 0, byAddress: new Map(), others: 0 }));
    t.count++;
    const seen = t.byAddress.get(req.ip);
    if (seen !== undefined || t.byAddress.size < MAX_ADDRESSES) t.byAddress.set(req.ip, (seen ?? 0) + 1);
    else t.others++;
    if (t.count <= DETAILED_PER_MINUTE) req.log.warn(fields, message);
  }

  /** Ends the minute: one summary line per kind that had more than its detailed lines. */
  flush(): void {
    const tallies = this.tallies;
    this.tallies = new Map();
    for (const [message, t] of tallies) {
      if (t.count <= DETAILED_PER_MINUTE) continue;
      const top = [...t.byAddress]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, TOP)
        .map(([ip, count]) => ({ ip, count }));
      this.log.warn(
        {
          refused: message,
          count: t.count,
          addresses: t.byAddress.size + (t.others > 0 ? 1 : 0),
          top,
          ...(t.others > 0 ? { others: t.others } : {}),
        },
        `${message}: ${t.count} in the last minute (the first ${DETAILED_PER_MINUTE} logged one by one)`,
      );
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
