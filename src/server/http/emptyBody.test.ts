import { describe, expect, it } from 'vitest';
import { expectErrorShape, useTestServer } from '../test/harness.ts';

/** Issue 13: a command that takes no fields may be sent with no body (curl -X POST …). */
describe('commands sent with no body', () => {
  const { admin } = useTestServer({ admin: true });
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
});
