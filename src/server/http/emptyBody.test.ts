import { describe, expect, it } from 'vitest';
import { countRows, expectErrorShape, useTestServer } from '../test/harness.ts';

/** A command that takes no fields may be sent with no body (curl -X POST …). */
describe('commands sent with no body', () => {
  const { s, admin } = useTestServer({ admin: true });
  const generate = '/api/v1/competitions/demo/events/newcomer-standard-w-q/rounds/generate';

  it('takes a POST with no body and no content type as {}', async () => {
    const res = await admin.call('POST', generate);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatch(/^Generated \d rounds?/);
  });

  it('takes an empty JSON body as {}', async () => {
    const res = await admin.call('POST', generate, '', { 'content-type': 'application/json' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('still refuses a JSON null that was sent', async () => {
    const res = await admin.call('POST', generate, 'null');
    expectErrorShape(res, 400, 'invalid');
  });

  it('says the body is empty to a command that needs fields', async () => {
    const none = await admin.call('PATCH', '/api/v1/competitions/demo');
    expectErrorShape(none, 400, 'bad_request');
    expect(none.body.error.message).toBe('The request body is empty; send a JSON object.');
    const empty = await admin.call('PATCH', '/api/v1/competitions/demo', '', {
      'content-type': 'application/json',
    });
    expectErrorShape(empty, 400, 'bad_request');
  });

  it('documents the body of a command that takes no fields as optional', async () => {
    const doc = await admin.get('/api/openapi.json');
    expect(
      doc.body.paths['/api/v1/competitions/{key}/events/{eventKey}/rounds/generate'].post.requestBody
        .required,
    ).toBe(false);
    expect(doc.body.paths['/api/v1/competitions/{key}'].patch.requestBody.required).toBe(true);
  });

  describe('a command that takes no fields takes no body but nothing or {}', () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const junk: [string, string][] = [
      ['an array', '[]'],
      ['a string', '"x"'],
      ['a number', '12345'],
      ['an object with a field', '{"code":"ABCDEFG"}'],
      ['a 50,000-deep array', deep],
    ];

    it('refuses any other body with a 400 and issues no code', async () => {
      const made = await admin.post('/api/v1/competitions/demo/officials', {
        name: 'Body Judge',
        role: 'Judge',
      });
      expect(made.status).toBe(201);
      const paths = [
        `/api/v1/competitions/demo/officials/${made.body.id}/code`,
        '/api/v1/competitions/demo/officials/codes',
      ];
      const audited = await countRows(s.db, 'audit_log');
      for (const path of paths)
        for (const [what, body] of junk) {
          const res = await admin.call('POST', path, body);
          expect(res.status, `${what} to ${path}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(400);
          expect(res.body.error.code).toMatch(/^(invalid|bad_request)$/);
          expect(res.body.error.message).toMatch(/takes no fields|not valid JSON/);
        }
      expect(await countRows(s.db, 'audit_log')).toBe(audited);
      for (const path of paths) {
        expect((await admin.call('POST', path)).status, `no body to ${path}`).toBe(200);
        expect((await admin.call('POST', path, '{}')).status, `{} to ${path}`).toBe(200);
      }
    });

    it('declares a body for every command, so none takes one unread', async () => {
      const doc = (await admin.get('/api/openapi.json')).body as {
        paths: Record<string, Record<string, { requestBody?: unknown }>>;
      };
      const bodyless: string[] = [];
      for (const [path, ops] of Object.entries(doc.paths))
        for (const [method, op] of Object.entries(ops))
          if (['post', 'put', 'patch', 'delete'].includes(method) && !op.requestBody)
            bodyless.push(`${method.toUpperCase()} ${path}`);
      // The image upload's body is the file itself, read as bytes and checked by its first bytes. The
      // one-click unsubscribe (RFC 8058) is a mail program's form post whose only field says "One-Click":
      // the token in the address is the whole command.
      expect(bodyless).toEqual([
        'POST /api/v1/competitions/{key}/images',
        'POST /api/v1/competitions/{key}/unsubscribe',
      ]);
    });
  });
});
