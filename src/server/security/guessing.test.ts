/**
 * Guessing a password or an official's access code: after a few misses every further try is answered
 * more slowly, a burst of misses from one address is cut off with 429, and every miss is a structured
 * warning in the server log (which never contains the secret that was tried). Only misses count: a
 * venue whose tablets share one address signs its officials in as often as it needs.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ADMIN, Client, expectErrorShape, useTestServer, type Res } from '../test/harness.ts';

interface LogLine {
  level: number;
  msg: string;
  [k: string]: unknown;
}

const lines: LogLine[] = [];
const rawLog: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const l of chunk.toString('utf8').split('\n')) {
      if (!l.trim()) continue;
      rawLog.push(l);
      lines.push(JSON.parse(l) as LogLine);
    }
    done();
  },
});
const WARN = 40;

const { s } = useTestServer({ logger: { level: 'info', stream: capture } });

/** Runs `call` and returns how long the answer took, with the answer. */
async function timed<T>(call: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const res = await call();
  return [performance.now() - t0, res];
}

/**
 * Sends misses (`miss(1)`, `miss(2)`, …, each answered 401 `missCode`) until one is answered 429 in the
 * error shape, at most `max` times; returns how many were sent and the last answer.
 */
async function missUntilCutOff(
  miss: (attempt: number) => Promise<Res>,
  missCode: string,
  max: number,
): Promise<{ tries: number; status: number; last: Res | undefined }> {
  let last: Res | undefined;
  let tries = 0;
  while (tries < max) {
    tries++;
    last = await miss(tries);
    if (last.status === 429) {
      expectErrorShape(last, 429, 'rate_limited');
      break;
    }
    expectErrorShape(last, 401, missCode);
  }
  return { tries, status: last?.status ?? 0, last };
}

/** The burst was cut off with 429 within `limit` tries, and the cut-off is a warning naming the path. */
async function expectCutOff(
  burst: ReturnType<typeof missUntilCutOff>,
  limit: number,
  isPath: (url: string) => boolean,
): Promise<void> {
  const { tries, status } = await burst;
  expect(status).toBe(429);
  expect(tries).toBeLessThanOrEqual(limit);
  const warned = lines.some(
    (l) => l.msg === 'rate limit reached' && isPath(String(l.url)) && l.level === WARN,
  );
  expect(warned).toBe(true);
}

describe('password guessing', () => {
  const wrong = 'hunter2-wrong-guess';

  it('is answered ever more slowly after three misses, and each miss is logged without the password', async () => {
    const c = new Client(s.url);
    const took: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [ms, res] = await timed(() => c.login(ADMIN.email, `${wrong}${i}`));
      expectErrorShape(res, 401, 'bad_credentials');
      took.push(ms);
    }
    // Misses 4, 5, 6 wait at least 250, 500, 1000 ms before the password is even checked.
    expect(took[3]).toBeGreaterThanOrEqual(245);
    expect(took[4]).toBeGreaterThanOrEqual(495);
    expect(took[5]).toBeGreaterThanOrEqual(995);
    const logged = lines.filter((l) => l.msg === 'sign-in failed');
    expect(logged.map((l) => l.failures)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const l of logged) {
      expect(l.level).toBe(WARN);
      expect(l).toMatchObject({ email: ADMIN.email, ip: '127.0.0.1' });
    }
    expect(rawLog.join('\n')).not.toContain(wrong);
    expect(rawLog.join('\n')).not.toContain(ADMIN.password);
  }, 30_000);

  it('a burst of failed sign-ins from one address is cut off with 429 in the error shape', async () => {
    const c = new Client(s.url);
    // 20 misses a minute per address (the six above count too); different accounts so no slowdown applies.
    await expectCutOff(
      missUntilCutOff((n) => c.login(`nobody${n}@example.com`, 'not-the-password'), 'bad_credentials', 25),
      15,
      (url) => url === '/api/v1/auth/login',
    );
    // The right password is refused too while the address is cut off: guessing cannot continue.
    expectErrorShape(await c.login(), 429, 'rate_limited');
  }, 30_000);
});

