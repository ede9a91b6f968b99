import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, openSignedIn, restoreCompetition, restoreSettings, shot } from './fixtures.ts';

async function signIn(page: Page, password = E2E_ADMIN.password) {
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.locator('input[type=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('staff on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a signed-out visit to an admin page goes to sign-in, then back to that page', async ({ page }) => {
    await page.goto('/admin/settings');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fsettings$/);
    await signIn(page, 'wrong-password');
    await expect(page.getByText(/email or password is not right/i)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page);
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByText('Show schedule index')).toBeVisible();
    await shot(page, { path: 'shots/laptop_admin_settings.png', fullPage: true });
  });

  test('the login form refuses a short password before sending', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.locator('input[type=password]').fill('123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(/valid email/i)).toBeVisible();
    await expect(page.getByText(/at least 6 characters/i)).toBeVisible();
  });

  test('the dashboard counts the demo competition and links to every screen', async ({ page }) => {
    await openSignedIn(page, '/admin');
    const main = page.getByRole('main');
    await expect(main.getByText(/couples/i).first()).toBeVisible();
    const counts = await (await page.request.get('/api/v1/competitions/demo/dashboard')).json();
    expect(counts.couples).toBeGreaterThanOrEqual(40);
    await expect(main.getByText(String(counts.couples), { exact: true }).first()).toBeVisible();
    for (const name of ['Setup', 'Settings', 'Scrutineer', 'Officials']) {
      await expect(page.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
    }
    await shot(page, { path: 'shots/laptop_admin_dashboard.png', fullPage: true });
  });

  test('the dashboard shows what is on the floor now, follows it live, and links to /live', async ({
    page,
  }) => {
    await openSignedIn(page, '/admin');
    const floor = page.getByRole('region', { name: 'On the floor now' });
    await expect(floor.getByRole('link', { name: 'Open the live view' })).toHaveAttribute('href', '/live');
    const api = page.request;
    const name = `Dashboard floor ${Date.now()}`;
    const event = await ok<{ key: string }>(
      await api.post('/api/v1/competitions/demo/events', {
        data: { name, style: 'Latin', level: 'Silver', dances: ['Rumba'] },
      }),
    );
    const ev = `/api/v1/competitions/demo/events/${event.key}`;
    try {
      for (let i = 1; i <= 4; i++)
        await ok(
          await api.post(`${ev}/entries`, { data: { leadName: `Lead ${i} ${name}`, followName: `F ${i}` } }),
        );
      await ok(await api.put(`${ev}/panel`, { data: { officialIds: [1, 2, 3] } }));
      await ok(await api.post(`${ev}/rounds/generate`, { data: {} }));
      await expect(floor).not.toContainText(name);
      let reloaded = false;
      page.on('load', () => (reloaded = true));
      // Started elsewhere (the deck captain's screen): the dashboard shows it without a reload.
      await ok(await api.post(`${ev}/rounds/1/start`, { data: {} }));
      const row = floor.getByRole('listitem').filter({ hasText: name });
      await expect(row).toContainText(`${name} · Final`);
      await expect(row).toContainText(/4 couples · 1 heat · started \d{1,2}:\d\d [AP]M/);
      expect(reloaded).toBe(false);
      await shot(page, { path: 'shots/laptop_admin_dashboard_floor.png', fullPage: true });
    } finally {
      expect((await api.delete(`${ev}?confirm=true`)).ok()).toBe(true);
    }
  });

  test('a setup edit shows up on an open public page within a second, without reload', async ({
    browser,
    request,
  }) => {
    const original = (await (await request.get('/api/v1/competitions/demo')).json()).fullName as string;
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await visitor.goto('/');
    await expect(visitor.locator('header.topbar')).toContainText('Riverside Collegiate');
    let reloaded = false;
    visitor.on('load', () => (reloaded = true));

    const organizer = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await openSignedIn(organizer, '/admin/setup');
    const name = organizer.getByLabel('Full name');
    await expect(name).toHaveValue(/Riverside/);
    await name.fill('Riverside Winter Classic 2026');
    await organizer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(organizer.getByText('The competition details are updated.')).toBeVisible();
    // Pushed to the open page (no reload): it would otherwise never change.
    await expect(visitor.locator('header.topbar')).toContainText('Riverside Winter Classic 2026');
    await expect(visitor.getByRole('heading', { name: 'Riverside Winter Classic 2026' })).toBeVisible();
    expect(reloaded).toBe(false);
    await shot(organizer, { path: 'shots/laptop_admin_setup.png', fullPage: true });
    await restoreCompetition(request, { fullName: original });
  });

  test('setup shows a clear message for bad input and saves nothing', async ({ page, request }) => {
    await openSignedIn(page, '/admin/setup');
    const name = page.getByLabel('Full name');
    await expect(name).toHaveValue(/Riverside/);
    await name.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Said beside the field and in the summary at the top of the form.
    await expect(page.getByText('Full name is required')).toHaveCount(2);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    const current = await (await request.get('/api/v1/competitions/demo')).json();
    expect(current.fullName).toMatch(/Riverside/);
  });

  test('event settings save with a notification and stay saved', async ({ page }) => {
    await restoreSettings(page.request, { showScheduleIndex: false });
    await openSignedIn(page, '/admin/settings');
    const flag = page.getByRole('switch', { name: 'Show schedule index' });
    await expect(flag).not.toBeChecked();
    await flag.check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Event settings are updated.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Show schedule index' })).toBeChecked();
    await restoreSettings(page.request, { showScheduleIndex: false });
  });

  test('signing out ends the session', async ({ page }) => {
    await openSignedIn(page, '/admin');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.goto('/admin/setup');
    await expect(page).toHaveURL(/\/login/);
  });
});
