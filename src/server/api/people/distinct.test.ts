/**
 * "Different dancers": two persons who share a name but are not the same
 * dancer are marked so, and the duplicates review stops showing them together. Through the real server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, lastAudit, useTestServer } from '../../test/harness.ts';
import { ok } from '../../test/kits/testEvent.ts';
import { refusedUnchanged, snapshot } from '../../test/kits/catalogue.ts';
import type { DuplicateGroup, PersonDistinctAnswer } from '../../../domain/schemas/people.ts';

const { s, admin, anon } = useTestServer({ admin: true });
const API = '/api/v1';
const C = `${API}/competitions/names-2026`;
const DISTINCT = `${API}/people/distinct`;
const consents = { lead: { liability: true, media: false }, follow: { liability: true, media: false } };

let n = 0;
/** A new person called `name` (a registration with an email of their own), by id. */
async function personCalled(name: string): Promise<number> {
  n++;
  const reg = await ok<{ lead: { id: number } }>(
    admin.post(`${C}/registrations`, {
      lead: { name, email: `dancer${n}@example.com` },
      follow: { name: `Partner ${n}`, email: `partner${n}@example.com` },
      affiliation: 'Riverside University',
      events: ['bronze-standard-waltz'],
      consents,
    }),
  );
  return (await ok<{ personId: number }>(anon().get(`${C}/competitors/${reg.lead.id}`))).personId;
}

const groupOf = async (id: number) =>
  (await ok<DuplicateGroup[]>(admin.get(`${API}/people/duplicates`))).find((g) =>
    g.persons.some((p) => p.id === id),
  );

const siteChainVerifies = async () =>
  expect((await admin.get(`${API}/site/audit/verify`)).body).toMatchObject({ ok: true });

beforeAll(async () => {
  await ok(admin.post(`${API}/competitions`, { key: 'names-2026', fullName: 'Names Open 2026' }));
  await ok(
    admin.post(`${C}/events`, {
      name: 'Bronze Standard Waltz',
      style: 'Standard',
      level: 'Bronze',
      dances: ['Waltz'],
    }),
  );
}, 60_000);

