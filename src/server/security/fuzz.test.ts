/**
 * Junk against every command: each POST/PUT/PATCH/DELETE of the OpenAPI document, called as the site
 * administrator (so validation, not access, is what answers), with generated bodies and parameters the
 * route's own schema must refuse, plus hand-picked nasties (malformed JSON, wrong content types, deep
 * nesting, invalid UTF-8, a body past the size limit). Every answer: a 4xx in the error shape, no stack
 * trace, and the database exactly as it was (audit log and change feed included).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, expectErrorShape, startServer, type Res } from '../test/harness.ts';
import {
  demoTargets,
  fillPath,
  loadRoutes,
  routeId,
  snapshot,
  snapshotDiff,
  STACK_TRACE,
  STAFF_ROUTES,
  targetValues,
  type ApiRoute,
} from './catalogue.ts';
import { deep, wrongBody, wrongParam } from './junk.ts';

const SEED = 20261121;
const BODY_RUNS = 30;
const PARAM_RUNS = 10;

const s = await startServer();
const admin = new Client(s.url);
await admin.login();
const t = await demoTargets(s.db, admin);
const values = targetValues(t);
afterAll(async () => s.stop());

const routes = (await loadRoutes(admin)).filter(
  (r) =>
    r.method !== 'GET' &&
    r.path.startsWith('/api/v1/') &&
    // Signing out ends the session the fuzzing uses; it takes no input.
    r.path !== '/api/v1/auth/logout',
);

interface Raw {
  body?: string | Uint8Array;
  contentType?: string;
  path?: string;
  headers?: Record<string, string>;
}

/** Sends raw bytes (the harness client only sends JSON) with the admin's session. */
async function raw(route: ApiRoute, r: Raw): Promise<Res> {
  const headers: Record<string, string> = { cookie: admin.cookie, ...r.headers };
  if (r.contentType) headers['content-type'] = r.contentType;
  const res = await fetch(s.url + (r.path ?? fillPath(route.path, values)), {
    method: route.method,
    headers,
    body: r.body as BodyInit | undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* keep the text */
  }
  return { status: res.status, body, headers: res.headers };
}

/** How often each status answered the junk, to show validation (400) is what mostly answers. */
const seen = new Map<number, number>();

/** A 4xx in the error shape, no stack trace, nothing written. */
async function refused(label: string, call: () => Promise<Res>): Promise<void> {
  const before = await snapshot(s.db);
  const res = await call();
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  if (res.status < 400 || res.status >= 500)
    throw new Error(`${label}: expected a 4xx, got ${res.status} ${text.slice(0, 300)}`);
  expectErrorShape(res, res.status);
  expect(text, label).not.toMatch(STACK_TRACE);
  seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
  const after = await snapshot(s.db);
  if (after !== before)
    throw new Error(`${label}: refused with ${res.status} but wrote (${snapshotDiff(before, after)})`);
}

/** A body the route accepts (from the access catalogue), so junk in a parameter is what gets refused. */
function validBody(route: ApiRoute): unknown {
  const staff = STAFF_ROUTES.find((r) => routeId(r) === routeId(route));
  return staff?.body?.(t) ?? {};
}

const show = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 120 ? `${text.slice(0, 120)}… (${text.length} chars)` : text;
};

/** A property of the body schema of the given JSON type, to put a raw-text number into. */
function propOfType(route: ApiRoute, ...types: string[]): string | undefined {
  return Object.entries(route.body?.properties ?? {}).find(([, p]) => types.includes(String(p.type)))?.[0];
}

