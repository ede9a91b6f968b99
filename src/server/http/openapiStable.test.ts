import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../test/harness.ts';

/**
 * Scripts and other programs rely on every operation as published: an operation may be added, but
 * none may change its parameters, body or answers. `openapi.stable.json` holds the published ones;
 * `PROMENADE_WRITE_OPENAPI=1` rewrites it, for a change of contract made on purpose.
 * The one change a published operation may take: a new field, optional in what a program sends
 * (its old requests still pass) and optional or always present in what it receives (a reader that
 * does not know it passes it by). Everything published stays exactly as it was.
 */
const STABLE = new URL('./openapi.stable.json', import.meta.url);

type Operations = Record<string, Record<string, unknown>>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Where `now` differs from the published `was` other than by an added field (a property added to
 * `properties`, and required only in an answer), else null. `answer`: inside `responses`.
 */
function incompatibility(was: unknown, now: unknown, at: string, answer: boolean): string | null {
  if (!isObject(was) || !isObject(now))
    return JSON.stringify(was) === JSON.stringify(now) ? null : `${at} changed`;
  for (const [k, v] of Object.entries(was)) {
    if (!(k in now)) return `${at}.${k} removed`;
    if (k === 'required' && Array.isArray(v) && Array.isArray(now[k])) {
      const added = (now[k] as unknown[]).filter((x) => !v.includes(x));
      const kept = v.every((x) => (now[k] as unknown[]).includes(x));
      // A field a request must now carry would refuse the old requests.
      if (!kept || (added.length && !answer)) return `${at}.required changed`;
      if (added.some((x) => !isObject(now.properties) || !(String(x) in now.properties)))
        return `${at}.required changed`;
      if (added.some((x) => isObject(was.properties) && String(x) in was.properties))
        return `${at}.required changed`;
      continue;
    }
    const problem = incompatibility(v, now[k], `${at}.${k}`, answer || k === 'responses');
    if (problem) return problem;
  }
  const added = Object.keys(now).filter((k) => !(k in was));
  const isProperties = at.endsWith('.properties');
  // Only a new property is an added field; a new "required" in a request body is caught above.
  if (added.length && !isProperties && !(answer && added.every((k) => k === 'required')))
    return `${at} gained ${added.join(', ')}`;
  if (!answer && added.includes('required')) return `${at} gained required`;
  return null;
}

describe('the published operations', () => {
  const { anon } = useTestServer();
  let paths: Operations;

  beforeAll(async () => {
    paths = (await anon().get('/api/openapi.json')).body.paths as Operations;
    if (process.env.PROMENADE_WRITE_OPENAPI === '1')
      writeFileSync(STABLE, JSON.stringify(paths, null, 1) + '\n');
  });

  it('keeps every operation it has published, unchanged', () => {
    const stable = JSON.parse(readFileSync(STABLE, 'utf8')) as Operations;
    const changed: string[] = [];
    for (const [path, ops] of Object.entries(stable))
      for (const [method, op] of Object.entries(ops)) {
        const now = paths[path]?.[method];
        if (now === undefined) changed.push(`${method.toUpperCase()} ${path}: missing`);
        else if (incompatibility(op, now, '', false))
          changed.push(`${method.toUpperCase()} ${path}: ${incompatibility(op, now, '', false)}`);
      }
    expect(changed).toEqual([]);
  });

  it('takes an added optional field as the one compatible change, and nothing else', () => {
    const body = (properties: object, required?: string[]) => ({
      requestBody: { content: { schema: { type: 'object', properties, ...(required ? { required } : {}) } } },
    });
    const answer = (properties: object, required: string[]) => ({
      responses: { 200: { content: { schema: { type: 'object', properties, required } } } },
    });
    const a = { type: 'string' };
    const b = { type: 'number' };
    expect(incompatibility(body({ a }), body({ a, b }), '', false)).toBeNull();
    expect(incompatibility(body({ a }), body({ a, b }, ['b']), '', false)).toMatch(/required/);
    expect(incompatibility(body({ a }, ['a']), body({ a, b }, ['a', 'b']), '', false)).toMatch(/required/);
    expect(incompatibility(body({ a, b }), body({ a }), '', false)).toMatch(/removed/);
    expect(incompatibility(body({ a }), body({ a: b }), '', false)).toMatch(/changed/);
    expect(incompatibility(answer({ a }, ['a']), answer({ a, b }, ['a', 'b']), '', false)).toBeNull();
    expect(incompatibility(answer({ a, b }, ['a']), answer({ a, b }, ['a', 'b']), '', false)).toMatch(
      /required/,
    );
    expect(incompatibility(answer({ a }, ['a']), answer({ a }, []), '', false)).toMatch(/required/);
    expect(incompatibility({ x: { minimum: 1 } }, { x: { minimum: 1, maximum: 2 } }, '', false)).toMatch(
      /gained maximum/,
    );
  });
});
