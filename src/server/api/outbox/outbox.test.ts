import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  expectErrorShape,
  lastAudit,
  startServer,
  useTestServer,
  type TestServer,
} from '../../test/harness.ts';
import { useCrew } from '../../test/kits/testFlow.ts';
import { startSmtp, type TestSmtp } from '../../test/kits/smtp.ts';
import { enqueueTestMessages, eventually, messageRows } from '../../test/kits/outbox.ts';
import { NO_MAIL_SERVER } from '../../mail/sender.ts';
import { freePort } from '../../test/pgCluster.ts';

const api = '/api/v1/competitions/demo/messages';
const QUICK = { pollMs: 100, firstBackoffMs: 100, maxBackoffMs: 400, jitterMs: 50 };

describe('Admin → Messages: the list and who may read it (no mail server)', () => {
  const { s, admin, anon } = useTestServer({ admin: true, mail: QUICK });
  const crew = useCrew(s);
  let ids: number[] = [];

  beforeAll(async () => {
    ids = [
      ...(await enqueueTestMessages(s.db, 3, {
        kind: 'confirmation',
        to: { address: 'lead@example.org', name: 'Lead' },
      })),
      ...(await enqueueTestMessages(s.db, 2, { kind: 'recovery', to: { address: 'follow@example.org' } })),
    ];
    await eventually('every message kept as unsent', async () =>
      (await messageRows(s.db, ids)).every((r) => r.status === 'unsent'),
    );
  });

  it('lists the messages newest first, with recipient, status and reason', async () => {
    const res = await admin.get(api);
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { id: number }) => m.id)).toEqual([...ids].reverse());
    expect(res.body.messages[0]).toEqual({
      id: ids[4],
      kind: 'recovery',
      to: 'follow@example.org',
      toName: '',
      subject: 'Your entry 2',
      status: 'unsent',
      attempts: 0,
      lastError: NO_MAIL_SERVER,
      createdAt: expect.any(String),
      sentAt: null,
    });
    expect(res.body.counts).toEqual({ pending: 0, sent: 0, failed: 0, unsent: 5 });
    expect(res.body.nextBefore).toBeNull();
  });

  it('filters by status and kind, and pages by id', async () => {
    const recovery = await admin.get(`${api}?kind=recovery`);
    expect(recovery.body.messages.map((m: { id: number }) => m.id)).toEqual([ids[4], ids[3]]);
    expect((await admin.get(`${api}?status=sent`)).body.messages).toEqual([]);
    expect((await admin.get(`${api}?status=unsent&kind=confirmation`)).body.messages).toHaveLength(3);
    const first = await admin.get(`${api}?limit=2`);
    expect(first.body.messages.map((m: { id: number }) => m.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.nextBefore).toBe(ids[3]);
    const second = await admin.get(`${api}?limit=2&before=${first.body.nextBefore}`);
    expect(second.body.messages.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1]]);
    const last = await admin.get(`${api}?limit=2&before=${second.body.nextBefore}`);
    expect(last.body.messages.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    expect(last.body.nextBefore).toBeNull();
  });

  it('refuses a bad filter with 400 naming it', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['kind=spam', 'kind'],
      ['limit=0', 'limit'],
      ['limit=100000', 'limit'],
      ['limit=ten', 'limit'],
      ['before=-1', 'before'],
      [`status=${'x'.repeat(5000)}`, 'status'],
      ['colour=red', ''],
    ] as const) {
      const res = await admin.get(`${api}?${query}`);
      expectErrorShape(res, 400);
      expect(JSON.stringify(res.body.error), query.slice(0, 40)).toContain(field);
    }
  });

  it('is for the competition administrators only: 401 signed out, 403 for officials', async () => {
    expectErrorShape(await anon().get(api), 401);
    expectErrorShape(await anon().post(`${api}/${ids[0]}/retry`, {}), 401);
    for (const official of [crew.judges[0]!.client, crew.scrutineer, crew.chairman, crew.deck]) {
      expectErrorShape(await official.get(api), 403);
      expectErrorShape(await official.post(`${api}/${ids[0]}/retry`, {}), 403);
    }
  });

  it("an administrator of another competition does not see this one's messages", async () => {
    expect(
      (await admin.post('/api/v1/competitions', { key: 'other', fullName: 'Other Classic' })).status,
    ).toBe(201);
    const added = await admin.post('/api/v1/competitions/other/admins', {
      email: 'other-admin@example.org',
      name: 'Other Admin',
      password: 'secret123',
    });
    expect(added.status).toBe(201);
    const other = new Client(s.url);
    expect((await other.login('other-admin@example.org', 'secret123')).status).toBe(200);
    expectErrorShape(await other.get(api), 403);
    expectErrorShape(await other.post(`${api}/${ids[0]}/retry`, {}), 403);
    // Its own list is empty: the demo's messages are not in it.
    expect((await other.get('/api/v1/competitions/other/messages')).body.messages).toEqual([]);
    expectErrorShape(await admin.post(`/api/v1/competitions/other/messages/${ids[0]}/retry`, {}), 404);
  });

  it('will not retry while no mail server is configured, and says what to do', async () => {
    const res = await admin.post(`${api}/${ids[0]}/retry`, {});
    expectErrorShape(res, 409, 'no_mail_server');
    expect(res.body.error.message).toContain('PROMENADE_SMTP_URL');
    expect((await messageRows(s.db, [ids[0]!]))[0]!.status).toBe('unsent');
  });

  it('refuses a bad retry: unknown message 404, bad id or a body 400', async () => {
    expectErrorShape(await admin.post(`${api}/999999/retry`, {}), 404);
    expectErrorShape(await admin.post(`${api}/abc/retry`, {}), 400);
    expectErrorShape(await admin.post(`${api}/0/retry`, {}), 400);
    expectErrorShape(await admin.post(`${api}/${ids[0]}/retry`, { force: true }), 400);
  });
});