describe.each(routes.map((r) => [routeId(r), r] as const))('%s', (_id, route) => {
  const label = routeId(route);

  if (route.body) {
    it('refuses generated junk bodies with a 4xx and writes nothing', async () => {
      await fc.assert(
        fc.asyncProperty(wrongBody(route.body!), async (body) => {
          await refused(`${label} body ${show(body)}`, () =>
            admin.call(route.method, fillPath(route.path, values), JSON.stringify(body), {
              'content-type': 'application/json',
            }),
          );
        }),
        { numRuns: BODY_RUNS, seed: SEED, endOnFailure: true },
      );
    });

    it('refuses malformed JSON, wrong content types, deep nesting and oversized bodies', async () => {
      const numberProp = propOfType(route, 'number', 'integer');
      // Past the route's body limit: 1 MB, the CSV import 8 MB (the competition import's 64 MB is not sent).
      const oversize = route.path.endsWith('/registrations/import') ? 8.5 * 2 ** 20 : 1.1 * 2 ** 20;
      const cases: [string, Raw][] = [
        ['truncated JSON', { body: '{"name": "Wal', contentType: 'application/json' }],
        ['empty JSON body', { body: '', contentType: 'application/json' }],
        ['plain text', { body: 'hello', contentType: 'text/plain' }],
        ['a form post', { body: 'name=x&role=Judge', contentType: 'application/x-www-form-urlencoded' }],
        ['multipart', { body: '--b\r\n\r\nx\r\n--b--', contentType: 'multipart/form-data; boundary=b' }],
        ['XML', { body: '<?xml version="1.0"?><a/>', contentType: 'application/xml' }],
        [
          'prototype pollution',
          {
            body: '{"__proto__": {"isSuperAdmin": true}, "constructor": {"prototype": {"x": 1}}}',
            contentType: 'application/json',
          },
        ],
        ['1000-deep arrays', { body: JSON.stringify(deep(1000, 'array')), contentType: 'application/json' }],
        [
          '1000-deep objects',
          { body: JSON.stringify(deep(1000, 'object')), contentType: 'application/json' },
        ],
        [
          '100000-deep arrays',
          { body: '['.repeat(100_000) + ']'.repeat(100_000), contentType: 'application/json' },
        ],
        [
          'invalid UTF-8',
          {
            body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0xc3, 0x28, 0x7d]),
            contentType: 'application/json',
          },
        ],
        [
          'a body past the size limit',
          { body: JSON.stringify({ csv: 'z'.repeat(oversize) }), contentType: 'application/json' },
        ],
        [
          'UTF-16 bytes',
          {
            body: new Uint8Array(Buffer.from('{"name": 1}', 'utf16le')),
            contentType: 'application/json; charset=utf-16',
          },
        ],
      ];
      if (numberProp) {
        cases.push([
          '1e999 (Infinity)',
          { body: `{"${numberProp}": 1e999}`, contentType: 'application/json' },
        ]);
        cases.push(['-1e999', { body: `{"${numberProp}": -1e999}`, contentType: 'application/json' }]);
      }
      for (const [what, r] of cases) {
        if (what === 'a body past the size limit' && route.path === '/api/v1/competitions/import') continue;
        // A command that takes no fields accepts a missing or empty body as {} (tested in http/emptyBody).
        if (what === 'empty JSON body' && !route.bodyRequired) continue;
        await refused(`${label} ${what}`, () => raw(route, r));
      }
    });
  }

  const params = [
    ...route.pathParams.map((p) => ({ ...p, in: 'path' as const })),
    ...route.query.map((p) => ({ ...p, in: 'query' as const })),
  ];
  if (params.length) {
    it('refuses junk path and query parameters with a 4xx and writes nothing', async () => {
      const arb = fc.constantFrom(...params).chain((p) => wrongParam(p.schema).map((v) => [p, v] as const));
      await fc.assert(
        fc.asyncProperty(arb, async ([p, v]) => {
          const base = route.path.replace(/\{(\w+)\}/g, (_m, n: string) =>
            n === p.name && p.in === 'path' ? v : encodeURIComponent(String(values[n])),
          );
          const path = p.in === 'query' ? `${base}?${p.name}=${v}` : base;
          const body = route.method === 'DELETE' ? undefined : JSON.stringify(validBody(route));
          await refused(`${label} ${p.in} ${p.name}=${v.slice(0, 80)}`, () =>
            raw(route, { path, body, contentType: body === undefined ? undefined : 'application/json' }),
          );
        }),
        { numRuns: PARAM_RUNS, seed: SEED, endOnFailure: true },
      );
    });
  }
});

