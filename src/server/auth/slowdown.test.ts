import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FailureLimit, SignInGuard } from './slowdown.ts';

const from = (ip: string) =>
  ({
    ip,
    url: '/api/v1/auth/login',
    log: { warn: () => undefined },
    server: { refusals: { warn: () => undefined } },
  }) as unknown as FastifyRequest;
const reply = { header: () => reply } as unknown as FastifyReply;

describe('failure limits', () => {
  it('refuses a source at its limit until the window ends, and counts nothing else', () => {
    const limit = new FailureLimit(2, 60_000);
    expect(limit.waitSeconds('a')).toBe(0);
    limit.failed('a');
    expect(limit.waitSeconds('a')).toBe(0);
    limit.failed('a');
    expect(limit.waitSeconds('a')).toBeGreaterThan(55);
    expect(limit.waitSeconds('b')).toBe(0);
  });

  it('stops guessing one account spread over addresses, but not at an address a sign-in of its scope was right from', async () => {
    const guard = new SignInGuard({ perAddressPerMinute: 100, perAccountPerMinute: 3 });
    const scope = 'code:1';
    await guard.before(from('10.0.0.9'), reply, 'code:1:7', scope);
    guard.succeeded(from('10.0.0.9'), 'code:1:7', scope);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      await guard.before(from(ip), reply, 'code:1:7', scope);
      guard.failed(from(ip), 'code:1:7');
    }
    for (const ip of ['10.0.0.1', '10.0.0.4'])
      await expect(guard.before(from(ip), reply, 'code:1:7', scope)).rejects.toMatchObject({
        status: 429,
        code: 'rate_limited',
      });
    // The address the official signed in from before (the venue's) is not held.
    await expect(guard.before(from('10.0.0.9'), reply, 'code:1:7', scope)).resolves.toBeUndefined();
    // Another official of the same venue is not affected.
    await expect(guard.before(from('10.0.0.1'), reply, 'code:1:8', scope)).resolves.toBeUndefined();
  });
});
