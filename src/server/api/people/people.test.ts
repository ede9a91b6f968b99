/**
 * People across competitions and YCN points, through the real server: a dancer wins last
 * year's Silver Waltz (after a semi-final) in the demo competition, then registers at a new YCN
 * competition.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { rowCounts, useTestServer, type Client } from '../../test/harness.ts';
import { signIn, type Judge } from '../../test/kits/testFlow.ts';
import { danceEvent, type DancedEvent } from '../../test/kits/placings.ts';
import { ok } from '../../test/kits/testEvent.ts';
import type { PersonPoints, PersonPublic, StandingAnswer } from '../../../domain/schemas/people.ts';

const { s, admin, anon } = useTestServer({ admin: true });
const API = '/api/v1';
const NEW = `${API}/competitions/ycn-2026`;
const JANE = { name: 'Jane Doe', email: 'jane.doe@students.example.edu' };
const SAM = { name: 'Sam Lee', email: 'sam.lee@students.example.edu' };
const consents = { lead: { liability: true, media: false }, follow: { liability: true, media: false } };

let judges: Judge[];
let silver: DancedEvent;
let janeId: number;

const registration = (
  events: string[],
  follow = JANE,
  lead = { name: 'Alex Kim', email: 'alex@example.com' },
) => ({
  lead,
  follow,
  affiliation: 'Riverside University',
  events,
  consents,
});

/** Every table a registration writes to. */
const TABLES = {
  registrations: 'registrations',
  competitors: 'competitors',
  entries: 'entries',
  persons: 'persons',
  identities: 'person_identities',
  audit: 'audit_log',
} as const;

beforeAll(async () => {
  judges = await signIn(s, 'Judge');
  // Last year: Jane (follow) and Sam win Silver Standard Waltz after a semi-final.
  silver = await danceEvent(admin, judges, {
    name: 'Silver Standard Waltz',
    level: 'Silver',
    dances: ['Waltz'],
    couple: { lead: SAM, follow: JANE },
    semi: true,
  });
  const demo = await ok<{ id: number; personId: number; name: string }[]>(
    admin.get(`${API}/competitions/demo/competitors?limit=1000`),
  );
  janeId = demo.find((c) => c.name === JANE.name)!.personId;
  // This year: a new competition on the YCN rule, with Newcomer and Bronze Waltz.
  await ok(
    admin.post(`${API}/competitions`, { key: 'ycn-2026', fullName: 'YCN Open 2026', eligibility: 'ycn' }),
  );
  for (const level of ['Newcomer', 'Bronze'])
    await ok(
      admin.post(`${NEW}/events`, {
        name: `${level} Standard Waltz`,
        style: 'Standard',
        level,
        dances: ['Waltz'],
      }),
    );
}, 120_000);

describe('points from a posted result on this server', () => {
  it('are 3 in Silver, 6 in Bronze, 7 in Newcomer (placed out) for the Silver Waltz winner', async () => {
    const r = await anon().get<PersonPoints>(`${API}/people/${janeId}/points`);
    expect(r.status).toBe(200);
    const waltz = r.body.standings.filter((x) => x.style === 'Standard' && x.dance === 'Waltz');
    expect(waltz.map((x) => [x.level, x.points, x.placedOut])).toEqual([
      ['Silver', 3, false],
      ['Bronze', 6, false],
      ['Newcomer', 7, true],
    ]);
    expect(waltz[0]!.sources).toEqual([
      {
        competition: 'Riverside Collegiate DanceSport Classic 2026',
        event: 'Silver Standard Waltz',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        place: 1,
        points: 3,
      },
    ]);
  });

  it('a straight final earns nothing', async () => {
    await danceEvent(admin, judges, {
      name: 'Gold Standard Quickstep',
      level: 'Gold',
      dances: ['Quickstep'],
      couple: { lead: SAM, follow: JANE },
      semi: false,
    });
    const r = await anon().get<PersonPoints>(`${API}/people/${janeId}/points`);
    expect(r.body.standings.filter((x) => x.dance === 'Quickstep')).toEqual([]);
    // It is still one of her results.
    const page = await anon().get<PersonPublic>(`${API}/people/${janeId}`);
    expect(page.body.results.find((x) => x.eventName === 'Gold Standard Quickstep')).toMatchObject({
      place: 1,
      roundReached: 'Final',
      roundsDanced: 1,
    });
  });
});

