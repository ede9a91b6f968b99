/**
 * Response headers a browser relies on (CSP without inline scripts, nosniff, no framing, no
 * X-Powered-By), session cookies a script cannot read or another site send, and error answers that
 * never carry a stack trace — not even when the database is gone.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  Client,
  expectErrorShape,
  startServer,
  useTestServer,
  writeWebRoot,
  type Res,
  type TestServer,
} from '../test/harness.ts';
import { snapshot, STACK_TRACE } from '../test/kits/catalogue.ts';

// A stand-in for the built web app, so the HTML routes are served as in production.
const webRoot = writeWebRoot({
  'index.html':
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  'assets/app.js': 'console.log("app")',
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));
const { s } = useTestServer({ webRoot });

function csp(res: Res): Map<string, string[]> {
  const header = res.headers.get('content-security-policy');
  expect(header, 'Content-Security-Policy header').toBeTruthy();
  const out = new Map<string, string[]>();
  for (const part of header!.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

function expectSafeHeaders(res: Res, label: string): void {
  expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(res.headers.get('x-powered-by'), label).toBeNull();
  expect(res.headers.get('server'), label).toBeNull();
  const policy = csp(res);
  // Framing denied both ways (old browsers read X-Frame-Options).
  expect(policy.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(res.headers.get('x-frame-options'), label).toBe('DENY');
  const scripts = policy.get('script-src') ?? policy.get('default-src') ?? [];
  expect(scripts.length, label).toBeGreaterThan(0);
  for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
    expect(scripts, `${label}: script-src allows ${bad}`).not.toContain(bad);
  expect(policy.get('object-src'), label).toEqual(["'none'"]);
}

/** Each path read in turn by a visitor, with its answer. */
async function visit(paths: string[]): Promise<[string, Res][]> {
  const c = new Client(s.url);
  const out: [string, Res][] = [];
  for (const path of paths) out.push([path, await c.get(path)]);
  return out;
}

