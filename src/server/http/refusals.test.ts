/**
 * Repeated refusals are logged in aggregate: 500 refused sign-ins from 100 addresses make a bounded
 * number of warning lines (a few one by one, then one summary per kind with its count and top
 * addresses), not 500.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Client, useTestServer } from '../test/harness.ts';
import { DETAILED_PER_MINUTE } from './refusals.ts';

// The refusals come from 100 addresses named in X-Forwarded-For, as a proxy in front would.
process.env.PROMENADE_TRUST_PROXY = '1';

interface LogLine {
  level: number;
  msg: string;
  [k: string]: unknown;
}
const lines: LogLine[] = [];
const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString('utf8').split('\n')) if (l.trim()) lines.push(JSON.parse(l) as LogLine);
    done();
  },
});
const WARN = 40;
const { s } = useTestServer({ logger: { level: 'info', stream: capture } });

describe('refusals in the log', () => {
  it('500 refused sign-ins make a bounded number of warning lines, with the counts and the top addresses', async () => {
    const tries = Array.from({ length: 500 }, (_, i) => ({
      ip: `203.0.113.${(i % 100) + 1}`,
      // Each address tries five different officials: no per-address limit or slow-down applies.
      official: (((i % 100) + Math.floor(i / 100)) % 9) + 1,
      code: `WRONG${i}`,
    }));
    const statuses: Record<number, number> = {};
    for (let b = 0; b < tries.length; b += 25)
      await Promise.all(
        tries.slice(b, b + 25).map(async (t) => {
          const res = await new Client(s.url).call(
            'POST',
            `/api/v1/competitions/demo/officials/${t.official}/session`,
            { code: t.code },
            { 'x-forwarded-for': t.ip },
          );
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }),
      );
    // 30 misses a minute on each of the nine officials, then 429 (a few more while 25 are in flight).
    const [missed, limitedCount] = [statuses[401] ?? 0, statuses[429] ?? 0];
    expect(missed + limitedCount).toBe(500);
    expect(missed).toBeGreaterThanOrEqual(270);
    expect(missed).toBeLessThanOrEqual(270 + 25);

    s.app.refusals.flush();
    const warnings = lines.filter((l) => l.level === WARN);
    const rejected = warnings.filter((l) => l.msg === 'access code rejected');
    const limited = warnings.filter((l) => l.msg === 'rate limit reached');
    expect(rejected).toHaveLength(DETAILED_PER_MINUTE);
    expect(limited).toHaveLength(DETAILED_PER_MINUTE);
    const summaries = warnings.filter((l) => typeof l.refused === 'string');
    expect(summaries.map((l) => [l.refused, l.count, l.addresses])).toEqual([
      ['access code rejected', missed, 100],
      ['rate limit reached', limitedCount, 100],
    ]);
    for (const l of summaries) {
      const top = l.top as { ip: string; count: number }[];
      expect(top).toHaveLength(5);
      expect(top.every((a) => /^203\.0\.113\.\d+$/.test(a.ip) && a.count >= 1)).toBe(true);
      expect(top.map((a) => a.count)).toEqual([...top.map((a) => a.count)].sort((a, b) => b - a));
    }
    expect(warnings.length).toBe(2 * DETAILED_PER_MINUTE + 2);
    // The codes tried are never written.
    expect(JSON.stringify(lines)).not.toContain('WRONG4');

    // A new minute starts afresh: a miss is logged line by line again.
    const mark = lines.length;
    const again = await new Client(s.url).call(
      'POST',
      '/api/v1/auth/login',
      { email: 'nobody@example.com', password: 'not-it' },
      { 'x-forwarded-for': '198.51.100.1' },
    );
    expect(again.status).toBe(401);
    expect(lines.slice(mark).filter((l) => l.level === WARN)).toEqual([
      expect.objectContaining({ msg: 'sign-in failed', ip: '198.51.100.1' }),
    ]);
  }, 60_000);
});