describe('registering under YCN points', () => {
  it('refuses Newcomer Waltz with the reason (422), naming dancer, dance, points and where; nothing written', async () => {
    const before = await rowCounts(s.db, TABLES);
    const r = await anon().post(`${NEW}/registrations`, registration(['newcomer-standard-waltz']));
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('not_eligible');
    const demoDate = (await anon().get(`${API}/competitions/demo`)).body.startDate;
    expect(r.body.error.message).toBe(
      'Jane Doe has 7 YCN points in Newcomer Standard Waltz (7 place a dancer out), from 1st in Silver ' +
        `Standard Waltz at Riverside Collegiate DanceSport Classic 2026 (${demoDate}, 7 pts), and may not ` +
        'enter Newcomer Standard Waltz.',
    );
    expect(await rowCounts(s.db, TABLES)).toEqual(before);
  });

  it('allows Bronze Waltz, one level up; her new competitor is the same person', async () => {
    const r = await anon().post(`${NEW}/registrations`, registration(['bronze-standard-waltz']));
    expect(r.status).toBe(201);
    const c = await anon().get<{ personId: number }>(`${NEW}/competitors/${r.body.follow.id}`);
    expect(c.body.personId).toBe(janeId);
    // Her page lists both: this year's entry (nothing danced yet) and last year's win.
    const page = await anon().get<PersonPublic>(`${API}/people/${janeId}`);
    expect(page.body.results.find((x) => x.competitionKey === 'ycn-2026')).toMatchObject({
      competitionKey: 'ycn-2026',
      eventName: 'Bronze Standard Waltz',
      entered: true,
      place: null,
      roundReached: null,
    });
    expect(page.body.results.find((x) => x.eventName === 'Silver Standard Waltz')).toMatchObject({
      entered: false,
      place: 1,
    });
  });

  it('the same name with another email is not her: no points (and no link) from an email alone', async () => {
    const stranger = { name: 'Jane Doe', email: 'someone.else@example.com' };
    const r = await anon().post(
      `${NEW}/registrations`,
      registration(['newcomer-standard-waltz'], stranger, { name: 'Lee Park', email: 'lee@example.com' }),
    );
    expect(r.status).toBe(201);
    const c = await anon().get<{ personId: number }>(`${NEW}/competitors/${r.body.follow.id}`);
    expect(c.body.personId).not.toBe(janeId);
  });

  it('"declared" and "none" do not use points', async () => {
    await ok(admin.patch(NEW, { eligibility: 'declared' }));
    expect((await anon().get(NEW)).body.eligibility).toBe('declared');
    const r = await anon().post(
      `${NEW}/registrations`,
      registration(['newcomer-standard-waltz'], JANE, { name: 'Max Roe', email: 'max@example.com' }),
    );
    expect(r.status).toBe(201);
    await ok(admin.patch(NEW, { eligibility: 'ycn' }));
    expect((await anon().patch(NEW, { eligibility: 'none' })).status).toBe(401);
    expect((await admin.patch(NEW, { eligibility: 'points' })).status).toBe(400);
  });

  it('adding Newcomer Waltz later (entry code) is refused the same way', async () => {
    const reg = await ok<{ entryCode: string }>(
      anon().post(
        `${NEW}/registrations`,
        registration(['bronze-standard-waltz'], JANE, { name: 'Ola Berg', email: 'ola@example.com' }),
      ),
    );
    const r = await anon().post(`${NEW}/registrations/entries`, {
      entryCode: reg.entryCode,
      email: JANE.email,
      add: ['newcomer-standard-waltz'],
      drop: [],
    });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toContain('Jane Doe has 7 YCN points in Newcomer Standard Waltz');
  });
});

describe("an organizer's correction of a competitor", () => {
  it('makes the corrected name and email find the same person', async () => {
    const reg = await ok<{ lead: { id: number } }>(
      admin.post(
        `${NEW}/registrations`,
        registration(
          ['bronze-standard-waltz'],
          { name: 'Kim Ray', email: 'kim@typo.example' },
          { name: 'Bo Lund', email: 'bo@example.com' },
        ),
      ),
    );
    const follow = (await anon().get(`${NEW}/competitors?limit=1000`)).body.find(
      (c: { name: string }) => c.name === 'Kim Ray',
    );
    await ok(admin.patch(`${NEW}/competitors/${follow.id}`, { email: 'kim@example.org' }));
    const standing = await anon().post<StandingAnswer>(`${API}/people/standing`, {
      name: 'Kim Ray',
      email: 'kim@example.org',
    });
    expect(standing.body.person?.id).toBe(follow.personId);
    expect(reg.lead.id).not.toBe(follow.id);
  });
});

