import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import {
  createEvent,
  E2E_ADMIN,
  judgeSessions,
  ok,
  openSignedIn,
  restoreSettings,
  shot,
} from './fixtures.ts';

test.describe('the record', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an admin verifies the audit trail from Settings and is told how many entries are intact', async ({
    page,
  }) => {
    await openSignedIn(page, '/admin/settings');
    // An audited change first, so the trail is not empty.
    await restoreSettings(page.request, { showScheduleIndex: true });
    await restoreSettings(page.request, { showScheduleIndex: false });
    const verdict = await ok<{ ok: boolean; records: number }>(
      await page.request.get('/api/v1/competitions/demo/audit/verify'),
    );
    expect(verdict.ok).toBe(true);
    await page.getByRole('button', { name: 'Verify the record' }).click();
    await expect(page.getByText(/^The record is intact: \d+ entries\.$/)).toBeVisible();
    const shown = await page.getByText(/^The record is intact: \d+ entries\.$/).textContent();
    expect(Number(/(\d+)/.exec(shown ?? '')![1])).toBeGreaterThanOrEqual(verdict.records);
  });
});

test.describe("the scrutineer's check of the marks", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a mark changed in the database is named at the top of the scrutineer screen', async ({
    page,
    baseURL,
    server,
  }) => {
    const admin = page.request;
    await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    const ev = await createEvent(
      admin,
      { name: 'Record Check Final', style: 'Standard', level: 'Gold', dances: ['Waltz'] },
      3,
      'Riverside University',
    );
    await ok(await admin.post(`${ev.path}/rounds/1/start`, { data: {} }));
    const keep: APIRequestContext[] = [];
    const judges = await judgeSessions(admin, baseURL, [1, 2, 3, 4, 5], keep);
    for (const [id, judge] of judges)
      await ok(
        await judge.put(`${ev.path}/rounds/1/marks/${id}`, {
          data: { Waltz: Object.fromEntries(ev.couples.map((c, i) => [c, i + 1])) },
        }),
      );
    for (const ctx of keep) await ctx.dispose();

    // Someone with the database file changes judge 1's Waltz, leaving its receipt as it was.
    const db = new Database(join(server.data, 'promenade.sqlite'));
    try {
      const swapped = Object.fromEntries(ev.couples.map((c, i) => [c, ev.couples.length - i]));
      db.prepare(
        `update marks set value = ? where official_id = 1 and dance = 'Waltz'
           and round_id = (select r.id from rounds r join events e on e.id = r.event_id
                           where e.key = ? and r.round_number = 1)`,
      ).run(JSON.stringify(swapped), ev.key);
    } finally {
      db.close();
    }

    await page.goto(`/admin/scrutineer?event=${ev.key}&round=1`);
    const alert = page.getByRole('alert').filter({ hasText: 'The stored marks do not match the record' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('list', { name: 'What does not match the record' })).toContainText(
      'Final of Record Check Final — Margaret Ellison, Waltz:',
    );
    await shot(page, { path: 'test-results/scrutineer-record-mismatch.png' });
    // The worker's later spec files share this database: no running round or broken record stays.
    await ok(await admin.delete(`${ev.path}?confirm=true`));
  });
});