describe('POST /people/distinct', () => {
  it('marks two dancers of one name as different: their group leaves the review; audited in the site chain', async () => {
    const a = await personCalled('Anna Smith');
    const b = await personCalled('anna  SMITH');
    expect((await groupOf(a))?.persons.map((p) => p.id)).toEqual([a, b]);
    const r = await admin.post<PersonDistinctAnswer>(DISTINCT, { personIds: [b, a] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      message: `#${a} Anna Smith and #${b} anna  SMITH are marked as different dancers.`,
      persons: [
        { id: a, name: 'Anna Smith' },
        { id: b, name: 'anna  SMITH' },
      ],
      marked: [[a, b]],
    });
    expect(await groupOf(a)).toBeUndefined();
    const record = await s.db
      .selectFrom('audit_log')
      .select(['action', 'competition_id', 'after'])
      .where('action', '=', 'person.distinct')
      .orderBy('id')
      .execute();
    expect(record).toEqual([
      { action: 'person.distinct', competition_id: null, after: JSON.stringify({ marked: [[a, b]] }) },
    ]);
    await siteChainVerifies();
    // The same decision again changes nothing and says so.
    const again = await unchanged(() => admin.post<PersonDistinctAnswer>(DISTINCT, { personIds: [a, b] }));
    expect(again.body.message).toBe(
      `#${a} Anna Smith and #${b} anna  SMITH were already marked as different dancers.`,
    );
  });

  it('a group of three with one pair marked stays, listing the pair; marking all three clears it', async () => {
    const [x, y, z] = [
      await personCalled('Ben Cole'),
      await personCalled('Ben Cole'),
      await personCalled('Ben Cole'),
    ];
    await ok(admin.post(DISTINCT, { personIds: [z, x] }));
    const group = await groupOf(x);
    expect(group?.persons.map((p) => p.id)).toEqual([x, y, z]);
    expect(group?.distinctPairs).toEqual([[x, z]]);
    // Marking all three adds only the two pairs not marked yet.
    const all = await ok<PersonDistinctAnswer>(admin.post(DISTINCT, { personIds: [x, y, z] }));
    expect(all.marked).toEqual([
      [x, y],
      [y, z],
    ]);
    expect(await groupOf(x)).toBeUndefined();
    await siteChainVerifies();
  });

  it('merging two people marked different is still possible, and drops their mark (the undo)', async () => {
    const a = await personCalled('Cara Diaz');
    const b = await personCalled('Cara Diaz');
    const c = await personCalled('Cara Diaz');
    await ok(admin.post(DISTINCT, { personIds: [a, b, c] }));
    expect(await groupOf(a)).toBeUndefined();
    const merged = await admin.post(`${API}/people/merge`, { from: b, into: a });
    expect(merged.status).toBe(200);
    // b's marks went with it; a and c stay marked, so nothing of the name is left to review.
    expect(
      await s.db
        .selectFrom('person_distinct')
        .selectAll()
        .where((eb) => eb.or([eb('low_id', '=', b), eb('high_id', '=', b)]))
        .execute(),
    ).toEqual([]);
    expect(await groupOf(a)).toBeUndefined();
    const record = await lastAudit(s.db, 'person.merge');
    expect(record.after.distinctDropped).toEqual([
      [a, b],
      [b, c],
    ]);
    await siteChainVerifies();
  });

  it('refuses bad lists, unknown and merged people, with nothing written', async () => {
    const a = await personCalled('Dana Fox');
    const b = await personCalled('Dana Fox');
    const gone = await personCalled('Dana Fox');
    await ok(admin.post(`${API}/people/merge`, { from: gone, into: b }));
    const refused = (body: unknown, status: number, code?: string) =>
      refusedUnchanged(s.db, () => admin.post(DISTINCT, body), status, code);
    expect((await refused({ personIds: [a] }, 400, 'invalid')).body.error.message).toContain('at least two');
    expect((await refused({ personIds: [a, a] }, 400, 'invalid')).body.error.message).toContain('only once');
    await refused({ personIds: [a, 'b'] }, 400, 'invalid');
    await refused({ personIds: `${a},${b}` }, 400, 'invalid');
    await refused({}, 400, 'invalid');
    await refused({ personIds: Array.from({ length: 21 }, (_, i) => a + i) }, 400, 'invalid');
    await refused({ personIds: Array.from({ length: 100_000 }, (_, i) => i + 1) }, 400);
    const unknown = await refused({ personIds: [a, 999_999] }, 404, 'not_found');
    expect(unknown.body.error.message).toBe('Person #999999 was not found.');
    const merged = await refused({ personIds: [a, gone] }, 409, 'merged');
    expect(merged.body.error.message).toContain(`Person #${gone} was already merged into person #${b}.`);
    expect(await groupOf(a)).toBeDefined();
  });

  it('is for site administrators only: a competition administrator is refused (403), anyone else 401', async () => {
    const a = await personCalled('Eli Gray');
    const b = await personCalled('Eli Gray');
    await ok(
      admin.post(`${C}/admins`, {
        email: 'organizer@example.com',
        name: 'Organizer',
        password: 'organizer-1',
      }),
    );
    const organizer = new Client(s.url);
    await ok(organizer.login('organizer@example.com', 'organizer-1'));
    await refusedUnchanged(s.db, () => organizer.post(DISTINCT, { personIds: [a, b] }), 403, 'forbidden');
    await refusedUnchanged(s.db, () => anon().post(DISTINCT, { personIds: [a, b] }), 401);
    expect((await groupOf(a))?.distinctPairs).toEqual([]);
  });
});

/** A repeated decision answers 200 and writes nothing (the whole database is the same). */
async function unchanged<T>(call: () => Promise<{ status: number; body: T }>) {
  const before = await snapshot(s.db);
  const res = await call();
  expect(res.status).toBe(200);
  expect(await snapshot(s.db)).toBe(before);
  return res;
}
