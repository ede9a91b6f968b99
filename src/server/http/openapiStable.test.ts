import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../test/harness.ts';

/**
 * Scripts and other programs rely on every operation as published: an operation may be added, but
 * none may change its parameters, body or answers. `openapi.stable.json` holds the published ones;
 * `PROMENADE_WRITE_OPENAPI=1` rewrites it, for a change of contract made on purpose.
 */
const STABLE = new URL('./openapi.stable.json', import.meta.url);

type Operations = Record<string, Record<string, unknown>>;

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
        else if (JSON.stringify(now) !== JSON.stringify(op))
          changed.push(`${method.toUpperCase()} ${path}: changed`);
      }
    expect(changed).toEqual([]);
  });
});
