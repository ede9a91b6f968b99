import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../test/harness.ts';

/** The running server describes every answer it gives. */
describe('the API contract', () => {
  const { anon } = useTestServer();
  let doc: {
    paths: Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
    >;
  };

  beforeAll(async () => {
    doc = (await anon().get('/api/openapi.json')).body;
  });

  it('gives every operation a success answer with a schema', () => {
    const missing: string[] = [];
    let operations = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        operations++;
        const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
        const described = success.some(
          ([status, r]) =>
            status === '204' || Object.values(r.content ?? {}).some((c) => c.schema !== undefined),
        );
        if (!described) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(operations).toBeGreaterThan(80);
    expect(missing).toEqual([]);
  });
});
