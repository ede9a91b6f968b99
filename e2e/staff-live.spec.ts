import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok } from './fixtures.ts';

/**
 * A staff screen shows a change made anywhere at once, also right after signing
 * in (which reopens the live feed with the official's session). The chairman signs in and, at once,
 * the scrutineer starts a round elsewhere: the round's card must appear without any reload.
 */
const API = '/api/v1/competitions/demo';
const CHAIRMAN = 8;
const SCRUTINEER = 7;
const ROUNDS = 4;

test('a round started just after the chairman signs in appears on the chairman screen at once', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const contexts: APIRequestContext[] = [];
  const newContext = async () => {
    const ctx = await playwrightRequest.newContext({ baseURL });
    contexts.push(ctx);
    return ctx;
  };
  const admin = await newContext();
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const events: string[] = [];
  try {
    for (let e = 0; e < ROUNDS; e++) {
      const name = `Live after sign-in ${Date.now()} ${e}`;
      const event = await ok<{ key: string }>(
        await admin.post(`${API}/events`, {
          data: { name, style: 'Latin', level: 'Bronze', dances: ['Rumba'] },
        }),
      );
      events.push(event.key);
      for (let i = 1; i <= 3; i++)
        await ok(
          await admin.post(`${API}/events/${event.key}/entries`, {
            data: { leadName: `Lead ${i} ${name}`, followName: `Follow ${i} ${name}` },
          }),
        );
      await ok(await admin.put(`${API}/events/${event.key}/panel`, { data: { officialIds: [1, 2, 3] } }));
      await ok(await admin.post(`${API}/events/${event.key}/rounds/generate`, { data: {} }));
    }
    const code = async (id: number) =>
      (await ok<{ accessCode: string }>(await admin.post(`${API}/officials/${id}/code`))).accessCode;
    const scrutineer = await newContext();
    await ok(
      await scrutineer.post(`${API}/officials/${SCRUTINEER}/session`, {
        data: { code: await code(SCRUTINEER) },
      }),
    );

    await page.goto('/admin/chairman');
    for (const key of events) {
      await page.getByLabel('Access code').fill(await code(CHAIRMAN));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText(/^Signed in as /)).toBeVisible();
      await ok(await scrutineer.post(`${API}/events/${key}/rounds/1/start`, { data: {} }));
      // No reload and no poll brings the card within the wait: only the live feed can.
      await expect(page.getByTestId(`chair-round-${key}-1`)).toBeVisible();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByLabel('Access code')).toBeVisible();
    }
  } finally {
    for (const key of events) await admin.delete(`${API}/events/${key}`);
    for (const c of contexts) await c.dispose();
  }
});
