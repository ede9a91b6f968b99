import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, restoreCompetition } from './fixtures.ts';

// Each public page's top bar, footer and console (spec §2), on a phone and a laptop: a11y.spec.ts, on
// the loads that check its accessibility.

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 800 },
} as const;

const topBar = (page: Page) => page.locator('header.topbar');

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`public site on a ${device}`, () => {
    test.use({ viewport });

    test('home shows the registration tier and fee, and the Register button', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByText(/Registration open/i).first()).toBeVisible();
      await expect(page.getByText(/\$35/).first()).toBeVisible();
      await expect(topBar(page).getByRole('link', { name: 'Register' })).toBeVisible();
    });

    test('an unknown path shows a real 404 page', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await page.getByRole('link', { name: 'Go to competitor info' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
}

test.describe('menus', () => {
  test('the phone menu lists every public page and navigates', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    for (const name of ['Competitor Info', 'Details', 'Rules', 'Venue', 'Contact', 'About']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Venue' }).click();
    await expect(page).toHaveURL(/\/venue$/);
    await expect(page.getByText('Hollis Field House').first()).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test('navigating scrolls to the top', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/rules');
    await page.mouse.wheel(0, 3000);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('script in page content is rendered inert', async ({ page, request }) => {
  await request.post('/api/v1/auth/login', { data: E2E_ADMIN });
  const original = (await (await request.get('/api/v1/competitions/demo')).json()).pages.contact as string;
  const evil =
    '## Parking\n<script>window.__pwned = 1</script>\n<img src="x" onerror="window.__pwned = 2">\n[click](javascript:window.__pwned=3)';
  const res = await request.patch('/api/v1/competitions/demo', { data: { pages: { contact: evil } } });
  expect(res.status()).toBe(200);
  const dialogs: string[] = [];
  page.on('dialog', (d) => dialogs.push(d.message()));
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Parking' })).toBeVisible();
  const link = page.getByText('click');
  if (await link.count()) await link.click({ trial: false }).catch(() => undefined);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('main script, main [onerror]').count()).toBe(0);
  expect(dialogs).toEqual([]);
  await restoreCompetition(request, { pages: { contact: original } });
});