// The mail server's port is chosen now, so the test server is told its address before either starts.
const SMTP_PORT = await freePort();

describe('Admin → Messages: retry, with a mail server', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp({ port: SMTP_PORT });
  });
  afterAll(async () => smtp.stop());
  const { s, admin } = useTestServer({ admin: true, smtpUrl: `smtp://127.0.0.1:${SMTP_PORT}`, mail: QUICK });

  it('sends a refused message again once the server takes it; a delivered one is not sent again', async () => {
    smtp.refuse('moved@example.org');
    const [id] = await enqueueTestMessages(s.db, 1, { to: { address: 'moved@example.org' } });
    await eventually(
      'the message failed',
      async () => (await messageRows(s.db, [id!]))[0]!.status === 'failed',
    );
    const failed = (await admin.get(`${api}?status=failed`)).body.messages;
    expect(failed).toEqual([
      expect.objectContaining({ id, status: 'failed', lastError: expect.stringContaining('550') }),
    ]);

    smtp.accept('moved@example.org');
    const res = await admin.post(`${api}/${id}/retry`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'pending', attempts: 1 });
    expect((await lastAudit(s.db, 'message.retry')).after).toEqual({ status: 'pending' });
    await smtp.waitForMail((m) => m.to.includes('moved@example.org'), 5_000);
    await eventually('the message sent', async () => (await messageRows(s.db, [id!]))[0]!.status === 'sent');
    const [row] = await messageRows(s.db, [id!]);
    expect(row).toMatchObject({ attempts: 2, last_error: null });

    expectErrorShape(await admin.post(`${api}/${id}/retry`, {}), 409, 'already_sent');
    expect(smtp.mails.filter((m) => m.to.includes('moved@example.org'))).toHaveLength(1);
  });
});

describe('Admin → Messages: "Send all not sent" once a mail server is configured', () => {
  let smtp: TestSmtp;
  let server: TestServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtp({ port: await freePort() });
  });
  afterAll(async () => {
    await server?.stop(true);
    await smtp.stop();
  });
  const signedIn = async (s: TestServer) => {
    const admin = new Client(s.url);
    expect((await admin.login()).status).toBe(200);
    return admin;
  };
  const sendUnsent = '/api/v1/competitions/demo/messages/send-unsent';

  it('keeps them while no mail server is configured, then sends each once after a restart with one', async () => {
    server = await startServer({ mail: QUICK });
    const ids = await enqueueTestMessages(server.db, 3, { to: { address: 'later@example.org' } });
    await eventually('every message kept as unsent', async () =>
      (await messageRows(server!.db, ids)).every((r) => r.status === 'unsent'),
    );
    const before = await signedIn(server);
    const refused = await before.post(sendUnsent, {});
    expectErrorShape(refused, 409, 'no_mail_server');
    expect(refused.body.error.message).toContain('PROMENADE_SMTP_URL');
    expect((await messageRows(server.db, ids)).map((r) => r.status)).toEqual(['unsent', 'unsent', 'unsent']);

    // The organizer sets PROMENADE_SMTP_URL and restarts: the kept messages wait for their word.
    await server.stop(false);
    server = await startServer({ dir: server.dir, smtpUrl: smtp.url, mail: QUICK });
    const admin = await signedIn(server);
    expectErrorShape(await new Client(server.url).post(sendUnsent, {}), 401);
    expectErrorShape(await admin.post(sendUnsent, { status: 'failed' }), 400);
    expect((await messageRows(server.db, ids)).map((r) => r.status)).toEqual(['unsent', 'unsent', 'unsent']);

    const res = await admin.post(sendUnsent, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 3 });
    expect((await lastAudit(server.db, 'message.send_unsent')).after).toEqual({
      status: 'pending',
      messages: 3,
    });
    await eventually('every message sent', async () =>
      (await messageRows(server!.db, ids)).every((r) => r.status === 'sent'),
    );
    expect(smtp.mails.filter((m) => m.to.includes('later@example.org'))).toHaveLength(3);
    // Nothing is left unsent: a second press sends nothing again.
    expect((await admin.post(sendUnsent, {})).body).toEqual({ count: 0 });
    expect(smtp.mails.filter((m) => m.to.includes('later@example.org'))).toHaveLength(3);
  });
});
