/**
 * Behind one reverse proxy (PROMENADE_TRUST_PROXY=1) the client's address is the one that proxy
 * appended to X-Forwarded-For, the rightmost entry; what the client wrote to its left is not believed
 * (issue 15: rotating the leftmost entry let one client try 1,000 access codes with no 429).
 */
import { describe, expect, it } from 'vitest';
import { Client, expectErrorShape, useTestServer } from '../test/harness.ts';

// Read by the server at start, as in production (the environment of this test file's process only).
process.env.PROMENADE_TRUST_PROXY = '1';

const { s } = useTestServer();

describe('PROMENADE_TRUST_PROXY=1', () => {
  it('a client rotating the leftmost X-Forwarded-For entry is still cut off with 429 by access-code guessing', async () => {
    const c = new Client(s.url);
    let status = 0;
    let tries = 0;
    while (tries < 40) {
      tries++;
      const forged = `203.0.113.${tries}, 198.51.100.7`;
      // Spread over the nine officials so the per-official slowdown stays out of the way.
      const res = await c.call(
        'POST',
        `/api/v1/competitions/demo/officials/${(tries % 9) + 1}/session`,
        { code: `ZZ${tries}` },
        { 'x-forwarded-for': forged },
      );
      status = res.status;
      if (status === 429) {
        expectErrorShape(res, 429, 'rate_limited');
        break;
      }
      expectErrorShape(res, 401, 'bad_code');
    }
    expect(status).toBe(429);
    expect(tries).toBeLessThanOrEqual(31);
  }, 60_000);

  it('another address appended by the proxy is a different client, not cut off', async () => {
    const res = await new Client(s.url).call(
      'POST',
      '/api/v1/competitions/demo/officials/1/session',
      { code: 'ZZZZZZZ' },
      { 'x-forwarded-for': '198.51.100.7, 198.51.100.99' },
    );
    expectErrorShape(res, 401, 'bad_code');
  });
});
