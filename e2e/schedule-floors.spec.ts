import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, openSignedIn, shot } from './fixtures.ts';

/**
 * The day on several floors, on a competition of its own (the demo's running order stays as the other
 * specs expect it): two floors; a dancer entered in two events scheduled at once is listed as a
 * conflict on the schedule screen; "Suggest a schedule", applied, removes it; the dancer's own page
 * shows the new times.
 */
// Letters only: a number in a key or name would match couple-number searches elsewhere.
const STAMP = Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 6);
const KEY = `floors${STAMP}`;
const API = `/api/v1/competitions/${KEY}`;
const DAY = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const DANCER = { name: `Dee Twofloors ${STAMP}`, email: `dee.${STAMP}@example.edu` };

/** The times of the dancer's rounds as their page shows them, by event. */
async function dancerTimes(page: Page): Promise<Record<string, string>> {
  const rows = page.getByTestId('competitor-rounds').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  const out: Record<string, string> = {};
  for (const row of await rows.all()) {
    const text = (await row.textContent()) ?? '';
    const event = text.includes('Rumba') ? 'Rumba' : 'Cha Cha';
    out[event] = (await row.locator('.cr-clock').textContent()) ?? '';
  }
  return out;
}

test('two floors: a dancer in two events at once is a conflict; Suggest removes it; their page shows the new times', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = page.request;
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  await ok(
    await admin.post('/api/v1/competitions', {
      data: { key: KEY, fullName: `Two Floors Open ${STAMP}`, startDate: DAY, endDate: DAY },
    }),
  );
  const { version } = await ok<{ version: number }>(await admin.get(API));
  await ok(await admin.patch(API, { data: { floors: ['Ballroom', 'Studio B'], version } }));
  await ok(
    await admin.put(`${API}/settings/events`, { data: { scheduleFirstStartTime: `${DAY}T14:00:00Z` } }),
  );
  const keys: string[] = [];
  for (const name of [`Gold Rumba ${STAMP}`, `Gold Cha Cha ${STAMP}`]) {
    const ev = await ok<{ key: string }>(
      await admin.post(`${API}/events`, { data: { name, style: 'Latin', level: 'Gold', dances: ['Rumba'] } }),
    );
    await ok(
      await admin.post(`${API}/events/${ev.key}/entries`, {
        data: { leadName: `Other Lead ${name}`, followName: `Other Follow ${name}` },
      }),
    );
    keys.push(ev.key);
  }
  // The dancer registers (by the organizer) for both events with one partner.
  const registered = await ok<{ lead: { id: number } }>(
    await admin.post(`${API}/registrations`, {
      data: {
        lead: DANCER,
        follow: { name: `Flo Partner ${STAMP}`, email: `flo.${STAMP}@example.edu` },
        affiliation: 'Two Floors University',
        events: keys,
        consents: { liability: true, media: false },
      },
    }),
  );
  for (const key of keys) await ok(await admin.post(`${API}/events/${key}/rounds/generate`, { data: {} }));
  // The Cha Cha alone on Studio B: it starts at 14:00 with the Rumba on the Ballroom.
  await ok(await admin.patch(`${API}/events/${keys[1]}/rounds/1`, { data: { floor: 'Studio B' } }));

  await openSignedIn(page, `/c/${KEY}/admin/eventschedule`);
  const conflict = page.getByTestId('conflict').filter({ hasText: DANCER.name });
  await expect(conflict).toContainText(`${DANCER.name} — in two rounds at the same time for 2 min`);
  await expect(conflict).toContainText(`Gold Rumba ${STAMP} — Final (Ballroom)`);
  await expect(conflict).toContainText(`Gold Cha Cha ${STAMP} — Final (Studio B)`);
  await page.getByText('Floors side by side').click();
  await expect(page.getByTestId(`block-${keys[1]}-R1`)).toHaveAttribute('data-conflict', 'true');
  await shot(page, { path: 'shots/19-schedule-floors.png', fullPage: true });

  // Their own page, on a phone: both rounds at the same time, each on its floor.
  const dancerPage = await page.context().newPage();
  await dancerPage.setViewportSize({ width: 390, height: 844 });
  await dancerPage.goto(`/c/${KEY}/competitors/${registered.lead.id}`);
  const rows = dancerPage.getByTestId('competitor-rounds').getByRole('listitem');
  await expect(rows.filter({ hasText: `Gold Cha Cha ${STAMP}` })).toContainText('Studio B');
  await expect(rows.filter({ hasText: `Gold Rumba ${STAMP}` })).toContainText('Ballroom');
  const before = await dancerTimes(dancerPage);
  expect(before['Rumba']).toBe(before['Cha Cha']);
  await shot(dancerPage, { path: 'shots/19-dancer-day-before.png', fullPage: true });

  // Suggest, look at the diff, apply: the conflict (the dancer and their partner) is gone.
  await page.getByRole('button', { name: 'Suggest a schedule' }).click();
  const suggestion = page.getByTestId('suggestion');
  await expect(suggestion.getByTestId('suggestion-summary')).toContainText('Conflicts 2 → 0');
  await expect(suggestion.getByRole('table', { name: 'Suggested changes' })).toBeVisible();
  await shot(page, { path: 'shots/19-suggestion.png', fullPage: true });
  await suggestion.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Suggested schedule applied')).toBeVisible();
  await expect(page.getByText('No conflicts')).toBeVisible();
  await expect(page.getByTestId('conflict')).toHaveCount(0);

  // The dancer's page, left open, now shows the new times: no longer both at once.
  await expect
    .poll(async () => {
      const after = await dancerTimes(dancerPage);
      return after['Rumba'] !== after['Cha Cha'];
    })
    .toBe(true);
  await shot(dancerPage, { path: 'shots/19-dancer-day-after.png', fullPage: true });

  // /live on the phone follows one floor from its address, and says when that floor has nothing.
  const floorOf = (
    await ok<{ items: { roundId: string; floor: string }[] }>(await admin.get(`${API}/schedule`))
  ).items;
  const studio = floorOf.filter((i) => i.floor === 'Studio B').map((i) => `live-${i.roundId}`);
  await dancerPage.goto(`/c/${KEY}/live?floor=Studio%20B`);
  const liveRows = dancerPage.getByTestId('live-row');
  await expect(liveRows).toHaveCount(studio.length);
  expect(await liveRows.evaluateAll((rows) => rows.map((r) => r.id))).toEqual(studio);
  await dancerPage.getByRole('combobox', { name: 'Floor' }).selectOption('');
  await expect(liveRows).toHaveCount(2);
  await expect(liveRows.first()).toContainText(/Ballroom|Studio B/);
  await shot(dancerPage, { path: 'shots/19-live-floors-390.png', fullPage: true });
});
