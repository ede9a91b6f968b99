import { describe, expect, it } from 'vitest';
import { Client, expectErrorShape, useTestServer } from '../../test/harness.ts';

const { s } = useTestServer();

describe('event settings', () => {
  it('start at the spec defaults and are public to read', async () => {
    const res = await new Client(s.url).get('/api/v1/competitions/demo/settings/events');
    expect(res.body).toEqual({
      showScheduleIndex: false,
      hideLiveSchedule: false,
      hideLevelIcons: false,
      highlightOtherRoundsInEvent: false,
      hideClearRoundsButton: false,
      hideGenerateRoundsButton: false,
      reorderAfterAddRemoveRound: false,
      liveScrollRefreshIndex: 0,
      scheduleFirstStartTime: null,
      schedulePerDanceSeconds: 120,
      scheduleTransitionSeconds: 60,
      version: 1,
    });
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