describe('headers', () => {
  it('HTML pages carry a CSP without inline scripts, nosniff and frame denial', async () => {
    for (const [path, res] of await visit(['/', '/results/some-event', '/admin/demo/setup', '/judge'])) {
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expectSafeHeaders(res, path);
    }
    const js = await new Client(s.url).get('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expectSafeHeaders(js, '/assets/app.js');
  });

  it('files outside the web app cannot be reached through the static files', async () => {
    for (const [path, res] of await visit([
      '/assets/../../../../etc/passwd',
      '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/assets/..%5c..%5cpackage.json',
    ])) {
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      expect(text, path).not.toMatch(/root:x:0:0|"devDependencies"/);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('API answers carry the same headers, errors included', async () => {
    for (const [path, res] of await visit([
      '/api/health',
      '/api/v1/competitions/demo',
      '/api/v1/competitions/nope',
      '/api/v1/nothing-here',
    ])) {
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expectSafeHeaders(res, path);
    }
  });
});

/** `name=value; Path=/; HttpOnly; …` → attribute names (lower case) and values. */
function cookieAttributes(setCookie: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of setCookie.split(';').slice(1)) {
    const [k, v = ''] = part.trim().split('=');
    if (k) out.set(k.toLowerCase(), v);
  }
  return out;
}

describe('session cookies', () => {
  async function sessionCookies(server: TestServer): Promise<string[]> {
    const out: string[] = [];
    const login = await new Client(server.url).login();
    expect(login.status).toBe(200);
    out.push(login.headers.get('set-cookie')!);
    const judge = server.demo!.codes.find((c) => c.role === 'Judge')!;
    const official = await new Client(server.url).post(
      `/api/v1/competitions/demo/officials/${judge.id}/session`,
      {
        code: judge.accessCode,
      },
    );
    expect(official.status).toBe(200);
    out.push(official.headers.get('set-cookie')!);
    return out;
  }

  it('are HttpOnly, SameSite Lax or Strict, Path=/, and not sent over plain HTTP only when asked', async () => {
    for (const cookie of await sessionCookies(s)) {
      expect(cookie).toMatch(/^promenade_session=[A-Za-z0-9_-]{40,}/);
      const a = cookieAttributes(cookie);
      expect(a.has('httponly'), cookie).toBe(true);
      expect(a.get('samesite')?.toLowerCase(), cookie).toMatch(/^(lax|strict)$/);
      expect(a.get('path'), cookie).toBe('/');
      expect(a.has('domain'), cookie).toBe(false);
      expect(a.has('secure'), 'Secure only with PROMENADE_SECURE_COOKIES=1').toBe(false);
    }
  });

  it('are Secure when the server runs behind HTTPS (PROMENADE_SECURE_COOKIES=1)', async () => {
    const secure = await startServer({ secureCookies: true });
    try {
      for (const cookie of await sessionCookies(secure)) {
        const a = cookieAttributes(cookie);
        expect(a.has('secure'), cookie).toBe(true);
        expect(a.has('httponly'), cookie).toBe(true);
        expect(a.get('samesite')?.toLowerCase(), cookie).toMatch(/^(lax|strict)$/);
      }
    } finally {
      await secure.stop();
    }
  });

  it('signing out clears the cookie on the same path', async () => {
    const c = new Client(s.url);
    await c.login(ADMIN.email, ADMIN.password);
    const out = await c.post('/api/v1/auth/logout');
    expect(out.status).toBe(204);
    const cleared = out.headers.get('set-cookie')!;
    expect(cleared).toMatch(/^promenade_session=;/);
    expect(cookieAttributes(cleared).get('path')).toBe('/');
  });
});

describe('cross-site requests', () => {
  it('a form or text/plain post (no CORS preflight) cannot run a command, even with a session cookie', async () => {
    // SameSite=Lax keeps the cookie off cross-site posts, but a sibling subdomain is "same site":
    // only JSON, which a page on another origin cannot send without a preflight, is taken.
    const admin = new Client(s.url);
    await admin.login();
    const judge = s.demo!.codes.find((c) => c.role === 'Judge')!;
    const commands = [
      `/api/v1/competitions/demo/officials/${judge.id}/code`,
      '/api/v1/competitions/demo/events/no-such-event/rounds/1/post',
      '/api/v1/competitions/demo',
    ];
    const simple: [string, string][] = [
      ['text/plain', '{"fullName": "Cross-site"}'],
      ['application/x-www-form-urlencoded', 'fullName=Cross-site'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nCross-site\r\n--x--',
      ],
    ];
    for (const path of commands)
      for (const [type, body] of simple) {
        const before = await snapshot(s.db);
        const res = await admin.call(path.endsWith('/demo') ? 'PATCH' : 'POST', path, body, {
          'content-type': type,
        });
        expectErrorShape(res, 415);
        expect(await snapshot(s.db), `${type} ${path}`).toBe(before);
      }
    // A bodyless post (fetch with mode "no-cors") from a sibling subdomain: the browser marks it.
    for (const site of ['same-site', 'cross-site']) {
      const before = await snapshot(s.db);
      const res = await admin.call('POST', commands[0]!, undefined, {
        'sec-fetch-site': site,
        origin: 'https://evil.example.org',
      });
      expectErrorShape(res, 403, 'cross_site');
      expect(await snapshot(s.db), site).toBe(before);
    }
    // Our own pages (same-origin) and tools (no header) are served.
    const own = await new Client(s.url).call('POST', '/api/v1/auth/login', ADMIN, {
      'sec-fetch-site': 'same-origin',
    });
    expect(own.status).toBe(200);
    // The judge's old code still works: it was not regenerated.
    const still = await new Client(s.url).post(`/api/v1/competitions/demo/officials/${judge.id}/session`, {
      code: judge.accessCode,
    });
    expect(still.status).toBe(200);
  });
});

describe('errors never show a stack trace', () => {
  it('404, 400, 413 and 415 answers are the error shape only', async () => {
    const c = new Client(s.url);
    const cases: [Res, number][] = [
      [await c.get('/api/v1/no/such/path'), 404],
      [await c.post('/api/v1/nothing', {}), 404],
      [await c.get('/api/v1/competitions/no-such-competition'), 404],
      [await c.call('POST', '/api/v1/auth/login', '{"email": ', { 'content-type': 'application/json' }), 400],
      [await c.call('POST', '/api/v1/auth/login', '<email/>', { 'content-type': 'application/xml' }), 415],
      [await c.call('POST', '/api/v1/auth/login', 'email=a', { 'content-type': 'text/plain' }), 415],
      [await c.call('POST', '/api/v1/auth/login', JSON.stringify({ email: 'x'.repeat(1_200_000) })), 413],
    ];
    for (const [res, status] of cases) {
      expectErrorShape(res, status);
      expect(Object.keys(res.body as object)).toEqual(['error']);
      expect(JSON.stringify(res.body)).not.toMatch(STACK_TRACE);
    }
  });

  it('an internal failure (the database gone) is a 500 in the error shape, without a stack or SQL', async () => {
    const broken = await startServer();
    try {
      await broken.db.destroy();
      const c = new Client(broken.url);
      for (const res of [
        await c.get('/api/v1/competitions/demo'),
        await c.get('/api/v1/competitions/demo/events'),
        await c.login(),
      ]) {
        expectErrorShape(res, 500, 'internal');
        const text = JSON.stringify(res.body);
        expect(text).not.toMatch(STACK_TRACE);
        expect(text).not.toMatch(/select|sqlite|kysely|driver|destroyed/i);
        expectSafeHeaders(res, 'a 500');
      }
    } finally {
      await broken.stop().catch(() => undefined);
    }
  });
});
