/**
 * Behind one reverse proxy (PROMENADE_TRUST_PROXY=1) the client's address is the one that proxy
 * appended to X-Forwarded-For, the rightmost entry; what the client wrote to its left is not believed
 * (rotating the leftmost entry would let one client try 1,000 access codes with no 429).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, Client, expectErrorShape, useTestServer } from '../test/harness.ts';

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

describe('guessing one account from many addresses', () => {
  const { s: venue } = useTestServer();
  const at = (ip: string) => ({ 'x-forwarded-for': ip });

  it('is refused with 429 after 30 misses a minute, while the judge signed in keeps working and the venue still signs in', async () => {
    const judge = venue.demo!.codes.find((c) => c.role === 'Judge')!;
    const path = `/api/v1/competitions/demo/officials/${judge.id}/session`;
    const VENUE = '198.51.100.50';
    const tablet = new Client(venue.url);
    expect((await tablet.call('POST', path, { code: judge.accessCode }, at(VENUE))).status).toBe(200);

    // One wrong code from each of 40 addresses: no address is ever over its own limit.
    const statuses: number[] = [];
    for (let n = 1; n <= 40; n++) {
      const res = await new Client(venue.url).call('POST', path, { code: `ZZ${n}` }, at(`203.0.113.${n}`));
      if (res.status === 429) {
        expectErrorShape(res, 429, 'rate_limited');
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      } else expectErrorShape(res, 401, 'bad_code');
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    // Even the right code is refused from an address no sign-in was right from: guessing cannot go on.
    expectErrorShape(
      await new Client(venue.url).call('POST', path, { code: judge.accessCode }, at('203.0.113.99')),
      429,
      'rate_limited',
    );
    // The judge's tablet is still signed in; the venue's address still signs the judge in.
    expect((await tablet.get('/api/v1/auth/me')).body.official).toMatchObject({ id: judge.id });
    const again = await new Client(venue.url).call('POST', path, { code: judge.accessCode }, at(VENUE));
    expect(again.status).toBe(200);
    // Another official of the competition is not held by this one's limit.
    const other = venue.demo!.codes.find((c) => c.id !== judge.id)!;
    const otherPath = `/api/v1/competitions/demo/officials/${other.id}/session`;
    expect(
      (await new Client(venue.url).call('POST', otherPath, { code: other.accessCode }, at('203.0.113.98')))
        .status,
    ).toBe(200);
  }, 60_000);

  it('a password too: 30 misses a minute on one account from all addresses', async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 32; n++) {
      const res = await new Client(venue.url).call(
        'POST',
        '/api/v1/auth/login',
        { email: ADMIN.email, password: `not-it-${n}` },
        at(`192.0.2.${n}`),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual([429, 429]);
  }, 60_000);
});
