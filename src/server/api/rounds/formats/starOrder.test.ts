/**
 * A list read without ORDER BY comes back in whatever order the database keeps the rows: SQLite by id,
 * PostgreSQL as written (an UPDATE writes a row's new version elsewhere in its table). Couples entered
 * from the highest number down and made stars one after the other must still be named by number: in
 * the post's message, the audit record and the next round's summary.
 */
import { expect, it } from 'vitest';
import { lastAudit, useTestServer } from '../../../test/harness.ts';
import { roundPath, signInCrew } from '../../../test/kits/testFlow.ts';
import { addEvent } from '../../../test/kits/testEvent.ts';

const { s, admin } = useTestServer({ admin: true });

it('star couples are named by number, whatever order they were made stars in', async () => {
  const { judges, scrutineer } = await signInCrew(s);
  const key = await addEvent(admin, 'Starlit Gold Rumba', 'Latin', 'Gold', ['Rumba']);
  const path = `/api/v1/competitions/demo/events/${key}`;
  // Entered from the highest number down: the entries' ids run against their numbers.
  for (let n = 710; n > 700; n--)
    expect(
      (await admin.post(`${path}/entries`, { leadName: `S${n}`, followName: `T${n}`, leadNumber: n })).status,
    ).toBe(201);
  expect((await admin.post(`${path}/rounds/generate`, {})).status).toBe(200);
  const event = async () =>
    ((await admin.get('/api/v1/competitions/demo/events')).body as any[]).find((e) => e.key === key);
  const entryOf = async (n: number) => (await event()).entries.find((e: any) => e.leadNumber === n);

  for (const n of [709, 710]) {
    const res = await admin.put(`${path}/entries/${(await entryOf(n)).entryId}/star`, { joinsRound: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  const first = roundPath(key, 1);
  expect((await admin.patch(first, { recallSize: 3 })).status).toBe(200);
  const started = await admin.post(`${first}/start`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const couples: string[] = started.body.round.couples;
  expect(couples).toEqual(['701', '702', '703', '704', '705', '706', '707', '708']);
  for (const j of judges)
    expect((await j.client.put(`${first}/marks/${j.id}`, { Rumba: couples.slice(0, 3) })).status).toBe(200);
  expect((await scrutineer.post(`${first}/results`, { tieDecision: 'includeTied' })).status).toBe(200);
  const posted = await admin.post(`${first}/post`, {});
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  expect(posted.body.message).toMatch(/with 2 star couples \(709, 710\)/);

  const trail = await lastAudit(s.db, 'results.post');
  expect(trail.after.next.couples).toEqual(['701', '702', '703', '709', '710']);

  const next = await scrutineer.get(`${roundPath(key, 2)}/marks`);
  expect(next.status).toBe(200);
  expect(next.body.round.stars).toEqual(['709', '710']);
});
