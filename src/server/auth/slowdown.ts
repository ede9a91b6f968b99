/**
 * Repeated failed sign-ins from one source are answered ever more slowly (and logged), so guessing a
 * password or a 7-character access code is impractical, while a person who mistypes twice barely notices.
 */
export class FailureSlowdown {
  private readonly failures = new Map<string, { count: number; last: number }>();

  constructor(
    private readonly freeAttempts = 3,
    private readonly maxDelayMs = 8000,
    private readonly forgetAfterMs = 15 * 60_000,
  ) {}

  delayFor(source: string): number {
    const f = this.failures.get(source);
    if (!f || Date.now() - f.last > this.forgetAfterMs) return 0;
    const over = f.count - this.freeAttempts;
    return over < 0 ? 0 : Math.min(this.maxDelayMs, 250 * 2 ** over);
  }

  failed(source: string): number {
    const f = this.failures.get(source);
    const count = f && Date.now() - f.last <= this.forgetAfterMs ? f.count + 1 : 1;
    this.failures.set(source, { count, last: Date.now() });
    if (this.failures.size > 10_000) this.forgetOld();
    return count;
  }

  succeeded(source: string): void {
    this.failures.delete(source);
  }

  private forgetOld(): void {
    const cutoff = Date.now() - this.forgetAfterMs;
    for (const [k, v] of this.failures) if (v.last < cutoff) this.failures.delete(k);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
