/**
 * Deleting an event with marks archives them in the audit record, which is hashed into the chain: the
 * record must list them in the order they were made (by id) on every database. PostgreSQL keeps no
 * order: a corrected mark (an UPDATE) is written anew at the end of the table, and a read without
 * ORDER BY then lists it after the marks made later.
 */
import { expect, it } from 'vitest';
import { auditTrail, useTestServer } from '../../test/harness.ts';
import { signInCrew, startedSemiFinal } from '../../test/kits/testFlow.ts';

const { s, admin } = useTestServer({ admin: true });

it("archives a deleted event's marks in the order they were made, a corrected one included", async () => {
  const { judges, scrutineer } = await signInCrew(s);
  const { ev, semi, couples } = await startedSemiFinal(admin);
  const d = ev.dances[0]!;
  for (const j of judges)
    expect((await j.client.put(`${semi}/marks/${j.id}`, { [d]: couples.slice(0, 7) })).status).toBe(200);
  // The scrutineer corrects the first judge's marks from paper: the mark row is rewritten.
  const first = judges[0]!;
  const fix = await scrutineer.call(
    'PUT',
    `${semi}/marks/${first.id}?source=paper`,
    { [d]: couples.slice(1, 8) },
    { 'if-match': '1' },
  );
  expect(fix.status, JSON.stringify(fix.body)).toBe(200);
  const made = await s.db
    .selectFrom('marks')
    .select(['id', 'official_id'])
    .where('dance', '=', d)
    .orderBy('id')
    .execute();
  expect(made.map((m) => m.official_id)).toEqual(judges.map((j) => j.id));

  const gone = await admin.del(`/api/v1/competitions/demo/events/${ev.key}?confirm=true`);
  expect(gone.status, JSON.stringify(gone.body)).toBe(200);
  const [trail] = await auditTrail(s.db, 'event.delete', ev.key);
  const archived = JSON.parse(trail!.before ?? '{}') as {
    marks: { id: number; official_id: number; version: number }[];
  };
  expect(archived.marks.map((m) => m.id)).toEqual(made.map((m) => m.id));
  expect(archived.marks.map((m) => m.version)).toEqual(judges.map((_, i) => (i === 0 ? 2 : 1)));
});
