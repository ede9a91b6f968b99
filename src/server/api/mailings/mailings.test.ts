/**
 * Announcements, unsubscribe, "Your day" and results emails, against the real server: what each
 * command puts in the outbox (the `messages` rows the sender delivers), who it goes to, and what is
 * refused. SQLite and PostgreSQL alike.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditTrail,
  type Client,
  competitionId,
  countRows,
  expectErrorShape,
  useTestServer,
} from '../../test/harness.ts';
import { markDawsonFinal, DAWSON_DANCES, ok, type TestEvent } from '../../test/kits/testEvent.ts';
import { signIn, signInCrew } from '../../test/kits/testFlow.ts';
import { formatTime } from '../../../domain/time.ts';

const { s, admin, anon } = useTestServer({ admin: true });
const KEY = 'mailtest';
const API = `/api/v1/competitions/${KEY}`;
let compId = 0;
let waltz = '';
let tango = '';

/** A competition's outbox rows of `kind` (of one announcement, when given), oldest first. */
async function outboxRows(competition: number, kind: string, announcementId?: number) {
  let q = s.db
    .selectFrom('messages')
    .selectAll()
    .where('competition_id', '=', competition)
    .where('kind', '=', kind);
  if (announcementId !== undefined) q = q.where('announcement_id', '=', announcementId);
  return q.orderBy('id').execute();
}

/** This file's competition's outbox rows of `kind`, oldest first. */
const rows = (kind: string, announcementId?: number) => outboxRows(compId, kind, announcementId);

const send = (body: unknown, client: Client = admin) => client.post(`${API}/messages`, body);
const preview = (audience: unknown) => admin.post(`${API}/messages/preview`, { audience });
const tokenOf = (headers: string | null) => /[?&]t=([A-Za-z0-9_-]+)>/.exec(headers ?? '')?.[1] ?? '';

beforeAll(async () => {
  await ok(admin.post('/api/v1/competitions', { key: KEY, fullName: 'Mail Test Classic' }));
  compId = await competitionId(s.db, KEY);
  /** A one-dance Standard event of this competition; answers its key. */
  const standardEvent = async (name: string, level: string, dance: string) =>
    (
      await ok<{ key: string }>(
        admin.post(`${API}/events`, { name, style: 'Standard', level, dances: [dance] }),
      )
    ).key;
  waltz = await standardEvent('Silver Waltz', 'Silver', 'Waltz');
  tango = await standardEvent('Gold Tango', 'Gold', 'Tango');
  const register = (lead: string, follow: string, affiliation: string, events: string[]) =>
    ok(
      anon().post(`${API}/registrations`, {
        lead: { name: `Lead ${lead}`, email: `${lead}@example.com` },
        follow: { name: `Follow ${follow}`, email: `${follow}@example.com` },
        affiliation,
        events,
        consents: { liability: true, media: false },
      }),
    );
  // Ann follows in two couples (one address), Harvard typed two ways; MIT is another team.
  await register('amos', 'ann', 'Harvard', [waltz, tango]);
  await register('ben', 'ann', '  harvard ', [waltz]);
  await register('carl', 'cleo', 'MIT', [tango]);
}, 60_000);

