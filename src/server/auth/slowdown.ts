import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';

/**
 * Repeated failed sign-ins from one source are answered ever more slowly (and logged), so guessing a
 * password or a 7-character access code is impractical, while a person who mistypes twice barely notices.
 */
export class FailureSlowdown {
  private readonly misses = new Map<string, { count: number; last: number }>();

  constructor(
    private readonly freeAttempts = 3,
    private readonly maxDelayMs = 8000,
    private readonly forgetAfterMs = 15 * 60_000,
  ) {}

  /** Misses in a row of this source that are not yet forgotten. */
  failures(source: string): number {
    const f = this.misses.get(source);
    return !f || Date.now() - f.last > this.forgetAfterMs ? 0 : f.count;
  }

  delayFor(source: string): number {
    const over = this.failures(source) - this.freeAttempts;
    return over < 0 ? 0 : Math.min(this.maxDelayMs, 250 * 2 ** over);
  }

  failed(source: string): number {
    const f = this.misses.get(source);
    const count = f && Date.now() - f.last <= this.forgetAfterMs ? f.count + 1 : 1;
    this.misses.set(source, { count, last: Date.now() });
    if (this.misses.size > 10_000) this.forgetOld();
    return count;
  }

  succeeded(source: string): void {
    this.misses.delete(source);
  }

  private forgetOld(): void {
    const cutoff = Date.now() - this.forgetAfterMs;
    for (const [k, v] of this.misses) if (v.last < cutoff) this.misses.delete(k);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Failures counted in a fixed window per source; at `max` the source is refused until the window
 * ends. Only failures count: a venue whose tablets all share one address signs in as often as it needs.
 */
export class FailureLimit {
  private readonly windows = new Map<string, { count: number; start: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until `source` may try again; 0 while it is under the limit. */
  waitSeconds(source: string): number {
    const w = this.windows.get(source);
    if (!w || Date.now() - w.start >= this.windowMs || w.count < this.max) return 0;
    return Math.max(1, Math.ceil((w.start + this.windowMs - Date.now()) / 1000));
  }

  failed(source: string): void {
    const w = this.windows.get(source);
    if (w && Date.now() - w.start < this.windowMs) w.count++;
    else this.windows.set(source, { count: 1, start: Date.now() });
    if (this.windows.size > 10_000) {
      const cutoff = Date.now() - this.windowMs;
      for (const [k, v] of this.windows) if (v.start < cutoff) this.windows.delete(k);
    }
  }
}

export interface SignInLimits {
  /** Failures one address may make in a minute (any account). */
  perAddressPerMinute: number;
  /**
   * Failures one account or official may collect in a minute from all addresses together: guessing one
   * account spread over many addresses. Addresses its sign-ins were right from are not held to it.
   */
  perAccountPerMinute: number;
}

/** How long, and for how many addresses, a right sign-in is remembered. */
const KNOWN_FOR_MS = 24 * 3600_000;
const KNOWN_MAX = 10_000;

/**
 * The guard in front of a sign-in: refuses (429) an address or an account past its failure limit,
 * slows repeated misses of one address on one account, and forgets that account's misses from that
 * address once it signs in.
 */
export class SignInGuard {
  private readonly slowdown = new FailureSlowdown();
  private readonly byAddress: FailureLimit;
  private readonly byAccount: FailureLimit;
  /** `scope|address` → when a sign-in in that scope was last right from that address. */
  private readonly known = new Map<string, number>();

  constructor(limits: SignInLimits) {
    this.byAddress = new FailureLimit(limits.perAddressPerMinute, 60_000);
    this.byAccount = new FailureLimit(limits.perAccountPerMinute, 60_000);
  }

  /**
   * Before the secret is checked: 429 past a limit (even for the right secret), else the slow-down.
   * An account's limit counts the misses of every address, so guessing spread over many addresses is
   * bounded too; it does not hold an address a sign-in of `scope` (the competition's officials, or the
   * account itself) was right from in the last day: the venue's tablets, the chairman's laptop. Sessions
   * already open are never touched.
   */
  async before(req: FastifyRequest, reply: FastifyReply, account: string, scope: string): Promise<void> {
    const pair = `${req.ip}|${account}`;
    const wait = Math.max(
      this.byAddress.waitSeconds(req.ip),
      this.isKnown(scope, req.ip) ? 0 : this.byAccount.waitSeconds(account),
    );
    if (wait > 0) {
      req.server.refusals.warn(req, { ip: req.ip, url: req.url.split('?')[0] }, 'rate limit reached');
      reply.header('retry-after', String(wait));
      throw new HttpError(429, 'rate_limited', `Too many attempts. Wait ${wait} seconds and try again.`, {
        seconds: wait,
      });
    }
    await sleep(this.slowdown.delayFor(pair));
  }

  /** Counts a miss; returns how many misses in a row this address made on this account. */
  failed(req: FastifyRequest, account: string): number {
    this.byAddress.failed(req.ip);
    this.byAccount.failed(account);
    return this.slowdown.failed(`${req.ip}|${account}`);
  }

  succeeded(req: FastifyRequest, account: string, scope: string): void {
    this.slowdown.succeeded(`${req.ip}|${account}`);
    const key = `${scope}|${req.ip}`;
    this.known.delete(key);
    this.known.set(key, Date.now());
    // Oldest first (insertion order): beyond the cap, the longest unseen are forgotten.
    for (const k of this.known.keys()) {
      if (this.known.size <= KNOWN_MAX) break;
      this.known.delete(k);
    }
  }

  private isKnown(scope: string, ip: string): boolean {
    const at = this.known.get(`${scope}|${ip}`);
    return at !== undefined && Date.now() - at < KNOWN_FOR_MS;
  }
}
