import { expect, it } from 'vitest';
import { Client, useTestServer } from '../../test/harness.ts';

const { s } = useTestServer({ demo: false });
it('documents the registration, competitor and entry paths in the OpenAPI document', async () => {
  const res = await new Client(s.url).get('/api/openapi.json');
  expect(res.status).toBe(200);
  const paths = Object.keys(res.body.paths);
  for (const p of [
    '/api/v1/competitions/{key}/registrations',
    '/api/v1/competitions/{key}/registrations/lookup',
    '/api/v1/competitions/{key}/registrations/entries',
    '/api/v1/competitions/{key}/registrations/recover',
    '/api/v1/competitions/{key}/registrations/open',
    '/api/v1/competitions/{key}/registrations/own',
    '/api/v1/competitions/{key}/registrations/own/entries',
    '/api/v1/competitions/{key}/registrations/import',
    '/api/v1/competitions/{key}/competitors/{id}',
    '/api/v1/competitions/{key}/entries/adhoc',
    '/api/v1/competitions/{key}/fees.csv',
  ])
    expect(paths).toContain(p);
});
