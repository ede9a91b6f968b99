/**
 * A flood of wrong sign-ins (officials' access codes and administrators' passwords, 100 at once, every
 * one from a new address) must not starve public reads: checking an access code costs no slow hash,
 * and password checks take turns in a short queue that refuses the rest at once (auth/passwords.ts).
 * The bound is a wide multiple of the same run's baseline (the figure itself is in `npm run bench`).
 */
import { describe, expect, it } from 'vitest';

// As production hashes: full-cost scrypt, not the tests' cheap one. Read when the harness (and the
// passwords module) load, so before they are imported.
process.env.PROMENADE_TEST_SCRYPT_N = '16384';
// The flood names its addresses in X-Forwarded-For, as a proxy in front of the server would.
process.env.PROMENADE_TRUST_PROXY = '1';
const { useTestServer } = await import('../../test/harness.ts');
const { FULL_SCRYPT_N, scryptCost } = await import('../../auth/passwords.ts');
const { percentile, runClient } = await import('../../test/timing.ts');

const { s } = useTestServer({ validateResponses: false, publicPulseMs: 1000 });
const C = '/api/v1/competitions/demo';
const PUBLIC_GETS = [C, `${C}/schedule`, `${C}/events`, `${C}/competitors`];

const child = <T>(script: string, args: string[]) => runClient<T>(script, s.url, args);

async function visit(ms: number) {
  const byPath = await child<Record<string, number[]>>('visitor.mjs', [String(ms), ...PUBLIC_GETS]);
  const all = PUBLIC_GETS.flatMap((p) => byPath[p]!).sort((a, b) => a - b);
  return { n: all.length, p50: percentile(all, 50), p99: percentile(all, 99), max: all.at(-1) ?? NaN };
}

describe('a flood of wrong sign-ins from ever-new addresses', () => {
  it('leaves public reads within a wide multiple of their baseline', async () => {
    expect(scryptCost()).toBe(FULL_SCRYPT_N);
    const baseline = await visit(3000);
    const flood = child<{ sent: number; statuses: Record<string, number> }>('signInFlood.mjs', [
      '100',
      '9000',
      process.env.FLOOD_KINDS ?? 'oan',
    ]);
    await new Promise((r) => setTimeout(r, 2000)); // the flood under way
    const during = await visit(5000);
    const result = await flood;
    const f = (x: number) => x.toFixed(1);
    console.log(
      `sign-in flood ${JSON.stringify(result)}; public GETs: baseline ${baseline.n} in 3 s, p50 ${f(baseline.p50)} / p99 ${f(baseline.p99)} / max ${f(baseline.max)} ms; during ${during.n} in 5 s, p50 ${f(during.p50)} / p99 ${f(during.p99)} / max ${f(during.max)} ms`,
    );
    expect(result.sent).toBeGreaterThan(100);
    // Pathology bounds: the stall these catch took seconds per read and let a handful through.
    expect(during.n).toBeGreaterThan(baseline.n / 4);
    expect(during.p99).toBeLessThan(10 * baseline.p99 + 200);
  }, 60_000);
});
