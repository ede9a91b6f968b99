/**
 * An administrator clones the demo into next season's competition with its dates
 * moved, switches the admin area to it (its address says which: /c/<key>/admin…), sees its events,
 * serves it at /, and the demo's public pages go on working at /c/demo, live updates included.
 */
import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, openSignedIn, shot } from './fixtures.ts';

const KEY = `riverside-next-${Date.now().toString(36)}`;
const NAME = 'Riverside Classic, next season';
const DEMO_NAME = 'Riverside Collegiate DanceSport Classic 2026';

test.afterAll(async ({ request }) => {
  // The worker's next spec files share this server: / serves the demo again for them.
  await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  await ok(await request.put('/api/v1/site', { data: { competition: null } }));
});

test('clone the demo, work on the clone at its own address, serve it at /, keep the demo at /c/demo', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, '/admin/competitions');
  await expect(page.getByRole('heading', { name: 'Competitions', level: 1 })).toBeVisible();

  // 1. Clone the demo, dates a year on.
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'New competition' }) });
  await form.getByLabel('Key', { exact: true }).fill(KEY);
  await form.getByLabel('Full name').fill(NAME);
  await form.getByRole('textbox', { name: 'Clone from' }).click();
  await page.getByRole('option', { name: `${DEMO_NAME} (demo)` }).click();
  await form.getByLabel('Move the dates by (days)').fill('364');
  await form.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByText(`${NAME} is ready`, { exact: true })).toBeVisible();
  // Its officials' new codes are shown once.
  await expect(page.getByText(/Judge Margaret Ellison: /)).toBeVisible();
  const table = page.getByRole('table', { name: 'Current competitions' });
  await expect(table.getByRole('link', { name: NAME })).toBeVisible();
  await shot(page, { path: 'shots/laptop_admin_competitions.png', fullPage: true });

  // 2. The switcher opens the same screen of the clone, at its address.
  const nav = page.getByRole('navigation', { name: 'Admin screens' });
  await page.getByRole('textbox', { name: 'Switch competition' }).click();
  await page.getByRole('option', { name: NAME }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${KEY}/admin/competitions$`));
  await nav.getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${KEY}/admin/setup/events$`));
  // The shell's top bar names it (the Competitions table may still be on its way out).
  await expect(page.locator('header').getByRole('link', { name: NAME, exact: true })).toBeVisible();
  await expect(page.getByText('Newcomer Standard (W/Q)').first()).toBeVisible();

  // 3. Serve the clone at /.
  await nav.getByRole('link', { name: 'Competitions' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${KEY}/admin/competitions$`));
  const served = page.locator('section', { has: page.getByRole('heading', { name: 'Served at /' }) });
  await served.getByRole('textbox', { name: 'Competition served at /' }).click();
  await page.getByRole('option', { name: `${NAME} (${KEY})` }).click();
  await served.getByRole('button', { name: 'Serve at /' }).click();
  await expect(page.getByText(`/ now serves ${KEY}.`)).toBeVisible();

  // 4. A visitor's phone: / is the clone; the demo lives on at /c/demo, its links stay there.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto('/');
  await expect(phone.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  await phone.goto(`/c/${KEY}`);
  await expect(phone.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  await shot(phone, { path: 'shots/phone_competition_home_scoped.png', fullPage: true });
  await phone.goto('/competitions');
  await expect(phone.getByRole('main').getByRole('link', { name: NAME })).toBeVisible();
  await shot(phone, { path: 'shots/phone_competitions.png', fullPage: true });
  await phone.getByRole('link', { name: DEMO_NAME }).click();
  await expect(phone).toHaveURL(/\/c\/demo$/);
  await expect(phone.getByRole('heading', { name: DEMO_NAME, level: 1 })).toBeVisible();
  await phone.getByRole('button', { name: 'Open menu' }).click();
  await phone.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Rules' }).click();
  await expect(phone).toHaveURL(/\/c\/demo\/rules$/);
  await phone.goto('/c/demo/results');
  await expect(phone.getByRole('heading', { name: 'Results', level: 1 })).toBeVisible();

  // 5. The demo's live page at /c/demo follows the demo's change feed.
  await phone.goto('/c/demo/live');
  await expect(phone.getByText(DEMO_NAME).first()).toBeVisible();
  const before = await ok<{ version: number }>(await page.request.get('/api/v1/competitions/demo'));
  await ok(
    await page.request.patch('/api/v1/competitions/demo', {
      data: { fullName: `${DEMO_NAME} (live)`, version: before.version },
    }),
  );
  try {
    await expect(phone.getByText(`${DEMO_NAME} (live)`).first()).toBeVisible();
  } finally {
    const now = await ok<{ version: number }>(await page.request.get('/api/v1/competitions/demo'));
    await ok(
      await page.request.patch('/api/v1/competitions/demo', {
        data: { fullName: DEMO_NAME, version: now.version },
      }),
    );
  }
  await phone.close();
});