describe('the standing look-up of the registration form', () => {
  it('answers for the matching name and email, and nothing for an email alone', async () => {
    const mine = await anon().post<StandingAnswer>(`${API}/people/standing`, JANE);
    expect(mine.status).toBe(200);
    expect(mine.body.person).toEqual({ id: janeId, name: 'Jane Doe' });
    expect(mine.body.standings.some((x) => x.level === 'Newcomer' && x.placedOut)).toBe(true);
    const guess = await anon().post<StandingAnswer>(`${API}/people/standing`, {
      name: 'Somebody',
      email: JANE.email,
    });
    expect(guess.body).toEqual({ person: null, standings: [] });
    expect(JSON.stringify(mine.body)).not.toContain('@');
  });
});

describe("a person's public page", () => {
  it('lists every result, newest first, and never an email', async () => {
    const r = await anon().get<PersonPublic>(`${API}/people/${janeId}`);
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('Jane Doe');
    expect(r.body.results.find((x) => x.eventName === 'Silver Standard Waltz')).toMatchObject({
      competitionKey: 'demo',
      eventKey: silver.key,
      level: 'Silver',
      style: 'Standard',
      dances: ['Waltz'],
      role: 'follow',
      partner: 'Sam Lee',
      roundReached: 'Final',
      place: 1,
      roundsDanced: 2,
      imported: false,
      entered: false,
    });
    const dates = r.body.results.map((x) => x.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const text = JSON.stringify(r.body);
    expect(text).not.toContain('@');
    expect((await anon().get(`${API}/people/999999`)).status).toBe(404);
  });
});

describe('duplicates, merge and split (site administrators)', () => {
  let other: number;
  it('lists the same name with two emails as likely duplicates', async () => {
    // Jane registers at another competition with her new email: a person of her own for now.
    await ok(admin.post(`${API}/competitions`, { key: 'spring-2026', fullName: 'Spring Open 2026' }));
    await ok(
      admin.post(`${API}/competitions/spring-2026/events`, {
        name: 'Silver Standard Waltz',
        style: 'Standard',
        level: 'Silver',
        dances: ['Waltz'],
      }),
    );
    const reg = await ok<{ follow: { id: number } }>(
      anon().post(
        `${API}/competitions/spring-2026/registrations`,
        registration(['silver-standard-waltz'], { name: 'Jane  doe', email: 'jane@alumni.example.org' }),
      ),
    );
    other = (await anon().get(`${API}/competitions/spring-2026/competitors/${reg.follow.id}`)).body.personId;
    expect(other).not.toBe(janeId);
    const groups = await ok<{ name: string; persons: { id: number; identities: { email: string }[] }[] }[]>(
      admin.get(`${API}/people/duplicates`),
    );
    const group = groups.find((g) => g.persons.some((p) => p.id === janeId))!;
    expect(group.persons.map((p) => p.id)).toEqual(expect.arrayContaining([janeId, other]));
    expect(group.persons.flatMap((p) => p.identities.map((i) => i.email))).toEqual(
      expect.arrayContaining([JANE.email, 'jane@alumni.example.org']),
    );
    expect((await anon().get(`${API}/people/duplicates`)).status).toBe(401);
  });

  it('merges two persons: competitors, identities and results move; the old id finds the dancer; audited', async () => {
    const merged = await ok<{ person: { id: number; competitors: { competitionKey: string }[] } }>(
      admin.post(`${API}/people/merge`, { from: other, into: janeId }),
    );
    expect(merged.person.id).toBe(janeId);
    expect(merged.person.competitors.map((c) => c.competitionKey)).toEqual(
      expect.arrayContaining(['demo', 'ycn-2026', 'spring-2026']),
    );
    expect((await anon().get<PersonPublic>(`${API}/people/${other}`)).body.id).toBe(janeId);
    // The other email now finds her points too.
    const standing = await anon().post<StandingAnswer>(`${API}/people/standing`, {
      name: 'Jane Doe',
      email: 'jane@alumni.example.org',
    });
    expect(standing.body.person?.id).toBe(janeId);
    const again = await admin.post(`${API}/people/merge`, { from: other, into: janeId });
    expect([again.status, again.body.error.code]).toEqual([409, 'merged']);
    const audit = await s.db
      .selectFrom('audit_log')
      .select(['action', 'competition_id'])
      .where('action', 'like', 'person.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([{ action: 'person.merge', competition_id: null }]);
  });

  it('splits a wrongly linked competitor into a new person, who then keeps that name and email', async () => {
    const jane = await ok<{ id: number; competitors: { competitorId: number; competitionKey: string }[] }>(
      admin.get(`${API}/people/${janeId}/admin`),
    );
    const spring = jane.competitors.find((c) => c.competitionKey === 'spring-2026')!;
    const split = await ok<{ person: { competitors: unknown[] }; other: { id: number; name: string } }>(
      admin.post(`${API}/people/${janeId}/split`, { competitorId: spring.competitorId }),
    );
    expect(split.other.name).toBe('Jane  doe');
    expect(split.person.competitors).toHaveLength(jane.competitors.length - 1);
    const standing = await anon().post<StandingAnswer>(`${API}/people/standing`, {
      name: 'Jane Doe',
      email: 'jane@alumni.example.org',
    });
    expect(standing.body.person?.id).toBe(split.other.id);
    // A competitor of another person is refused, and so is splitting off the only one.
    const wrong = await admin.post(`${API}/people/${janeId}/split`, { competitorId: spring.competitorId });
    expect(wrong.status).toBe(404);
    const alone = await admin.post(`${API}/people/${split.other.id}/split`, {
      competitorId: spring.competitorId,
    });
    expect([alone.status, alone.body.error.code]).toEqual([409, 'nothing_to_split']);
    const actions = (
      await s.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'like', 'person.%')
        .orderBy('id')
        .execute()
    ).map((a) => a.action);
    expect(actions).toEqual(['person.merge', 'person.split']);
  });
});

describe('results from elsewhere (CSV import)', () => {
  const header = 'competition,date,style,level,dances,rounds danced,place,lead,follow';
  const importCsv = (client: Client, csv: string, dryRun: boolean) =>
    client.post(`${API}/people/results/import`, { csv, dryRun });

  it('a dry run shows whom each row counts for and every problem, and writes nothing', async () => {
    const csv = [
      header,
      `Harvard Beginners 2024,2024-11-02,Latin,Bronze,Cha Cha; Rumba,3,2,Sam Lee,#${janeId}`,
      'Harvard Beginners 2024,2024-11-02,Tango Argentino,Bronze,Cha Cha,3,2,A B,C D',
      'Harvard Beginners 2024,2024-11-02,Latin,Bronze,Waltz,0,2,A B,C D',
      'Harvard Beginners 2024,02/11/2024,Latin,Bronze,Rumba,2,1,Pat New,C D',
    ].join('\n');
    const before = await rowCounts(s.db, { results: 'person_results', persons: 'persons' });
    const r = await importCsv(admin, csv, true);
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([
      {
        line: 2,
        competition: 'Harvard Beginners 2024',
        date: '2024-11-02',
        event: 'Bronze Latin ChaCha/Rumba',
        place: 2,
        lead: { name: 'Sam Lee', personId: expect.any(Number) },
        follow: { name: 'Jane Doe', personId: janeId },
      },
    ]);
    expect(r.body.problems.map((p: { line: number; column: string }) => [p.line, p.column])).toEqual([
      [3, 'style'],
      [4, 'dances'],
      [4, 'rounds danced'],
      [5, 'date'],
    ]);
    // Each with a code (and the values it names) for the web's words in the reader's language.
    expect(r.body.problems.map((p: { code?: string }) => p.code)).toEqual([
      'one_of',
      'result_dance',
      'result_rounds',
      'result_date',
    ]);
    // Refused when not a dry run: 422, nothing written.
    const refused = await importCsv(admin, csv, false);
    expect([refused.status, refused.body.error.code]).toEqual([422, 'import_refused']);
    expect(await rowCounts(s.db, { results: 'person_results', persons: 'persons' })).toEqual(before);
    expect((await importCsv(anon(), csv, true)).status).toBe(401);
  });

  it('imports a clean file; the points count; the same file again is refused', async () => {
    const csv = `${header}\nHarvard Beginners 2024,2024-11-02,Latin,Bronze,Cha Cha; Rumba,3,2,Sam Lee,#${janeId}\n`;
    const r = await importCsv(admin, csv, false);
    expect([r.status, r.body.created]).toEqual([200, 1]);
    const points = await anon().get<PersonPoints>(`${API}/people/${janeId}/points`);
    const rumba = points.body.standings.filter((x) => x.style === 'Latin' && x.dance === 'Rumba');
    // 2nd after a quarter-final: 2 at Bronze, double one below (Newcomer): 4.
    expect(rumba.map((x) => [x.level, x.points])).toEqual([
      ['Bronze', 2],
      ['Newcomer', 4],
    ]);
    const page = await anon().get<PersonPublic>(`${API}/people/${janeId}`);
    expect(page.body.results.find((x) => x.imported)).toMatchObject({
      competitionKey: null,
      competitionName: 'Harvard Beginners 2024',
      eventName: 'Bronze Latin ChaCha/Rumba',
      place: 2,
      partner: 'Sam Lee',
    });
    const again = await importCsv(admin, csv, false);
    expect(again.status).toBe(422);
    expect(again.body.error.details.problems[0].message).toContain('already imported');
  });

  it("counts a new dancer's imported points at her first registration here (the same name, first email)", async () => {
    const csv = `${header}\nBoston Open 2025,2025-03-01,Standard,Silver,Waltz,2,1,Theo Grant,Nora Quinn\n`;
    expect((await importCsv(admin, csv, false)).body.created).toBe(1);
    const nora = { name: 'Nora Quinn', email: 'nora.quinn@example.edu' };
    const before = await rowCounts(s.db, TABLES);
    const r = await anon().post(
      `${NEW}/registrations`,
      registration(['newcomer-standard-waltz'], nora, { name: 'Ian Moss', email: 'ian@example.com' }),
    );
    expect(r.status).toBe(422);
    expect(r.body.error.message).toContain('Nora Quinn has 7 YCN points in Newcomer Standard Waltz');
    expect(await rowCounts(s.db, TABLES)).toEqual(before);
    const ok201 = await anon().post(
      `${NEW}/registrations`,
      registration(['bronze-standard-waltz'], nora, { name: 'Ian Moss', email: 'ian@example.com' }),
    );
    expect(ok201.status).toBe(201);
    const standing = await anon().post<StandingAnswer>(`${API}/people/standing`, nora);
    expect(standing.body.person).not.toBeNull();
  });
});

describe('a competition restored from its backup under another key', () => {
  it('does not count the same results twice', async () => {
    const before = await anon().get<PersonPoints>(`${API}/people/${janeId}/points`);
    const exported = await admin.get(`${API}/competitions/demo/export`);
    expect(exported.status).toBe(200);
    expect((await admin.post(`${API}/competitions/import?key=demo-restored`, exported.body)).status).toBe(
      201,
    );
    const after = await anon().get<PersonPoints>(`${API}/people/${janeId}/points`);
    expect(after.body.standings).toEqual(before.body.standings);
    const page = await anon().get<PersonPublic>(`${API}/people/${janeId}`);
    expect(page.body.results.filter((x) => x.eventName === 'Silver Standard Waltz')).toHaveLength(1);
  });
});

describe("an organizer's rename of a competitor (last: it moves Jane's competitor away)", () => {
  it("renaming a competitor to another dancer (a substitute) never hands them the first dancer's record", async () => {
    const reg = await ok<{ follow: { id: number } }>(
      admin.post(
        `${NEW}/registrations`,
        registration(['bronze-standard-waltz'], JANE, { name: 'Ugo Bell', email: 'ugo@example.com' }),
      ),
    );
    const c = await anon().get<{ personId: number; version: number }>(`${NEW}/competitors/${reg.follow.id}`);
    expect(c.body.personId).toBe(janeId);
    const sub = { name: 'Rita Vance', email: 'rita@example.com' };
    await ok(admin.patch(`${NEW}/competitors/${reg.follow.id}`, sub));
    const after = await anon().get<{ personId: number }>(`${NEW}/competitors/${reg.follow.id}`);
    expect(after.body.personId).not.toBe(janeId);
    // Rita has no points (Jane's stay Jane's), and Jane is still Jane by her own name and email.
    const rita = await anon().post<StandingAnswer>(`${API}/people/standing`, sub);
    expect(rita.body.standings).toEqual([]);
    const jane = await anon().post<StandingAnswer>(`${API}/people/standing`, JANE);
    expect(jane.body.person?.id).toBe(janeId);
  });
});
