import { describe, expect, it } from 'vitest';
import { Client, expectErrorShape, useTestServer } from '../../test/harness.ts';
import { COMPETITORS_MAX_PAGE, COMPETITORS_PAGE } from '../../../domain/registration.ts';

const { s } = useTestServer();
const C = '/api/v1/competitions/demo';

describe('the public competitor list, paged', () => {
  it('answers a page by name with the total, and the whole list of an ordinary competition by default', async () => {
    const anon = new Client(s.url);
    const all = await anon.get<{ id: number; name: string; entries: unknown[] }[]>(`${C}/competitors`);
    expect(all.status).toBe(200);
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(10);
    expect(total).toBeLessThanOrEqual(COMPETITORS_PAGE);
    expect(all.body).toHaveLength(total);

    const page = await anon.get<typeof all.body>(`${C}/competitors?limit=5&offset=3`);
    expect(page.body.map((c) => c.id)).toEqual(all.body.slice(3, 8).map((c) => c.id));
    // Each competitor of the page keeps its events, as in the whole list.
    expect(page.body).toEqual(all.body.slice(3, 8));
    expect(page.headers.get('x-total-count')).toBe(String(total));
    expect((await anon.get(`${C}/competitors?offset=${total}`)).body).toEqual([]);

    expectErrorShape(await anon.get(`${C}/competitors?limit=${COMPETITORS_MAX_PAGE + 1}`), 400);
    expectErrorShape(await anon.get(`${C}/competitors?limit=0`), 400);
  });
});
