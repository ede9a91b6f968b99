import { describe, expect, it } from 'vitest';
import { Client, expectErrorShape, useTestServer } from '../../test/harness.ts';

const { s, admin } = useTestServer({ admin: true });
const EVENT = '/api/v1/competitions/demo/events/bronze-latin-c-r-s';
const entryCount = async () => (await admin.get(`${EVENT}/entries`)).body.length as number;

async function official(role: string): Promise<Client> {
  const o = s.demo!.codes.find((c) => c.role === role)!;
  const c = new Client(s.url);
  expect(
    (await c.post(`/api/v1/competitions/demo/officials/${o.id}/session`, { code: o.accessCode })).status,
  ).toBe(200);
  return c;
}

describe('one event’s entries (api.md paths)', () => {
  it('lists the couples of an event publicly, without emails', async () => {
    const res = await new Client(s.url).get(`${EVENT}/entries`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body[0]).toEqual(
      expect.objectContaining({ leadName: expect.any(String), leadNumber: expect.any(Number) }),
    );
    expect(JSON.stringify(res.body)).not.toMatch(/@/);
    expectErrorShape(await new Client(s.url).get('/api/v1/competitions/demo/events/nope/entries'), 404);
  });

  it('adds a couple with the next free number, or the number given, and refuses the same pair in either order', async () => {
    const before = await entryCount();
    const added = await admin.post(`${EVENT}/entries`, {
      leadName: 'Zed Walker',
      followName: 'Yara Moon',
      affiliation: 'Other',
    });
    expect(added.status).toBe(201);
    expect(added.body.leadNumber).toBeGreaterThanOrEqual(148);
    const kept = await admin.post(`${EVENT}/entries`, {
      leadName: 'Xavi Lane',
      followName: 'Wren Hart',
      affiliation: 'Other',
      leadNumber: 777,
    });
    expect(kept.body.leadNumber).toBe(777);
    expectErrorShape(
      await admin.post(`${EVENT}/entries`, { leadName: 'yara moon', followName: 'ZED WALKER' }),
      409,
      'duplicate_entry',
    );
    expect(await entryCount()).toBe(before + 2);
  });

  it('refuses bad input, strangers and officials, writing nothing', async () => {
    const before = await entryCount();
    for (const body of [
      {},
      { leadName: 'A' },
      { leadName: 'A', followName: 'B', leadNumber: 'x' },
      { leadName: 'A'.repeat(500), followName: 'B' },
      { leadName: 'A', followName: 'B', leadId: 999999 },
      { leadName: 'A', followName: 'B', extra: 1 },
    ]) {
      const res = await admin.post(`${EVENT}/entries`, body);
      expect(res.status).toBe(400);
    }
    expectErrorShape(
      await new Client(s.url).post(`${EVENT}/entries`, { leadName: 'A', followName: 'B' }),
      401,
    );
    expectErrorShape(
      await (await official('Judge')).post(`${EVENT}/entries`, { leadName: 'A', followName: 'B' }),
      403,
    );
    expectErrorShape(
      await admin.post('/api/v1/competitions/demo/events/nope/entries', { leadName: 'A', followName: 'B' }),
      404,
    );
    expect(await entryCount()).toBe(before);
  });

  it('scratches and deletes through the event path, and only entries of that event', async () => {
    const added = (await admin.post(`${EVENT}/entries`, { leadName: 'Quinn Ash', followName: 'Pia Oak' }))
      .body;
    expectErrorShape(
      await admin.patch(`/api/v1/competitions/demo/events/open-latin-c-s-r-p-j/entries/${added.id}`, {
        scratched: true,
      }),
      404,
    );
    const scratched = await admin.patch(`${EVENT}/entries/${added.id}`, { scratched: true });
    expect(scratched.status).toBe(200);
    expect(scratched.body.scratched).toBe(true);
    expect((await admin.del(`${EVENT}/entries/${added.id}`)).status).toBe(204);
    expect((await admin.get(`${EVENT}/entries`)).body.map((e: { id: number }) => e.id)).not.toContain(
      added.id,
    );
  });

  it('lets the deck captain and admins check couples in; nobody else', async () => {
    const entry = (await admin.get(`${EVENT}/entries`)).body[0];
    const deck = await official('Deck Captain');
    const ok = await deck.post(`${EVENT}/entries/${entry.id}/check-in`, { checkedIn: true });
    expect(ok.status).toBe(200);
    expect(ok.body.checkedIn).toBe(true);
    expect((await admin.get(`${EVENT}/entries`)).body[0].checkedIn).toBe(true);
    expectErrorShape(
      await (await official('Judge')).post(`${EVENT}/entries/${entry.id}/check-in`, { checkedIn: false }),
      403,
    );
    expectErrorShape(
      await new Client(s.url).post(`${EVENT}/entries/${entry.id}/check-in`, { checkedIn: false }),
      401,
    );
    expectErrorShape(await deck.post(`${EVENT}/entries/${entry.id}/check-in`, { checkedIn: 'yes' }), 400);
    expect(
      (await admin.post(`${EVENT}/entries/${entry.id}/check-in`, { checkedIn: false })).body.checkedIn,
    ).toBe(false);
    const log = await s.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('entity', '=', 'entry')
      .where('entity_id', '=', String(entry.id))
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.action)).toEqual(['entry.check_in', 'entry.check_out']);
    expect(log[0]!.actor).toMatch(/Deck Captain/);
  });
});
