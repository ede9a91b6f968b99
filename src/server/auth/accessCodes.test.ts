/**
 * Officials' access codes are stored keyed by the installation's secret (one HMAC, no slow hash), and a
 * code stored as a scrypt hash before keeps working and is keyed at its first sign-in. Password checks
 * (scrypt) take turns: one at a time, a few waiting, the rest refused at once with 503.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Client, startServer, storedCode, type TestServer } from '../test/harness.ts';
import { HashingTurns, hashSecret } from './passwords.ts';
import type { HttpError } from '../errors.ts';

const C = '/api/v1/competitions/demo';
let server: TestServer;
afterAll(async () => server?.stop());

describe("officials' access codes", () => {
  it('are stored keyed, not as a slow hash, whether seeded, added or issued anew', async () => {
    server = await startServer();
    const admin = new Client(server.url);
    await admin.login();
    const judge = server.demo!.codes.find((c) => c.role === 'Judge')!;
    expect(await storedCode(server.db, 'officials', judge.id)).toMatch(/^k1\$/);
    const added = await admin.post(`${C}/officials`, {
      name: 'Keyed Judge',
      role: 'Judge',
      bio: '',
      photoURL: '',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await storedCode(server.db, 'officials', added.body.id)).toMatch(/^k1\$/);
    const signIn = await new Client(server.url).post(`${C}/officials/${added.body.id}/session`, {
      code: added.body.accessCode,
    });
    expect(signIn.status).toBe(200);
    const again = await admin.post(`${C}/officials/${judge.id}/code`);
    expect(again.status).toBe(200);
    expect(await storedCode(server.db, 'officials', judge.id)).toMatch(/^k1\$/);
    const ok = await new Client(server.url).post(`${C}/officials/${judge.id}/session`, {
      code: again.body.accessCode,
    });
    expect(ok.status).toBe(200);
    expect(
      (await new Client(server.url).post(`${C}/officials/${judge.id}/session`, { code: judge.accessCode }))
        .status,
    ).toBe(401);
  });

  it('stored as scrypt hashes before keep working, and are keyed at the first sign-in', async () => {
    const official = server.demo!.codes.find((c) => c.role === 'Chairman')!;
    // As the previous release stored it.
    const legacy = await hashSecret(official.accessCode);
    await server.db
      .updateTable('officials')
      .set({ access_code_hash: legacy })
      .where('id', '=', official.id)
      .execute();
    await server.stop(false);
    server = await startServer({ dir: server.dir });
    expect(await storedCode(server.db, 'officials', official.id)).toBe(legacy);
    const wrong = await new Client(server.url).post(`${C}/officials/${official.id}/session`, {
      code: 'WRONG77',
    });
    expect(wrong.status).toBe(401);
    expect(await storedCode(server.db, 'officials', official.id)).toBe(legacy);
    const ok = await new Client(server.url).post(`${C}/officials/${official.id}/session`, {
      code: official.accessCode.toLowerCase(),
    });
    expect(ok.status).toBe(200);
    expect(await storedCode(server.db, 'officials', official.id)).toMatch(/^k1\$/);
    const later = await new Client(server.url).post(`${C}/officials/${official.id}/session`, {
      code: official.accessCode,
    });
    expect(later.status).toBe(200);
  });
});

describe('turns at a slow hash', () => {
  it('runs one at a time, lets a few wait, and refuses any more at once with 503 busy', async () => {
    const turns = new HashingTurns(1, 2);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      turns.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => releases.push(r));
        running--;
        return 'done';
      });
    const accepted = [work(), work(), work()];
    await expect(work()).rejects.toMatchObject({ status: 503, code: 'busy' } satisfies Partial<HttpError>);
    // The one running ends; the next in line starts.
    for (let i = 0; i < 3; i++) {
      await vi.waitFor(() => expect(releases).toHaveLength(1));
      releases.shift()!();
    }
    await expect(Promise.all(accepted)).resolves.toEqual(['done', 'done', 'done']);
    expect(most).toBe(1);
  });

  it('rests between turns so hashing keeps to its share of the time', async () => {
    const turns = new HashingTurns(1, 8, 0.25);
    const spans: [number, number][] = [];
    const work = () =>
      turns.run(async () => {
        const start = performance.now();
        await new Promise((r) => setTimeout(r, 20));
        spans.push([start, performance.now()]);
      });
    await Promise.all([work(), work(), work()]);
    // Each check of ~20 ms is followed by at least three times as long with none running.
    for (let i = 1; i < spans.length; i++) {
      const [start, end] = spans[i - 1]!;
      expect(spans[i]![0] - end).toBeGreaterThanOrEqual(3 * (end - start) - 2);
    }
  });
});