describe('announcements', () => {
  it('go once to each address of the audience: all, an event (by name, any case), a team (any case)', async () => {
    expect((await preview({ kind: 'all' })).body).toEqual({ recipients: 5 });
    expect((await preview({ kind: 'event', key: 'silver WALTZ ' })).body).toEqual({ recipients: 3 });
    expect((await preview({ kind: 'event', key: tango })).body).toEqual({ recipients: 4 });
    expect((await preview({ kind: 'team', key: 'HARVARD' })).body).toEqual({ recipients: 3 });
    expect((await preview({ kind: 'team', key: 'mit' })).body).toEqual({ recipients: 2 });

    const res = await send({
      audience: { kind: 'all' },
      subject: 'Venue change',
      body: 'We moved.\n\nTo Hall B.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ announcementId: expect.any(Number), recipients: 5 });
    const sent = await rows('announcement', res.body.announcementId);
    expect(sent.map((m) => m.to_address).sort()).toEqual(
      ['amos', 'ann', 'ben', 'carl', 'cleo'].map((n) => `${n}@example.com`),
    );
    for (const m of sent) {
      // Waiting, or kept unsent within half a second: this test server has no mail server.
      expect(['pending', 'unsent']).toContain(m.status);
      expect(m.subject).toBe('Venue change');
      expect(m.text_body).toContain('We moved.\n\nTo Hall B.');
      expect(m.text_body).toContain(`/c/${KEY}/unsubscribe?t=`);
      expect(m.html_body).toContain('<p>We moved.</p>');
      const headers = JSON.parse(m.headers ?? '{}') as Record<string, string>;
      expect(headers['List-Unsubscribe']).toMatch(
        new RegExp(`^<http://[^>]+/api/v1/competitions/${KEY}/unsubscribe\\?t=[A-Za-z0-9_-]+>$`),
      );
      expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
    const stored = await s.db
      .selectFrom('announcements')
      .selectAll()
      .where('id', '=', res.body.announcementId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ subject: 'Venue change', recipients: 5, competition_id: compId });
    expect(JSON.parse(stored.audience)).toEqual({ kind: 'all' });
    expect(await auditTrail(s.db, 'announcement.send', res.body.announcementId)).toHaveLength(1);

    const toTeam = await send({
      audience: { kind: 'team', key: 'harvard' },
      subject: 'Team dinner',
      body: 'At 8.',
    });
    expect(toTeam.body.recipients).toBe(3);
    expect((await rows('announcement', toTeam.body.announcementId)).map((m) => m.to_address).sort()).toEqual(
      ['amos', 'ann', 'ben'].map((n) => `${n}@example.com`),
    );
  });

  it('escape the organizer’s words in the HTML part', async () => {
    const res = await send({
      audience: { kind: 'team', key: 'MIT' },
      subject: 'Tags <b>',
      body: '<img src="http://evil.example/x.png"> & <script>alert(1)</script>',
    });
    expect(res.status).toBe(201);
    const [m] = await rows('announcement', res.body.announcementId);
    expect(m!.html_body).not.toContain('<img');
    expect(m!.html_body).not.toContain('<script>');
    expect(m!.html_body).toContain('&lt;img src=&quot;http://evil.example/x.png&quot;&gt; &amp;');
  });

  it('one click unsubscribes an address: later announcements and the preview leave it out', async () => {
    const [first] = await rows('announcement');
    const ann = (await rows('announcement')).find((m) => m.to_address === 'ann@example.com')!;
    const token = tokenOf(ann.headers);
    expect(token).not.toBe('');
    expect(tokenOf(first!.headers)).not.toBe(token); // a token per address
    // What the page shows before confirming; nothing changed by reading it.
    expect((await anon().get(`${API}/unsubscribe?t=${token}`)).body).toEqual({
      competitionName: 'Mail Test Classic',
      unsubscribed: false,
    });
    // RFC 8058: the mail client posts a form with no cookie.
    const oneClick = await anon().call(
      'POST',
      `${API}/unsubscribe?t=${token}`,
      'List-Unsubscribe=One-Click',
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toEqual({ competitionName: 'Mail Test Classic', unsubscribed: true });
    // Again: still fine, nothing more recorded.
    const audits = await countRows(s.db, 'audit_log');
    expect((await anon().post(`${API}/unsubscribe?t=${token}`, {})).status).toBe(200);
    expect(await countRows(s.db, 'audit_log')).toBe(audits);

    expect((await preview({ kind: 'all' })).body).toEqual({ recipients: 4 });
    const res = await send({ audience: { kind: 'all' }, subject: 'Schedule out', body: 'See the site.' });
    expect(res.body.recipients).toBe(4);
    expect((await rows('announcement', res.body.announcementId)).map((m) => m.to_address)).not.toContain(
      'ann@example.com',
    );
    // The stored list row names the address only in the table, never in the link.
    expect(ann.text_body).not.toMatch(/unsubscribe\?t=[^\s]*ann/);
  });

  it('travel in the export: a copy keeps its announcements, and who unsubscribed stays so', async () => {
    const exported = await admin.get(`${API}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.tables.announcements.length).toBeGreaterThan(0);
    expect(exported.body.competition.results_emails).toBe(0);
    const copy = await admin.post('/api/v1/competitions/import?key=mailcopy', exported.body);
    expect(copy.status).toBe(201);
    const copied = '/api/v1/competitions/mailcopy';
    expect((await admin.post(`${copied}/messages/preview`, { audience: { kind: 'all' } })).body).toEqual({
      recipients: 4,
    });
    expect((await admin.get(`${copied}/messages/announcements`)).body.announcements).toHaveLength(
      exported.body.tables.announcements.length,
    );
  });

  it('refuses a bad or unknown token without telling anything', async () => {
    expectErrorShape(await anon().post(`${API}/unsubscribe?t=short`, {}), 400, 'invalid');
    expectErrorShape(await anon().post(`${API}/unsubscribe`, {}), 400, 'invalid');
    const unknown = await anon().post(`${API}/unsubscribe?t=${'A'.repeat(24)}`, {});
    expectErrorShape(unknown, 404, 'not_found');
    expect(JSON.stringify(unknown.body)).not.toContain('@');
    // A token of this competition does not work under another.
    const ann = (await rows('announcement')).find((m) => m.to_address === 'ann@example.com')!;
    expectErrorShape(
      await anon().post(`/api/v1/competitions/demo/unsubscribe?t=${tokenOf(ann.headers)}`, {}),
      404,
    );
  });

  it('refuse bad input with a 400 naming the field, and write nothing', async () => {
    const before = [await countRows(s.db, 'announcements'), await countRows(s.db, 'messages')];
    const good = { audience: { kind: 'all' }, subject: 'Hello', body: 'Text' };
    const cases: [unknown, RegExp][] = [
      [{ ...good, audience: { kind: 'everyone' } }, /audience/],
      [{ ...good, audience: { kind: 'event' } }, /audience\.key is required/],
      [{ ...good, audience: { kind: 'team', key: '' } }, /audience\.key is required/],
      [{ ...good, audience: { kind: 'event', key: 'Quickstep Open' } }, /no event \\"Quickstep Open\\"/],
      [{ ...good, audience: { kind: 'team', key: 'Yale' } }, /no registration has the team \\"Yale\\"/],
      [{ ...good, audience: 'all' }, /audience/],
      [{ ...good, subject: '' }, /Subject is required/],
      [{ ...good, subject: '   ' }, /Subject is required/],
      [{ ...good, subject: 'x'.repeat(201) }, /Subject must be at most/],
      [{ ...good, subject: 42 }, /Subject must be text/],
      [{ ...good, body: '' }, /Body is required/],
      [{ ...good, body: 7 }, /Body must be text/],
      [{ ...good, body: 'x'.repeat(100 * 1024 + 1) }, /Body must be at most 100 KB/],
      [{ ...good, body: 'é'.repeat(51 * 1024) }, /Body must be at most 100 KB/],
      [{ audience: { kind: 'all' }, subject: 'x' }, /body/i],
      [{ ...good, extra: 1 }, /extra/],
    ];
    for (const [body, message] of cases) {
      const res = await send(body);
      expectErrorShape(res, 400);
      expect(JSON.stringify(res.body.error), JSON.stringify(body).slice(0, 80)).toMatch(message);
    }
    expect([await countRows(s.db, 'announcements'), await countRows(s.db, 'messages')]).toEqual(before);
    // At the limit it goes.
    const atLimit = await send({
      ...good,
      audience: { kind: 'team', key: 'MIT' },
      body: 'x'.repeat(100 * 1024),
    });
    expect(atLimit.status).toBe(201);
  });

  it('refuse an audience the server does not know with its reason as data, for the web to word', async () => {
    const good = { subject: 'Hello', body: 'Text' };
    const cases: [unknown, object][] = [
      [
        { kind: 'event', key: 'Quickstep Open' },
        { reason: 'noSuchEvent', event: 'Quickstep Open' },
      ],
      [
        { kind: 'team', key: 'Yale' },
        { reason: 'noSuchTeam', team: 'Yale' },
      ],
      // The schema's own rule, forwarded by the error handler.
      [{ kind: 'event' }, { reason: 'audienceKey', kind: 'event' }],
    ];
    for (const [audience, params] of cases)
      for (const res of [await send({ ...good, audience }), await preview(audience)]) {
        expectErrorShape(res, 400, 'invalid');
        expect(res.body.error.details[0]).toMatchObject({
          path: ['audience', 'key'],
          code: 'custom',
          params,
        });
      }
  });

  it('are for the competition’s administrators only', async () => {
    const body = { audience: { kind: 'all' }, subject: 'Hi', body: 'There' };
    expectErrorShape(await send(body, anon()), 401);
    expectErrorShape(await anon().post(`${API}/messages/preview`, { audience: { kind: 'all' } }), 401);
    expectErrorShape(await anon().get(`${API}/messages/announcements`), 401);
    expectErrorShape(await anon().post(`${API}/schedule/publish`, {}), 401);
    const [judge] = await signIn(s, 'Judge');
    const demo = '/api/v1/competitions/demo';
    expectErrorShape(await judge!.client.post(`${demo}/messages`, body), 403);
    expectErrorShape(
      await judge!.client.post(`${demo}/messages/preview`, { audience: { kind: 'all' } }),
      403,
    );
    expectErrorShape(await judge!.client.get(`${demo}/messages/announcements`), 403);
    expectErrorShape(await judge!.client.post(`${demo}/schedule/publish`, {}), 403);
    // Only the one-click unsubscribe takes a form post (a cross-site "simple" request).
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expectErrorShape(await admin.call('POST', `${API}/schedule/publish`, 'a=1', form), 415);
    expectErrorShape(await admin.call('POST', `${API}/messages`, 'a=1', form), 415);
  });

  it('history: newest first, with delivered, failed and pending counts and each failure’s reason', async () => {
    const res = await send({ audience: { kind: 'team', key: 'MIT' }, subject: 'Counted', body: 'One two' });
    const [carl, cleo] = await rows('announcement', res.body.announcementId);
    await s.db.updateTable('messages').set({ status: 'sent' }).where('id', '=', carl!.id).execute();
    await s.db
      .updateTable('messages')
      .set({ status: 'failed', last_error: '550 5.1.1 mailbox unavailable' })
      .where('id', '=', cleo!.id)
      .execute();
    const history = await admin.get(`${API}/messages/announcements`);
    expect(history.status).toBe(200);
    const latest = history.body.announcements[0];
    expect(latest).toMatchObject({
      id: res.body.announcementId,
      subject: 'Counted',
      audience: { kind: 'team', key: 'MIT' },
      audienceLabel: 'Team: MIT',
      recipients: 2,
      delivered: 1,
      failed: 1,
      pending: 0,
      createdBy: expect.any(String),
      failures: [{ to: cleo!.to_address, reason: '550 5.1.1 mailbox unavailable' }],
    });
    const ids = history.body.announcements.map((a: { id: number }) => a.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(history.body.events.map((e: { name: string }) => e.name)).toEqual(['Silver Waltz', 'Gold Tango']);
    expect(history.body.teams).toEqual(['Harvard', 'MIT']);
  });
});

describe('"Your day"', () => {
  it('sends each address its rounds with floors and the schedule’s estimated times, and remembers when', async () => {
    await ok(admin.put(`${API}/settings/events`, { scheduleFirstStartTime: '2031-05-10T13:00:00.000Z' }));
    await ok(admin.post(`${API}/events/${waltz}/rounds/generate`, {}));
    await ok(admin.post(`${API}/events/${tango}/rounds/generate`, {}));
    expect((await admin.get(`${API}/schedule/publish`)).body).toEqual({ publishedAt: null, recipients: 5 });

    const res = await admin.post(`${API}/schedule/publish`, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ recipients: 5, publishedAt: expect.any(String) });
    const sent = await rows('your_day');
    expect(sent.map((m) => m.to_address).sort()).toEqual(
      ['amos', 'ann', 'ben', 'carl', 'cleo'].map((n) => `${n}@example.com`),
    );
    // Transactional: no unsubscribe headers, and Ann (unsubscribed from announcements) still gets it.
    for (const m of sent) expect(m.headers).toBeNull();

    const schedule = (await anon().get(`${API}/schedule`)).body as {
      items: { eventName: string; roundName: string; estimatedStart: string | null; floor: string }[];
    };
    const comp = (await anon().get(API)).body as { timeZone: string; clock: '12h' | '24h' };
    const shown = (eventName: string) => {
      const item = schedule.items.find((i) => i.eventName === eventName)!;
      expect(item.estimatedStart).not.toBeNull();
      return `${formatTime(item.estimatedStart, comp.timeZone, comp.clock)}: ${eventName}, ${item.roundName}`;
    };
    const ann = sent.find((m) => m.to_address === 'ann@example.com')!;
    expect(ann.subject).toBe('Your day at Mail Test Classic');
    expect(ann.text_body).toContain(`${shown('Silver Waltz')} with Lead amos`);
    expect(ann.text_body).toContain(`${shown('Silver Waltz')} with Lead ben`);
    expect(ann.text_body).toContain(`${shown('Gold Tango')} with Lead amos`);
    expect(ann.text_body).toMatch(new RegExp(`/c/${KEY}/live`));
    expect(ann.text_body).toMatch(new RegExp(`/c/${KEY}/competitors/\\d+`));
    const carl = sent.find((m) => m.to_address === 'carl@example.com')!;
    expect(carl.text_body).toContain(`${shown('Gold Tango')} with Follow cleo`);
    expect(carl.text_body).not.toContain('Silver Waltz');

    const state = (await admin.get(`${API}/schedule/publish`)).body;
    expect(state).toEqual({ publishedAt: res.body.publishedAt, recipients: 5 });
    // Publishing again sends again (the screen asks first, naming when it was sent).
    expect((await admin.post(`${API}/schedule/publish`, {})).body.recipients).toBe(5);
    expect(await rows('your_day')).toHaveLength(10);
  });
});

describe('results emails', () => {
  const DEMO = '/api/v1/competitions/demo';
  let ev: TestEvent;
  let demoId = 0;

  beforeAll(async () => {
    demoId = await competitionId(s.db);
    const key = (
      await ok<{ key: string }>(
        admin.post(`${DEMO}/events`, {
          name: 'Mailed Final',
          style: 'Standard',
          level: 'Gold',
          dances: DAWSON_DANCES,
        }),
      )
    ).key;
    const numbers: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const r = await ok<{ leadNumber: number }>(
        anon().post(`${DEMO}/registrations`, {
          lead: { name: `Mailed Lead ${i}`, email: `mlead${i}@example.com` },
          follow: { name: `Mailed Follow ${i}`, email: `mfollow${i}@example.com` },
          affiliation: 'Riverside',
          events: [key],
          consents: { liability: true, media: false },
        }),
      );
      numbers.push(String(r.leadNumber));
    }
    const path = `${DEMO}/events/${key}`;
    await ok(admin.put(`${path}/panel`, { officialIds: [1, 2, 3, 4, 5] }));
    await ok(admin.post(`${path}/rounds/generate`, {}));
    ev = { key, name: 'Mailed Final', path, couples: numbers.sort((a, b) => +a - +b) };
  }, 60_000);

  const resultRows = () => outboxRows(demoId, 'results');

  it('are off by default; on, posting the final sends each dancer their place; a re-post says corrected', async () => {
    const comp = (await admin.get(DEMO)).body;
    expect(comp.resultsEmails).toBe(false);
    const crew = await signInCrew(s);
    await ok(admin.post(`${ev.path}/rounds/1/start`, {}));
    await markDawsonFinal(ev, 1, crew.judges);
    await ok(crew.scrutineer.post(`${ev.path}/rounds/1/results`, {}));
    const approve = async () => {
      const chair = (await signIn(s, 'Chairman'))[0];
      if (comp.requireApproval) await ok(chair!.client.post(`${ev.path}/rounds/1/approve`, {}));
    };
    await approve();
    await ok(crew.scrutineer.post(`${ev.path}/rounds/1/post`, {}));
    expect(await resultRows()).toHaveLength(0);

    // Switched on; the final posted again after a correction.
    const patched = await admin.patch(DEMO, { resultsEmails: true });
    expect(patched.status).toBe(200);
    expect(patched.body.resultsEmails).toBe(true);
    expectErrorShape(await admin.patch(DEMO, { resultsEmails: 'yes' }), 400, 'invalid');
    await ok(crew.scrutineer.post(`${ev.path}/rounds/1/unpost`, { reason: 'Wrong sheet' }));
    await ok(crew.scrutineer.post(`${ev.path}/rounds/1/results`, {}));
    await approve();
    const posted = await crew.scrutineer.post(`${ev.path}/rounds/1/post`, {});
    expect(posted.body.message).toContain('results emailed to 12 dancers');
    const sent = await resultRows();
    expect(sent).toHaveLength(12);
    const placings = (await anon().get(`${ev.path}/results`)).body as {
      placements: Record<string, number>;
    };
    const first = Object.entries(placings.placements).find(([, p]) => p === 1)![0];
    const i = ev.couples.indexOf(first);
    const winner = sent.find((m) => m.to_address === `mlead${i + 1}@example.com`);
    // Registration order gave lead numbers in order, so couple i is Mailed Lead i+1.
    expect(winner?.subject).toBe('Corrected results: Mailed Final at ' + comp.fullName);
    expect(winner?.text_body).toContain('You and Mailed Follow');
    expect(winner?.text_body).toContain('placed 1st in the final');
    expect(winner?.text_body).toContain(`/c/demo/results/${ev.key}`);
    for (const m of sent) expect(m.headers).toBeNull();
  });
});
