import { describe, expect, it } from 'vitest';
import { Client, startServer } from './harness.ts';

describe('restart', () => {
  it('keeps every acknowledged write after the server restarts on the same data', async () => {
    const first = await startServer();
    const admin = new Client(first.url);
    await admin.login();
    const patched = await admin.patch('/api/v1/competitions/demo', {
      fullName: 'Survives Restarts Open',
      paymentTierOpen: 41,
    });
    expect(patched.status).toBe(200);
    const settings = await admin.put('/api/v1/competitions/demo/settings/events', {
      showScheduleIndex: true,
    });
    expect(settings.status).toBe(200);
    const official = await admin.post('/api/v1/competitions/demo/officials', {
      name: 'Late Judge',
      role: 'Judge',
    });
    expect(official.status).toBe(201);
    await first.stop(false);

    const second = await startServer({ dir: first.dir });
    try {
      expect(second.demo).toBeNull(); // not seeded twice
      const c = new Client(second.url);
      const comp = (await c.get('/api/v1/competitions/demo')).body;
      expect(comp.fullName).toBe('Survives Restarts Open');
      expect(comp.paymentTierOpen).toBe(41);
      expect(comp.officials.map((o: { name: string }) => o.name)).toContain('Late Judge');
      expect((await c.get('/api/v1/competitions/demo/settings/events')).body.showScheduleIndex).toBe(true);
      // The session survives too: sessions live in the database.
      const again = new Client(second.url);
      again.cookie = admin.cookie;
      expect((await again.get('/api/v1/auth/me')).status).toBe(200);
      // The new judge's code (shown once) works after the restart.
      const judge = new Client(second.url);
      const ok = await judge.post(`/api/v1/competitions/demo/officials/${official.body.id}/session`, {
        code: official.body.accessCode,
      });
      expect(ok.status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});
