import { describe, expect, it } from 'vitest';
import { afterFailure, DEFAULT_RETRY, failureKind, nextTry } from './retry.ts';

const NOW = new Date('2030-05-01T10:00:00.000Z');
const WRITTEN = '2030-05-01T09:59:00.000Z';
const noJitter = () => 0;

describe('what a failed try means', () => {
  it('a 5xx answer is a refusal for good, a 4xx a "later", no answer an unreachable server', () => {
    expect(failureKind({ responseCode: 550, message: 'x' })).toBe('refused');
    expect(failureKind({ responseCode: 554, message: 'x' })).toBe('refused');
    expect(failureKind({ responseCode: 451, message: 'x' })).toBe('later');
    expect(failureKind({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' })).toBe('unreachable');
    expect(failureKind({ code: 'ETIMEDOUT', message: 'timeout' })).toBe('unreachable');
    // A refused sign-in is the installation's setting: kept until the operator fixes it.
    expect(failureKind({ code: 'EAUTH', responseCode: 535, message: 'auth' })).toBe('unreachable');
  });

  it('a refusal fails the message at once with the server answer', () => {
    const out = afterFailure(
      { responseCode: 550, response: '550 5.1.1 User unknown', message: 'Recipient rejected' },
      1,
      WRITTEN,
      NOW,
      DEFAULT_RETRY,
    );
    expect(out).toEqual({ status: 'failed', lastError: '550 5.1.1 User unknown' });
  });

  it('a "later" is tried again until the tries run out', () => {
    const err = { responseCode: 451, response: '451 try again', message: 'x' };
    expect(afterFailure(err, 9, WRITTEN, NOW, DEFAULT_RETRY, noJitter).status).toBe('pending');
    expect(afterFailure(err, 10, WRITTEN, NOW, DEFAULT_RETRY, noJitter)).toEqual({
      status: 'failed',
      lastError: 'gave up after 10 tries: 451 try again',
    });
  });

  it('an unreachable server is waited for a day, whatever the number of tries', () => {
    const err = { code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:25' };
    expect(afterFailure(err, 500, WRITTEN, NOW, DEFAULT_RETRY, noJitter).status).toBe('pending');
    const dayOld = new Date(NOW.getTime() - DEFAULT_RETRY.giveUpAfterMs).toISOString();
    expect(afterFailure(err, 500, dayOld, NOW, DEFAULT_RETRY, noJitter)).toMatchObject({ status: 'failed' });
  });

  it('waits double each time, never more than 30 s plus the jitter', () => {
    const wait = (n: number, r = noJitter) => Date.parse(nextTry(n, NOW, DEFAULT_RETRY, r)) - NOW.getTime();
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => wait(n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(wait(40, () => 0.999)).toBeLessThan(32_000);
  });

  it('keeps the answer on one line and short', () => {
    const out = afterFailure(
      { responseCode: 550, response: 'a\r\n'.repeat(400), message: '' },
      1,
      WRITTEN,
      NOW,
      DEFAULT_RETRY,
    );
    expect(out.lastError).not.toMatch(/[\r\n]/);
    expect(out.lastError.length).toBeLessThanOrEqual(500);
  });
});
