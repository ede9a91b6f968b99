import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, restoreCompetition, shot } from './fixtures.ts';

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 800 },
} as const;

/** Spec §2: where the top bar and the footer show. */
const ROUTES: { path: string; topBar: boolean; footer: boolean; text: RegExp }[] = [
  { path: '/', topBar: true, footer: true, text: /Riverside Collegiate DanceSport Classic/ },
  { path: '/details', topBar: true, footer: true, text: /Schedule at a glance/ },
  { path: '/rules', topBar: true, footer: true, text: /Rules of the competition/ },
  { path: '/venue', topBar: true, footer: true, text: /Hollis Field House/ },
  { path: '/contact', topBar: true, footer: true, text: /Contact the organizers/ },
  { path: '/about', topBar: true, footer: true, text: /About the Riverside Classic/ },
  { path: '/register', topBar: false, footer: true, text: /Register/ },
  { path: '/entries', topBar: true, footer: true, text: /Entries/ },
  { path: '/competitors', topBar: true, footer: true, text: /Competitors/ },
  { path: '/competitors/1', topBar: true, footer: true, text: /When they dance/ },
  { path: '/results', topBar: true, footer: true, text: /Results are not published yet/ },
  {
    path: '/results/bronze-latin-c-r-s',
    topBar: false,
    footer: false,
    text: /Results are not published yet/,
  },
  { path: '/live', topBar: false, footer: false, text: /On the floor now/ },
  { path: '/live/bronze-latin-c-r-s/1', topBar: false, footer: false, text: /Not posted yet/ },
  { path: '/judges/1', topBar: false, footer: false, text: /Judge sign-in/ },
  { path: '/login', topBar: false, footer: true, text: /Sign in/ },
  { path: '/print-sheets', topBar: false, footer: true, text: /Print sheets/ },
  { path: '/admin/deckcaptain', topBar: false, footer: false, text: /Deck captain/ },
  { path: '/admin/chairman', topBar: false, footer: false, text: /Chairman/ },
];

const topBar = (page: Page) => page.locator('header.topbar');
const footer = (page: Page) => page.locator('footer.site-footer');

// Each page loads once, on a phone, and is then widened to a laptop's window: the top bar and the
// footer follow the window's width (CSS), so one load serves both sizes.
for (const r of ROUTES) {
  test(`${r.path} renders with the spec's top bar and footer on a phone and a laptop, and no console error`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Signed-out pages in normal use log no error: an expected state (nobody signed in, no result
    // yet, the judge's tablet before its sign-in) is not an error.
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
    });
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(r.path);
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      await test.step(`on a ${device}`, async () => {
        await page.setViewportSize(viewport);
        await expect(page.getByText(r.text).first()).toBeVisible();
        await expect(topBar(page)).toHaveCount(r.topBar ? 1 : 0);
        if (r.topBar)
          await expect(topBar(page).getByRole('link', { name: /Riverside Collegiate/ })).toBeVisible();
        await expect(footer(page)).toHaveCount(r.footer ? 1 : 0);
        if (r.footer) {
          // Instagram link built from the handle without its @.
          await expect(
            footer(page).locator('a[href="https://www.instagram.com/riverside_ballroom"]'),
          ).toHaveCount(1);
        }
        // Let the page's reads finish: an error they log comes after the first paint.
        await page.waitForLoadState('networkidle');
        expect(errors).toEqual([]);
        await shot(page, {
          path: `shots/${device}${r.path.replaceAll('/', '_') || '_home'}.png`,
          fullPage: true,
        });
      });
    }
  });
}

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
