import { describe, expect, it } from 'vitest';
import { ADMIN, Client, expectErrorShape, expectSignedOut, useTestServer } from '../../test/harness.ts';

const { s } = useTestServer();

describe('signing in', () => {
  it('gives an HttpOnly SameSite session cookie and knows who is signed in', async () => {
    const c = new Client(s.url);
    await expectSignedOut(c);
    const res = await c.login();
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: ADMIN.email, isSuperAdmin: true, competitions: ['demo'] });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await c.get('/api/v1/auth/me')).body.user.email).toBe(ADMIN.email);
    expect((await c.post('/api/v1/auth/logout')).status).toBe(204);
    await expectSignedOut(c);
  });

  it('treats the old cookie as signed out after logout (the session is gone server-side)', async () => {
    const c = new Client(s.url);
    await c.login();
    const stolen = c.cookie;
    await c.post('/api/v1/auth/logout');
    const thief = new Client(s.url);
    thief.cookie = stolen;
    await expectSignedOut(thief);
  });

  it('refuses wrong passwords and unknown accounts with the same clear message', async () => {
    const c = new Client(s.url);
    const wrong = await c.login(ADMIN.email, 'not-the-password');
    const unknown = await c.login('nobody@example.com', 'whatever1');
    expectErrorShape(wrong, 401, 'bad_credentials');
    expectErrorShape(unknown, 401, 'bad_credentials');
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
  });

  it('validates the login form', async () => {
    const c = new Client(s.url);
    expectErrorShape(
      await c.post('/api/v1/auth/login', { email: 'not-an-email', password: 'x' }),
      400,
      'invalid',
    );
    expectErrorShape(await c.post('/api/v1/auth/login', { email: ADMIN.email }), 400, 'invalid');
    expectErrorShape(
      await c.post('/api/v1/auth/login', { email: ADMIN.email, password: 'x'.repeat(5000) }),
      400,
      'invalid',
    );
  });

  it('slows down repeated failures for that account', async () => {
    const c = new Client(s.url);
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      const t = Date.now();
      await c.login(ADMIN.email, 'guess' + i);
      times.push(Date.now() - t);
    }
    // The first few answers are quick; after three failures each answer waits longer.
    expect(times[5]!).toBeGreaterThan(times[0]! + 400);
  }, 30_000);
});

describe('official access codes', () => {
  it('signs a judge in with their code and refuses a wrong code', async () => {
    const j = s.demo!.codes.find((c) => c.role === 'Judge')!;
    const c = new Client(s.url);
    expectErrorShape(
      await c.post(`/api/v1/competitions/demo/officials/${j.id}/session`, { code: 'WRONG12' }),
      401,
      'bad_code',
    );
    expectErrorShape(await c.post(`/api/v1/competitions/demo/officials/${j.id}/session`, {}), 400, 'invalid');
    expectErrorShape(
      await c.post(`/api/v1/competitions/demo/officials/999999/session`, { code: j.accessCode }),
      401,
      'bad_code',
    );
    const ok = await c.post(`/api/v1/competitions/demo/officials/${j.id}/session`, {
      code: j.accessCode.toLowerCase(),
    });
    expect(ok.status).toBe(200);
    expect((await c.get('/api/v1/auth/me')).body.official).toMatchObject({
      id: j.id,
      role: 'Judge',
      competition: 'demo',
    });
  });
});

describe('admin accounts', () => {
  it('adds an admin who can sign in and edit, then removes them', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const add = await admin.post('/api/v1/competitions/demo/admins', {
      email: 'Organizer@Example.com',
      name: 'Olga Organizer',
      password: 'dance123',
    });
    expect(add.status).toBe(201);
    expectErrorShape(
      await admin.post('/api/v1/competitions/demo/admins', {
        email: 'organizer@example.com',
        name: 'Again',
        password: 'dance123',
      }),
      409,
      'duplicate',
    );
    expectErrorShape(
      await admin.post('/api/v1/competitions/demo/admins', {
        email: 'short@example.com',
        name: 'Short',
        password: '12345',
      }),
      400,
      'invalid',
    );
    const list = (await admin.get('/api/v1/competitions/demo/admins')).body;
    expect(list.map((u: { email: string }) => u.email)).toEqual([ADMIN.email, 'organizer@example.com']);

    const olga = new Client(s.url);
    expect((await olga.login('organizer@example.com', 'dance123')).body.user).toMatchObject({
      isSuperAdmin: false,
      competitions: ['demo'],
    });
    expect(
      (await olga.put('/api/v1/competitions/demo/settings/events', { hideLevelIcons: true })).status,
    ).toBe(200);
    // She may not remove herself, nor a site administrator.
    expectErrorShape(await olga.del(`/api/v1/competitions/demo/admins/${add.body.id}`), 409);
    const me = (await admin.get('/api/v1/auth/me')).body.user;
    expectErrorShape(await olga.del(`/api/v1/competitions/demo/admins/${me.id}`), 409);

    expect((await admin.del(`/api/v1/competitions/demo/admins/${add.body.id}`)).status).toBe(204);
    await expectSignedOut(olga);
    expectErrorShape(await olga.login('organizer@example.com', 'dance123'), 401);
  });

  it('keeps admins of one competition out of another', async () => {
    const admin = new Client(s.url);
    await admin.login();
    await admin.post('/api/v1/competitions', { key: 'other', fullName: 'Other Classic' });
    await admin.post('/api/v1/competitions/other/admins', {
      email: 'other@example.com',
      name: 'Other Admin',
      password: 'other123',
    });
    const other = new Client(s.url);
    await other.login('other@example.com', 'other123');
    expectErrorShape(
      await other.patch('/api/v1/competitions/demo', { fullName: 'Mine now' }),
      403,
      'forbidden',
    );
    expectErrorShape(await other.get('/api/v1/competitions/demo/dashboard'), 403);
    expectErrorShape(await other.get('/api/v1/competitions/demo/export'), 403);
    expectErrorShape(await other.get('/api/v1/competitions/demo/admins'), 403);
    expect((await other.get('/api/v1/competitions/other/dashboard')).status).toBe(200);
  });
});
