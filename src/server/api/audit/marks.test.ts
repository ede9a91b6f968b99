/**
 * The audit check covers the marks themselves and every posted result's place in the trail: a mark
 * changed in the database (its receipt left as it was) and records removed after a posted result are
 * found and named. SQLite and PostgreSQL alike.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Client, competitionId, useTestServer } from '../../test/harness.ts';
import {
  createEvent,
  DAWSON_DANCES,
  markDawsonFinal,
  ok,
  type TestEvent,
} from '../../test/kits/testEvent.ts';
import { signInCrew, type Crew } from '../../test/kits/testFlow.ts';

const { s, admin } = useTestServer({ admin: true });
const API = '/api/v1/competitions/demo';
let crew: Crew;
let ev: TestEvent;

const verify = () => admin.get(`${API}/audit/verify`);

beforeAll(async () => {
  crew = await signInCrew(s);
  ev = await createEvent(admin, { name: 'Tamper Check', dances: DAWSON_DANCES, couples: 6 });
  await ok(admin.post(`${ev.path}/rounds/1/start`, {}));
  await markDawsonFinal(ev, 1, crew.judges);
  // A correction from the paper sheet: a new version with its own receipt, as a judge's edit is.
  const waltz = Object.fromEntries(ev.couples.map((c, i) => [c, ev.couples.length - i]));
  await ok(crew.scrutineer.put(`${ev.path}/rounds/1/marks/${crew.judges[1]!.id}`, { Waltz: waltz }));
}, 60_000);

async function markRow(officialId: number, dance: string) {
  return s.db
    .selectFrom('marks')
    .innerJoin('rounds', 'rounds.id', 'marks.round_id')
    .innerJoin('events', 'events.id', 'rounds.event_id')
    .select(['marks.id', 'marks.value', 'marks.receipt'])
    .where('events.key', '=', ev.key)
    .where('marks.official_id', '=', officialId)
    .where('marks.dance', '=', dance)
    .executeTakeFirstOrThrow();
}

describe('verify checks every stored mark against the record', () => {
  it('holds for marks as submitted and corrected', async () => {
    const res = await verify();
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      ok: true,
      marksChecked: crew.judges.length * DAWSON_DANCES.length,
    });
  });

  it('names a mark changed in the database, beside its untouched receipt', async () => {
    const judge = crew.judges[0]!;
    const row = await markRow(judge.id, 'Tango');
    const places = JSON.parse(row.value!) as Record<string, number>;
    const [a, b] = ev.couples;
    // Someone with the database file swaps two couples' places for judge 1.
    const altered = { ...places, [a!]: places[b!]!, [b!]: places[a!]! };
    await s.db
      .updateTable('marks')
      .set({ value: JSON.stringify(altered) })
      .where('id', '=', row.id)
      .execute();
    try {
      const served = await admin.get(`${ev.path}/rounds/1/marks`);
      expect(served.body.marks.Tango[String(judge.id)]).toMatchObject({
        value: altered,
        receipt: row.receipt,
      });

      const res = await verify();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: false, brokenAt: null, posted: [] });
      expect(res.body.marks).toEqual([
        {
          event: 'Tamper Check',
          eventKey: ev.key,
          round: 'Final',
          roundNumber: 1,
          judge: judge.name,
          officialId: judge.id,
          dance: 'Tango',
          reason: expect.stringMatching(/changed after they were submitted/),
        },
      ]);
      expect(res.body.reason).toContain(`Final of Tamper Check, ${judge.name}, Tango`);
    } finally {
      await s.db.updateTable('marks').set({ value: row.value }).where('id', '=', row.id).execute();
    }
    expect((await verify()).body).toMatchObject({ ok: true });
  });

  it('names a mark whose receipt or version was changed too', async () => {
    const judge = crew.judges[2]!;
    const row = await markRow(judge.id, 'Waltz');
    await s.db
      .updateTable('marks')
      .set({ version: sql<number>`version + 1` })
      .where('id', '=', row.id)
      .execute();
    try {
      const res = await verify();
      expect(res.body).toMatchObject({ ok: false, brokenAt: null });
      expect(res.body.marks).toEqual([
        expect.objectContaining({
          judge: judge.name,
          dance: 'Waltz',
          reason: expect.stringMatching(/no record/),
        }),
      ]);
    } finally {
      await s.db
        .updateTable('marks')
        .set({ version: sql<number>`version - 1` })
        .where('id', '=', row.id)
        .execute();
    }
  });
});

describe('a posted result notes the head of the trail', () => {
  it('shows the head with the result and in the export; records removed after it are found', async () => {
    await ok(crew.scrutineer.post(`${ev.path}/rounds/1/results`, {}));
    await ok(crew.scrutineer.post(`${ev.path}/rounds/1/post`, {}));
    const intact = await verify();
    expect(intact.body).toMatchObject({ ok: true, postedChecked: 1 });
    const result = await new Client(s.url).get(`${ev.path}/rounds/1/results`);
    expect(result.body.chainHead).toBe(intact.body.head);
    const exported = await admin.get(`${API}/export`);
    const rows = exported.body.tables.round_results as { chain_head: string | null }[];
    expect(rows.map((r) => r.chain_head)).toContain(intact.body.head);

    // Someone with the database file removes the last records (the post's own among them): the
    // chain that is left is whole, but the head the posted result noted is gone.
    const demo = { id: await competitionId(s.db) };
    const last = await s.db
      .selectFrom('audit_log')
      .select('id')
      .where('competition_id', '=', demo.id)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    await s.db
      .deleteFrom('audit_log')
      .where(
        'id',
        'in',
        last.map((r) => r.id),
      )
      .execute();
    const cut = await verify();
    expect(cut.body).toMatchObject({ ok: false, brokenAt: null, marks: [] });
    expect(cut.body.posted).toEqual([
      {
        event: 'Tamper Check',
        round: 'Final',
        roundNumber: 1,
        postedAt: expect.any(String),
        head: intact.body.head,
      },
    ]);
    expect(cut.body.reason).toMatch(/Records were removed after a posted result/);
  });
});