describe('access-code guessing', () => {
  it('is answered ever more slowly after three misses, and each miss is logged without the code', async () => {
    const judge = s.demo!.codes.find((c) => c.role === 'Judge')!;
    const c = new Client(s.url);
    const path = `/api/v1/competitions/demo/officials/${judge.id}/session`;
    const guesses = ['AAAAAAA', 'BBBBBBB', 'CCCCCCC', 'DDDDDDD', 'EEEEEEE', 'FFFFFFF'].filter(
      (g) => g !== judge.accessCode,
    );
    const took: number[] = [];
    for (const code of guesses.slice(0, 6)) {
      const [ms, res] = await timed(() => c.post(path, { code }));
      expectErrorShape(res, 401, 'bad_code');
      took.push(ms);
    }
    expect(took[3]).toBeGreaterThanOrEqual(245);
    expect(took[4]).toBeGreaterThanOrEqual(495);
    const logged = lines.filter((l) => l.msg === 'access code rejected');
    expect(logged.map((l) => l.failures)).toEqual(guesses.slice(0, 6).map((_, i) => i + 1));
    for (const l of logged) {
      expect(l.level).toBe(WARN);
      expect(l).toMatchObject({ officialId: judge.id, ip: '127.0.0.1' });
    }
    const text = rawLog.join('\n');
    for (const g of guesses) expect(text).not.toContain(g);
    expect(text).not.toContain(judge.accessCode);
    // The right code still works (slowly): the judge is not locked out by someone else's guessing.
    const ok = await c.post(path, { code: judge.accessCode });
    expect(ok.status).toBe(200);
  }, 30_000);

  it('a burst of wrong codes from one address is cut off with 429 in the error shape', async () => {
    const c = new Client(s.url);
    // 30 misses a minute per address; spread over officials so the per-official slowdown stays out of the way.
    await expectCutOff(
      missUntilCutOff(
        (n) => c.post(`/api/v1/competitions/demo/officials/${(n % 9) + 1}/session`, { code: `ZZ${n}` }),
        'bad_code',
        40,
      ),
      31,
      (url) => url.endsWith('/session'),
    );
  }, 60_000);
});

describe('a venue whose tablets share one address', () => {
  const { s: venue } = useTestServer();

  const sessionPath = (id: number) => `/api/v1/competitions/demo/officials/${id}/session`;

  it('signs officials in 40 times in a minute, while misses are still slowed and then refused with 429', async () => {
    const codes = venue.demo!.codes;
    for (let i = 0; i < 40; i++) {
      const o = codes[i % codes.length]!;
      const res = await new Client(venue.url).post(sessionPath(o.id), { code: o.accessCode });
      expect(res.status, `sign-in ${i + 1} of ${o.name}`).toBe(200);
    }
    // Misses on one judge from this address: the fourth and fifth wait 250 and 500 ms.
    const judge = codes.find((c) => c.role === 'Judge')!;
    const guesser = new Client(venue.url);
    const took: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [ms, res] = await timed(() => guesser.post(sessionPath(judge.id), { code: `WRONG${i}` }));
      expectErrorShape(res, 401, 'bad_code');
      took.push(ms);
    }
    expect(took[3]).toBeGreaterThanOrEqual(245);
    expect(took[4]).toBeGreaterThanOrEqual(495);
    // More misses spread over the other officials: the address is cut off at 30 misses a minute.
    const others = codes.filter((c) => c.id !== judge.id);
    const {
      tries,
      status,
      last: refused,
    } = await missUntilCutOff(
      (n) => guesser.post(sessionPath(others[(n + 4) % others.length]!.id), { code: `ZZ${n + 4}` }),
      'bad_code',
      35,
    );
    // Five misses above and 25 here; the 31st is refused.
    expect(5 + tries - 1).toBe(30);
    expect(status).toBe(429);
    expectErrorShape(refused!, 429, 'rate_limited');
    expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
    // While the address is cut off, even the right code is refused: guessing cannot go on.
    expectErrorShape(
      await guesser.post(sessionPath(judge.id), { code: judge.accessCode }),
      429,
      'rate_limited',
    );
  }, 60_000);
});
