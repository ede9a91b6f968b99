/**
 * One at a time per key, in the order they came, holding nothing while they wait. On PostgreSQL the
 * commands of one competition take turns on an advisory lock (db/dialect.ts `takeTurn`), and a command
 * waiting there holds a pooled connection: nine judges' submissions queued behind a slow command would
 * hold nine of the pool's ten connections and every public read would wait for the tenth. Queued here
 * first, an instance holds at most one connection per competition for its commands.
 */
export class Turns {
  private readonly tails = new Map<number, Promise<void>>();

  async run<T>(key: number, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    await before;
    try {
      return await work();
    } finally {
      done();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
