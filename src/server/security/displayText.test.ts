/**
 * Names and notes that would show as something else (a right-to-left override turning "gpj.exe" into
 * "exe.jpg", a line separator, control characters, piles of combining marks or emoji) are refused with
 * a 400 that names the field, by every command and CSV import that takes them; real names in any
 * script are kept, in one form (NFC), and come back intact in public reads and CSV files.
 */
import { describe, expect, it } from 'vitest';
import { Client, countRows, expectErrorShape, useTestServer } from '../test/harness.ts';

const { s, admin } = useTestServer({ admin: true });
const API = '/api/v1/competitions/demo';

const couple = (lead: string, follow: string, affiliation: string, n: number) => ({
  lead: { name: lead, email: `lead.script${n}@example.com` },
  follow: { name: follow, email: `follow.script${n}@example.com` },
  affiliation,
  events: ['bronze-latin-c-r-s'],
  consents: { liability: true, media: false },
});

const SPOOFS: [string, string, RegExp][] = [
  ['a right-to-left override', 'Ann\u202Egpj.exe', /U\+202E/],
  ['a line separator', 'Ann\u2028Lee', /U\+2028/],
  ['a directional isolate', 'Ann\u2066Lee', /U\+2066/],
  ['a C0 control', 'Ann\u001bLee', /U\+001B/],
  ['a C1 control', 'Ann\u0085Lee', /U\+0085/],
  ['190 combining marks', 'Z' + '\u0301'.repeat(190) + 'oe', /combining marks/],
  ['100 emoji', '💃'.repeat(100), /emoji/],
];

describe('names that would show as something else', () => {
  it.each(SPOOFS)(
    'a registration with %s is refused, naming the field, and nothing is written',
    async (_w, bad, why) => {
      const before = await countRows(s.db, 'entries');
      const asLead = await new Client(s.url).post(`${API}/registrations`, couple(bad, 'Fay Lee', 'Club', 1));
      expectErrorShape(asLead, 400, 'invalid');
      expect(asLead.body.error.message).toMatch(/^lead\.name: Name /);
      expect(asLead.body.error.message).toMatch(why);
      const asTeam = await new Client(s.url).post(
        `${API}/registrations`,
        couple('Ann Lee', 'Fay Lee', bad, 2),
      );
      expectErrorShape(asTeam, 400, 'invalid');
      expect(asTeam.body.error.message).toMatch(/^affiliation: Affiliation /);
      expect(await countRows(s.db, 'entries')).toBe(before);
    },
  );

  it.each([
    ['an official', 'POST', `${API}/officials`, (v: string) => ({ name: v, role: 'Judge' }), /^name: Name /],
    [
      "an official's bio",
      'POST',
      `${API}/officials`,
      (v: string) => ({ name: 'Bio Judge', role: 'Judge', bio: v }),
      /^bio: Bio /,
    ],
    [
      'an event',
      'POST',
      `${API}/events`,
      (v: string) => ({ name: v, style: 'Latin', level: 'Bronze', dances: ['Cha Cha'] }),
      /^name: Event name /,
    ],
    ['the competition', 'PATCH', API, (v: string) => ({ fullName: v }), /^fullName: /],
  ] as const)('%s named with a right-to-left override is refused', async (_w, method, path, body, field) => {
    const audited = await countRows(s.db, 'audit_log');
    const res = await admin.call(method, path, body('Ann\u202Egpj.exe'));
    expectErrorShape(res, 400, 'invalid');
    expect(res.body.error.message).toMatch(field);
    expect(res.body.error.message).toMatch(/text-direction control character \(U\+202E\)/);
    // The same as data, for a reader in another language.
    expect(res.body.error.details[0]).toMatchObject({
      code: 'custom',
      params: { display: 'direction', char: 'U+202E' },
    });
    expect(await countRows(s.db, 'audit_log')).toBe(audited);
  });

  it('a CSV import names the row and the field', async () => {
    const csv = [
      'lead_name,lead_email,follow_name,follow_email,affiliation,events,lead_number',
      'Ann\u202Egpj.exe,ann.csv@example.com,Fay Csv,fay.csv@example.com,Club,bronze-latin-c-r-s,',
    ].join('\n');
    const dry = await admin.post(`${API}/registrations/import`, { csv, dryRun: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.problems).toEqual([
      expect.objectContaining({ line: 2, message: expect.stringMatching(/U\+202E/) }),
    ]);
    const results = [
      'competition,date,style,level,dances,rounds danced,place,lead,follow',
      'Harvard 2024,2024-11-02,Latin,Bronze,Rumba,1,1,Ann\u2028Lee,Fay Lee',
    ].join('\n');
    const elsewhere = await admin.post('/api/v1/people/results/import', { csv: results, dryRun: true });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    expect(elsewhere.body.problems).toEqual([
      expect.objectContaining({
        line: 2,
        column: 'lead',
        message: expect.stringMatching(/line break \(U\+2028\)/),
      }),
    ]);
  });
});

describe('real names in several scripts', () => {
  const lead = 'Zoë Straße-Łukasz';
  const follow = '李小龙';
  const team = 'نادي عربي للرقص';

  it('are kept (one form, NFC) and come back intact in public reads and the CSV files', async () => {
    // Typed with a combining diaeresis: stored as the one character ë.
    const res = await new Client(s.url).post(
      `${API}/registrations`,
      couple('Zoe\u0308 Straße-Łukasz', follow, team, 3),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const events = await new Client(s.url).get(`${API}/events`);
    const text = JSON.stringify(events.body);
    for (const name of [lead, follow, team]) expect(text).toContain(name);
    expect(text).not.toContain('Zoe\u0308');

    const entries = await admin.get(`${API}/entries.csv`);
    expect(entries.status).toBe(200);
    const registrations = await admin.get(`${API}/registrations.csv`);
    expect(registrations.status).toBe(200);
    for (const csv of [entries.body as string, registrations.body as string])
      for (const name of [lead, follow, team]) expect(csv).toContain(name);
  });
});
