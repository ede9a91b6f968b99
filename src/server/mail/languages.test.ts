/**
 * Languages end to end: the real server on its own database, its HTTP API, and a real SMTP server. A
 * couple who registers in German gets the confirmation in German, one in Spanish in Spanish, and one
 * who says nothing in English; the competition's default language is read and written with its setup,
 * checked, and travels in an export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, competitionFullName, expectErrorShape, useTestServer } from '../test/harness.ts';
import { startSmtp, type CapturedMail, type TestSmtp } from '../test/kits/smtp.ts';

const QUICK = { pollMs: 100, firstBackoffMs: 100, maxBackoffMs: 400, jitterMs: 50, maxAttempts: 50 };
const COMP = '/api/v1/competitions/demo';
const REG = `${COMP}/registrations`;

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => smtp.stop());
const { s, anon } = useTestServer(() => ({ demo: true, smtpUrl: smtp.url, mail: QUICK }));
const admin = new Client(() => s.url);
beforeAll(async () => {
  expect((await admin.login()).status).toBe(200);
});

let seq = 0;
function couple(language?: string) {
  seq++;
  const stamp = `${seq}${Date.now().toString(36).slice(-4)}`;
  return {
    lead: { name: `Sprache Lead${stamp}`, email: `sprache.lead${stamp}@example.com` },
    follow: { name: `Sprache Follow${stamp}`, email: `sprache.follow${stamp}@example.com` },
    affiliation: 'MIT Ballroom Dance Team',
    events: ['bronze-latin-c-r-s'],
    consents: { liability: true, media: false },
    ...(language === undefined ? {} : { language }),
  };
}
const to = (address: string) => (m: CapturedMail) => m.to.includes(address);

describe('messages in the language the couple registered in', () => {
  it('German, Spanish, and English when none is said; the registration keeps its language', async () => {
    const name = await competitionFullName(s.db);
    const de = couple('de');
    const es = couple('es');
    const en = couple();
    for (const body of [de, es, en]) expect((await anon().post(REG, body)).status).toBe(201);

    const [deMail, esMail, enMail] = await Promise.all([
      smtp.waitForMail(to(de.follow.email), 5_000),
      smtp.waitForMail(to(es.lead.email), 5_000),
      smtp.waitForMail(to(en.lead.email), 5_000),
    ]);
    expect(deMail.subject).toBe(`Angemeldet: ${name}`);
    expect(deMail.text).toContain(`Hallo ${de.follow.name},`);
    expect(deMail.text).toContain(`${de.lead.name} (Herr) und ${de.follow.name} (Dame)`);
    expect(deMail.text).toContain('Anmeldung ansehen oder ändern');
    expect(deMail.text).toMatch(/Zu zahlen: [\d.,]+\s(\$|US\$|€)/);

    expect(esMail.subject).toBe(`Inscripción confirmada: ${name}`);
    expect(esMail.text).toContain(`Hola, ${es.lead.name}:`);
    expect(esMail.text).toContain('Ver o cambiar vuestra inscripción');

    expect(enMail.subject).toBe(`Registered: ${name}`);
    expect(enMail.text).toContain(`Hello ${en.lead.name},`);
    expect(enMail.text).toContain('See or change your registration');

    const stored = await s.db
      .selectFrom('registrations')
      .innerJoin('competitors', 'competitors.id', 'registrations.lead_id')
      .select(['competitors.email', 'registrations.language'])
      .where('competitors.email', 'in', [de.lead.email, es.lead.email, en.lead.email])
      .execute();
    expect(Object.fromEntries(stored.map((r) => [r.email, r.language]))).toEqual({
      [de.lead.email]: 'de',
      [es.lead.email]: 'es',
      [en.lead.email]: 'en',
    });
  });

  it('"Your day" and an announcement go to each dancer in their own registration’s language', async () => {
    const de = couple('de');
    const es = couple('es');
    for (const body of [de, es]) expect((await anon().post(REG, body)).status).toBe(201);
    const name = await competitionFullName(s.db);
    expect((await admin.post(`${COMP}/schedule/publish`, {})).status).toBe(200);
    const sent = await admin.post(`${COMP}/messages`, {
      audience: { kind: 'all' },
      subject: 'Parking',
      body: 'Park behind the hall.',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const message = (kind: string, address: string) =>
      s.db
        .selectFrom('messages')
        .select(['subject', 'text_body', 'html_body'])
        .where('kind', '=', kind)
        .where('to_address', '=', address)
        .executeTakeFirstOrThrow();

    const day = await message('your_day', de.follow.email);
    const dia = await message('your_day', es.lead.email);
    expect(day.subject).toBe(`Ihr Tag bei ${name}`);
    expect(day.text_body).toContain(`Hallo ${de.follow.name},`);
    expect(day.text_body).toContain(`Endrunde (bei Qualifikation) mit ${de.lead.name}`);
    expect(day.html_body).toContain('<html lang="de">');

    expect(dia.subject).toBe(`Tu día en ${name}`);

    const news = await message('announcement', es.follow.email);
    expect(news.subject).toBe('Parking');
    expect(news.text_body).toContain('Park behind the hall.');
    expect(news.text_body).toContain(`Para no recibir más avisos de ${name}:`);
    // "Email me a link" in the language of the registration it opens.
    expect((await anon().post(`${REG}/recover`, { email: de.lead.email })).status).toBe(202);
    const link = await smtp.waitForMail(
      (m) => m.to.includes(de.lead.email) && m.subject === `Ihre Anmeldung für ${name}`,
      5_000,
    );
    expect(link.text).toContain('Der Link funktioniert einmal, innerhalb von 24 Stunden.');

    const english = await s.db
      .selectFrom('messages')
      .select('text_body')
      .where('kind', '=', 'announcement')
      .where('to_address', 'not in', [de.lead.email, de.follow.email, es.lead.email, es.follow.email])
      .executeTakeFirstOrThrow();
    expect(english.text_body).toContain(`To receive no more announcements from ${name}:`);
  });

  it('refuses a language it does not ship: 400 invalid naming the field, nothing written', async () => {
    const body = couple('fr');
    const before = await s.db.selectFrom('registrations').select('id').execute();
    const res = await anon().post(REG, body);
    expectErrorShape(res, 400, 'invalid');
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ path: ['language'], code: 'invalid_value' }),
    ]);
    expect(await s.db.selectFrom('registrations').select('id').execute()).toHaveLength(before.length);
    expect(
      await s.db.selectFrom('competitors').select('id').where('email', '=', body.lead.email).execute(),
    ).toEqual([]);
  });
});

describe('the competition’s default language', () => {
  it('is English at first, read by the public and written with the setup and with the settings', async () => {
    expect((await anon().get(COMP)).body.language).toBe('en');
    const patched = await admin.patch(COMP, { language: 'de' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.language).toBe('de');
    expect((await anon().get(COMP)).body.language).toBe('de');
    expect((await admin.get(`${COMP}/settings/events`)).body.language).toBe('de');

    const { version } = (await admin.get(`${COMP}/settings/events`)).body as { version: number };
    const put = await admin.put(`${COMP}/settings/events`, { language: 'es', version });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.language).toBe('es');
    expect((await anon().get(COMP)).body.language).toBe('es');
  });

  it('refuses an unknown language with 400 invalid naming the field, and keeps the one it had', async () => {
    const before = (await anon().get(COMP)).body.language as string;
    const res = await admin.patch(COMP, { language: 'klingon' });
    expectErrorShape(res, 400, 'invalid');
    expect(res.body.error.details[0]).toMatchObject({ path: ['language'], code: 'invalid_value' });
    expect(res.body.error.message).toMatch(/^language: Language must be one of en, de, es/);
    const { version } = (await admin.get(`${COMP}/settings/events`)).body as { version: number };
    expectErrorShape(await admin.put(`${COMP}/settings/events`, { language: 'xx', version }), 400, 'invalid');
    expect((await anon().get(COMP)).body.language).toBe(before);
    const row = await s.db
      .selectFrom('competitions')
      .select('language')
      .where('key', '=', 'demo')
      .executeTakeFirst();
    expect(row?.language).toBe(before);
  });

  it('travels in an export and back, with each registration’s language', async () => {
    await admin.patch(COMP, { language: 'de' });
    const doc = (await admin.get(`${COMP}/export`)).body;
    expect(doc.competition.language).toBe('de');
    const languages = (doc.tables.registrations as { language: string }[]).map((r) => r.language);
    expect(languages).toContain('de');
    expect(languages).toContain('es');

    const imported = await admin.post('/api/v1/competitions/import?key=sprachen', doc);
    expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBeLessThan(300);
    expect((await anon().get('/api/v1/competitions/sprachen')).body.language).toBe('de');
    const copied = await s.db
      .selectFrom('registrations')
      .innerJoin('competitions', 'competitions.id', 'registrations.competition_id')
      .select('registrations.language')
      .where('competitions.key', '=', 'sprachen')
      .execute();
    expect(copied.map((r) => r.language).sort()).toEqual(languages.sort());

    // An export made before languages (no column) imports as English.
    const old = structuredClone(doc);
    delete old.competition.language;
    for (const r of old.tables.registrations) delete r.language;
    expect((await admin.post('/api/v1/competitions/import?key=vorher', old)).status).toBeLessThan(300);
    expect((await anon().get('/api/v1/competitions/vorher')).body.language).toBe('en');

    // A language it does not ship is refused, and nothing is imported.
    const bad = structuredClone(doc);
    bad.competition.language = 'fr';
    expectErrorShape(await admin.post('/api/v1/competitions/import?key=falsch', bad), 400, 'invalid');
    expect((await anon().get('/api/v1/competitions/falsch')).status).toBe(404);
    // The demo's whole day imported twice: slow on PostgreSQL on a busy machine.
  }, 120_000);
});
