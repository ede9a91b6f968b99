import { expect, test } from '@playwright/test';
import { E2E_ADMIN, ok, openSignedIn, shot } from './fixtures.ts';

/**
 * Issue 19, "Suggest a schedule" in the browser, on a competition of its own (the demo's running
 * order stays as the other specs expect it): a dancer in two events at 9:00 on two floors is an
 * overlap; the organizer asks for a suggestion, sees the diff, applies it, and the conflict is gone.
 */
const KEY = 'suggest19';
const API = `/api/v1/competitions/${KEY}`;
const DAY = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

test('suggest a schedule: the overlap of a dancer on two floors is gone once the suggestion is applied', async ({
  page,
}) => {
  const admin = page.request;
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  await ok(
    await admin.post('/api/v1/competitions', {
      data: { key: KEY, fullName: 'Suggest Open', startDate: DAY, endDate: DAY },
    }),
  );
  const { version } = await ok<{ version: number }>(await admin.get(API));
  await ok(await admin.patch(API, { data: { floors: ['Main floor', 'Side'], version } }));
  await ok(
    await admin.put(`${API}/settings/events`, { data: { scheduleFirstStartTime: `${DAY}T09:00:00Z` } }),
  );
  const keys: string[] = [];
  for (const [n, name] of ['Gold Rumba', 'Gold Cha Cha'].entries()) {
    const ev = await ok<{ key: string }>(
      await admin.post(`${API}/events`, { data: { name, style: 'Latin', level: 'Gold', dances: ['Rumba'] } }),
    );
    for (const [i, lead] of ['Dee Twofloors', `${name} Other`].entries())
      await ok(
        await admin.post(`${API}/events/${ev.key}/entries`, {
          data: { leadName: lead, followName: `${name} Follow ${i}`, leadNumber: 100 + n * 10 + i },
        }),
      );
    await ok(await admin.post(`${API}/events/${ev.key}/rounds/generate`, { data: {} }));
    keys.push(ev.key);
  }
  // The second event alone on the side floor: both start at 9:00.
  await ok(await admin.patch(`${API}/events/${keys[1]}/rounds/1`, { data: { floor: 'Side' } }));
  const conflicts = async () =>
    (
      await ok<{ conflicts: { personName: string; kind: string }[] }>(
        await admin.get(`${API}/schedule/conflicts`),
      )
    ).conflicts;
  expect(await conflicts()).toEqual([
    expect.objectContaining({ personName: 'Dee Twofloors', kind: 'overlap' }),
  ]);

  await openSignedIn(page, `/c/${KEY}/admin/eventschedule`);
  await page.getByRole('button', { name: 'Suggest a schedule' }).click();
  const suggestion = page.getByTestId('suggestion');
  await expect(suggestion.getByTestId('suggestion-summary')).toContainText('Conflicts 1 → 0');
  await expect(suggestion.getByRole('table', { name: 'Suggested changes' })).toBeVisible();
  await shot(page, { path: 'shots/suggest-schedule.png', fullPage: true });
  await suggestion.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Suggested schedule applied')).toBeVisible();
  await expect(suggestion).toHaveCount(0);
  expect(await conflicts()).toEqual([]);
});
