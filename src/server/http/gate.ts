import { HttpError } from '../errors.ts';

/**
 * At most `running` of one kind of command at a time, the rest waiting in order (at most `waiting`;
 * beyond that 503 `busy`). Commands share the one SQLite connection, and a reader waits behind every
 * transaction queued before it: without a gate, 100 addresses registering at once put a visitor's
 * GET behind ~100 transactions (issue 15: p50 8.7 s). Waiting here holds no connection.
 */
export class Gate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting)
        throw new HttpError(503, 'busy', 'Many people are registering right now. Try again in a minute.');
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.active++;
    try {
      return await work();
    } finally {
      // Hand the slot to the next in line (active stays the same), or free it. On the next turn of the
      // event loop, not at once: SQLite calls are synchronous, so a queue handed on in promise callbacks
      // ran hundreds of registrations without ever letting a visitor's request be read.
      const next = this.queue.shift();
      if (next) setImmediate(next);
      else this.active--;
    }
  }
}
