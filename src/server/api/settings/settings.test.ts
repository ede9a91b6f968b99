import { describe, expect, it } from 'vitest';
import { DEFAULT_EVENT_SETTINGS } from '../../../domain/eventSettings.ts';
import { Client, expectErrorShape, useTestServer } from '../../test/harness.ts';

const { s } = useTestServer();

describe('event settings', () => {
  it('start at the spec defaults and are public to read', async () => {
    const res = await new Client(s.url).get('/api/v1/competitions/demo/settings/events');
    expect(res.body).toEqual({ ...DEFAULT_EVENT_SETTINGS, clock: '12h', language: 'en', version: 1 });
  });

  it('are changed by an admin, with version checks and validation', async () => {
    const anon = new Client(s.url);
    expectErrorShape(
      await anon.put('/api/v1/competitions/demo/settings/events', { hideLiveSchedule: true }),
      401,
    );
    const admin = new Client(s.url);
    await admin.login();
    const ok = await admin.put('/api/v1/competitions/demo/settings/events', {
      hideLiveSchedule: true,
      liveScrollRefreshIndex: 4,
      version: 1,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      hideLiveSchedule: true,
      liveScrollRefreshIndex: 4,
      showScheduleIndex: false,
      version: 2,
    });
    expectErrorShape(
      await admin.put('/api/v1/competitions/demo/settings/events', { hideLiveSchedule: false, version: 1 }),
      409,
      'stale',
    );
    expectErrorShape(
      await admin.put('/api/v1/competitions/demo/settings/events', { hideLiveSchedule: 'no' }),
      400,
      'invalid',
    );
    expectErrorShape(
      await admin.put('/api/v1/competitions/demo/settings/events', { liveScrollRefreshIndex: -1 }),
      400,
      'invalid',
    );
    expectErrorShape(
      await admin.put('/api/v1/competitions/demo/settings/events', { madeUp: true }),
      400,
      'invalid',
    );
    expect((await anon.get('/api/v1/competitions/demo/settings/events')).body).toMatchObject({
      hideLiveSchedule: true,
      version: 2,
    });
  });
});

describe('the clock setting', () => {
  const settings = '/api/v1/competitions/demo/settings/events';
  it('is 12-hour until changed, and is read with the competition beside its time zone', async () => {
    const anon = new Client(s.url);
    expect((await anon.get(settings)).body.clock).toBe('12h');
    expect((await anon.get('/api/v1/competitions/demo')).body).toMatchObject({
      timeZone: 'America/New_York',
      clock: '12h',
    });
  });

  it('is changed by an admin with the other settings, checked for its value and the version seen', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const { version } = (await admin.get(settings)).body as { version: number };
    expectErrorShape(await new Client(s.url).put(settings, { clock: '24h', version }), 401);

    const wrong = await admin.put(settings, { clock: '24-hour', version });
    expectErrorShape(wrong, 400, 'invalid');
    // Each problem also carries Zod's code (the web words it in the reader's language).
    expect(wrong.body.error.details).toMatchObject([
      { path: ['clock'], message: 'Clock must be "12h" (12-hour, 3:45 PM) or "24h" (24-hour, 15:45)' },
    ]);
    expectErrorShape(await admin.put(settings, { clock: 24, version }), 400, 'invalid');

    const ok = await admin.put(settings, { clock: '24h', version });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      clock: '24h',
      hideLiveSchedule: expect.any(Boolean),
      version: version + 1,
    });
    expect((await new Client(s.url).get('/api/v1/competitions/demo')).body.clock).toBe('24h');

    // A second admin who loaded the settings before that change is refused and shown the current ones.
    const stale = await admin.put(settings, { clock: '12h', version });
    expectErrorShape(stale, 409, 'stale');
    expect(stale.body.error.details.current).toMatchObject({ clock: '24h', version: version + 1 });
    expect((await new Client(s.url).get(settings)).body.clock).toBe('24h');

    // Changing another setting keeps the clock; the competition itself cannot set it around the settings.
    const other = await admin.put(settings, { showScheduleIndex: true, version: version + 1 });
    expect(other.body).toMatchObject({ clock: '24h', showScheduleIndex: true });
    expectErrorShape(await admin.patch('/api/v1/competitions/demo', { clock: '12h' }), 400, 'invalid');
    const back = await admin.put(settings, { clock: '12h' });
    expect(back.body.clock).toBe('12h');
    expect((await new Client(s.url).get('/api/v1/competitions/demo')).body.clock).toBe('12h');
  });

  it('is described in the OpenAPI document: sent to the settings, answered by both reads', async () => {
    const doc = await (await fetch(s.url + '/api/openapi.json')).json();
    const clockIn = (schema: unknown) =>
      JSON.stringify(schema).includes('"clock":{"type":"string","enum":["12h","24h"]');
    const path = doc.paths['/api/v1/competitions/{key}/settings/events'];
    expect(clockIn(path.put.requestBody)).toBe(true);
    expect(clockIn(path.get.responses['200'])).toBe(true);
    expect(clockIn(doc.paths['/api/v1/competitions/{key}'].get.responses['200'])).toBe(true);
  });
});

describe('dashboard', () => {
  it('counts the demo competition for its admin', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const d = (await admin.get('/api/v1/competitions/demo/dashboard')).body;
    expect(d.couples).toBeGreaterThanOrEqual(40);
    expect(d.competitors).toBe(d.couples * 2);
    expect(d.entries).toBeGreaterThan(d.couples);
    expect(d.events).toBeGreaterThanOrEqual(12);
    expect(d.feesDue).toBeGreaterThan(0);
    expect(Object.keys(d.roundsByState)).toEqual([
      'Initialized',
      'Empty',
      'Running',
      'Skipped',
      'Marked',
      'Posted',
    ]);
    expectErrorShape(await new Client(s.url).get('/api/v1/competitions/demo/dashboard'), 401);
  });

  it('takes a plain date as the first start: the start of that day in the competition zone', async () => {
    const admin = new Client(s.url);
    await admin.login();
    const res = await admin.put('/api/v1/competitions/demo/settings/events', {
      scheduleFirstStartTime: '2026-12-05',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.scheduleFirstStartTime).toBe('2026-12-05T05:00:00.000Z');
    const later = await admin.put('/api/v1/competitions/demo/settings/events', {
      scheduleFirstStartTime: '2026-12-05T09:30:00-05:00',
    });
    expect(later.body.scheduleFirstStartTime).toBe('2026-12-05T14:30:00.000Z');
  });
});
