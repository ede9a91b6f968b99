import { HttpError } from '../errors.ts';

/**
 * At most `running` of one kind of command in one turn of the event loop, the rest waiting in order (at
 * most `waiting`; beyond that 503 `busy`).
 *
 * SQLite calls are synchronous, so a registration runs from start to end in promise callbacks without
 * ever giving the event loop back. Started as each request arrived, the 100 requests a flood delivers in
 * one turn ran back to back (~0.3–0.5 s) before any visitor's GET was even read. Here work
 * starts only from a setImmediate, `running` per turn: between turns the loop reads and answers the
 * other requests. Waiting here holds no connection.
 */
export class Gate {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  private scheduled = false;

  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.queue.length >= this.waiting)
      throw new HttpError(503, 'busy', 'Many people are registering right now. Try again in a minute.', {
        reason: 'registering',
      });
    await new Promise<void>((resolve) => {
      this.queue.push(resolve);
      this.nextTurn();
    });
    try {
      return await work();
    } finally {
      this.active--;
      this.nextTurn();
    }
  }

  /** Starts what may start, on the next turn of the event loop (after it has polled the sockets). */
  private nextTurn(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.active < this.running && this.queue.length > 0) {
        this.active++;
        this.queue.shift()!();
      }
    });
  }
}