const reads = (await loadRoutes(admin)).filter(
  (r) => r.method === 'GET' && !r.path.endsWith('/stream') && (r.pathParams.length > 0 || r.query.length > 0),
);

describe('reads with junk parameters', () => {
  it.each(reads.map((r) => [routeId(r), r] as const))(
    '%s answers 4xx in the error shape',
    async (_id, route) => {
      const params = [
        ...route.pathParams.map((p) => ({ ...p, in: 'path' as const })),
        ...route.query.map((p) => ({ ...p, in: 'query' as const })),
      ];
      const arb = fc.constantFrom(...params).chain((p) => wrongParam(p.schema).map((v) => [p, v] as const));
      await fc.assert(
        fc.asyncProperty(arb, async ([p, v]) => {
          const base = route.path.replace(/\{(\w+)\}/g, (_m, n: string) =>
            n === p.name && p.in === 'path' ? v : encodeURIComponent(String(values[n])),
          );
          await refused(`${routeId(route)} ${p.in} ${p.name}=${v.slice(0, 80)}`, () =>
            raw(route, { path: p.in === 'query' ? `${base}?${p.name}=${v}` : base }),
          );
        }),
        { numRuns: PARAM_RUNS, seed: SEED, endOnFailure: true },
      );
    },
  );
});

describe('well-typed but hostile text', () => {
  const invisible = [
    '\u0000',
    'Ann\u0000Smith',
    '\u202E\u202C',
    '\u200B',
    'Ann\nSmith',
    'Ann\u001bSmith',
    '\uD800',
    'x\uDFFF',
  ];
  const C = `/api/v1/competitions/${t.key}`;
  const names: [string, string, (x: string) => unknown][] = [
    ['POST', `${C}/events`, (x) => ({ name: x, style: 'Standard', level: 'Gold', dances: ['Waltz'] })],
    ['POST', `${C}/officials`, (x) => ({ name: x, role: 'Judge' })],
    ['POST', `${C}/events/${t.eventKey}/entries`, (x) => ({ leadName: x, followName: 'Grace Hopper' })],
    ['PATCH', `${C}/competitors/${t.id}`, (x) => ({ name: x })],
    ['PATCH', C, (x) => ({ fullName: x })],
  ];

  it('names that are only control characters, invisible marks or broken UTF-16 are refused', async () => {
    for (const [method, path, body] of names)
      for (const x of invisible)
        await refused(`${method} ${path} ${JSON.stringify(x)}`, () => admin.call(method, path, body(x)));
  });

  it('real names in any script, with accents and emoji, are taken', async () => {
    const res = await admin.patch(`${C}/competitors/${t.id}`, { name: 'Zoë Ünal-Øster 舞 💃' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Zoë Ünal-Øster 舞 💃');
  });
});

describe('the fuzzing is not vacuous', () => {
  it('covers every command of the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(45);
    expect(routes.filter((r) => r.body).length).toBeGreaterThan(35);
  });

  it('mostly meets validation (400), not only unknown paths', () => {
    const total = [...seen.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(routes.length * 30);
    expect(seen.get(400) ?? 0).toBeGreaterThan(total / 2);
  });

  it('the write check sees a real write', async () => {
    const before = await snapshot(s.db);
    const res = await admin.patch(`/api/v1/competitions/${t.key}`, {
      fullName: 'Demo Dancesport Open (renamed)',
    });
    expect(res.status).toBe(200);
    expect(snapshotDiff(before, await snapshot(s.db))).toMatch(
      /competitions.*audit_log|audit_log.*competitions/,
    );
  });
});
