import { expect, request as playwrightRequest } from '@playwright/test';
import { test } from './support/test.ts';
import { zonedInputToUtc } from '../src/domain/time.ts';
import { E2E_ADMIN, ok, openSignedIn, restoreSettings, shot } from './fixtures.ts';

/**
 * One clock per competition: the admin schedule wrote 15:45 while /live wrote 3:45 PM for
 * the same round. Both follow the competition's Clock setting, and an open /live page follows a change
 * of it without a reload.
 */
const API = '/api/v1/competitions/demo';

test('the admin schedule and /live write a round’s time alike, on the clock chosen in Settings', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await playwrightRequest.newContext({ baseURL });
  const name = `Clock E2E ${Date.now()}`;
  let ev = '';
  try {
    await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    const competition = await ok<{ endDate: string; timeZone: string; clock: string }>(await admin.get(API));
    expect(competition.clock).toBe('12h');
    const event = await ok<{ key: string }>(
      await admin.post(`${API}/events`, {
        data: { name, style: 'Standard', level: 'Gold', dances: ['Waltz'] },
      }),
    );
    ev = `${API}/events/${event.key}`;
    for (let i = 1; i <= 3; i++) {
      await ok(
        await admin.post(`${ev}/entries`, {
          data: { leadName: `Lead${i} Clock`, followName: `Follow${i} Clock`, affiliation: 'E2E University' },
        }),
      );
    }
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));
    // The final is set for 15:45 on the competition's last day, on its own wall clock.
    const at = zonedInputToUtc(`${competition.endDate}T15:45`, competition.timeZone);
    await ok(await admin.patch(`${ev}/rounds/1`, { data: { roundStartTime: at } }));

    const spectator = await context.newPage();
    await spectator.goto('/live');
    const liveRow = spectator.getByTestId('live-row').filter({ hasText: name });
    const liveTime = liveRow.locator('.live-row-time');
    await expect(liveTime).toHaveAttribute('title', /^Starts \w{3} 3:45 PM$/);

    await page.setViewportSize({ width: 1280, height: 800 });
    await openSignedIn(page, '/admin/eventschedule');
    const estimate = page.getByTestId(`slot-${event.key}-R1`).getByTestId('estimate');
    await expect(estimate).toHaveText(/^\w{3} 3:45 PM$/);
    const day = (await estimate.innerText()).slice(0, 3);
    await expect(liveTime).toHaveAttribute('title', `Starts ${day} 3:45 PM`);

    // The organizer switches to the 24-hour clock on the Settings page.
    await page.goto('/admin/settings');
    const clock = page.getByRole('radiogroup', { name: 'Clock' });
    await expect(clock.getByRole('radio', { name: '12-hour (3:45 PM)' })).toBeChecked();
    await clock.getByRole('radio', { name: '24-hour (15:45)' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Event settings are updated.')).toBeVisible();

    // The spectator's open page follows without a reload; the schedule agrees.
    await expect(liveTime).toHaveAttribute('title', `Starts ${day} 15:45`);
    await expect(liveRow.locator('.live-row-clock')).toHaveText('15:45');
    await page.goto('/admin/eventschedule');
    await expect(estimate).toHaveText(`${day} 15:45`);
    await spectator.close();
  } finally {
    await restoreSettings(admin, { clock: '12h' });
    if (ev) {
      const del = await admin.delete(`${ev}?confirm=true`);
      expect(del.ok(), `cleanup: ${del.status()}`).toBe(true);
    }
    await admin.dispose();
  }
});

test('the Clock setting at phone and laptop width', async ({ page }) => {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openSignedIn(page, '/admin/settings');
    const clock = page.getByRole('radiogroup', { name: 'Clock' });
    await expect(clock.getByRole('radio', { name: '24-hour (15:45)' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, { path: `shots/clock-settings-${width}.png`, fullPage: true });
    await clock.scrollIntoViewIfNeeded();
    await shot(page, { path: `shots/clock-settings-${width}-clock.png` });
  }
});
