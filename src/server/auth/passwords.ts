import { randomBytes, scrypt, timingSafeEqual, createHash, type ScryptOptions } from 'node:crypto';
import { HttpError } from '../errors.ts';

const KEYLEN = 64;
/**
 * Test-only: the test suites start many servers and sign in hundreds of times, and at N=16384 each
 * hash costs tens of milliseconds of a shared CPU. They set PROMENADE_TEST_SCRYPT_N (a power of two,
 * at least 1024) to spend less; hashing and checking run the same code, and every hash records its N.
 * Production never sets it.
 */
export const FULL_SCRYPT_N = 16384;
function costN(): number {
  const n = Number(process.env.PROMENADE_TEST_SCRYPT_N);
  return Number.isInteger(n) && n >= 1024 && (n & (n - 1)) === 0 ? n : FULL_SCRYPT_N;
}
const PARAMS: ScryptOptions = { N: costN(), r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
/** The cost in use: below FULL_SCRYPT_N only when a test configuration lowered it. */
export const scryptCost = (): number => PARAMS.N!;

function scryptAsync(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEYLEN, PARAMS, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, all base64: parameters travel with the hash so they can be raised later. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Turns at a slow hash: at most `atOnce` run, at most `waiting` wait, and any more are refused at once
 * (503 \`busy\`). A scrypt check costs tens of milliseconds on one of libuv's four threads, which also
 * read files and compress answers: unbounded, a flood of wrong sign-ins kept them all busy and public
 * pages waited seconds. Bounded, a flood costs one thread and a short queue, and is refused cheaply.
 */
export class HashingTurns {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  /**
   * `share`: the part of the time a turn may be hashing. After a check that took d ms the turn rests
   * d × (1/share − 1) ms before the next starts, so even a flood that keeps the queue full holds at most
   * that share of one core; the caller has its answer at once.
   */
  constructor(
    private readonly atOnce: number,
    private readonly waiting: number,
    private readonly share = 1,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.atOnce) this.running++;
    else if (this.queue.length < this.waiting) await new Promise<void>((r) => this.queue.push(r));
    else
      throw new HttpError(
        503,
        'busy',
        'Too many sign-ins are being checked at once. Wait a few seconds and try again.',
        { reason: 'signins' },
      );
    const started = performance.now();
    try {
      return await work();
    } finally {
      const rest = (performance.now() - started) * (1 / this.share - 1);
      if (rest >= 1) setTimeout(() => this.handOver(), rest);
      else this.handOver();
    }
  }

  /** The turn passes to the next in line, or is given back. */
  private handOver(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}

/**
 * The process's turns at checking a password: one at a time, hashing at most a quarter of the time (a
 * full-cost check, ~50 ms, is followed by ~150 ms of rest), eight waiting: under a flood of wrong
 * passwords scrypt holds an eighth of a two-core machine, and a person signing in meanwhile waits under
 * two seconds or is asked to try again in a few.
 */
export const passwordChecks = new HashingTurns(1, 8, 0.25);

/** Whether `secret` is the one `stored` was hashed from; in turn (`passwordChecks`), 503 when too many wait. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  return passwordChecks.run(() => scryptMatches(secret, stored));
}

async function scryptMatches(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      secret,
      Buffer.from(salt, 'base64'),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash that is wrong for every input, to spend the same time when an account does not exist. */
export const DUMMY_HASH =
  `scrypt$${PARAMS.N}$8$1$AAAAAAAAAAAAAAAAAAAAAA==$` + Buffer.alloc(KEYLEN).toString('base64');

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
export const newToken = (): string => randomBytes(32).toString('base64url');
