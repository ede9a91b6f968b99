import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, createEvent, ok, shot } from './fixtures.ts';
import { LAPTOP, PHONE, namesItself, settled, titles, violations } from './support/screens.ts';

/**
 * Accessibility: axe-core over the public site, registration, live, the projector's display and the
 * judge marking a running round, on a phone (the judge and the display at a laptop's width too). No
 * serious or critical violation (contrast, names, labels, ARIA). One running round of our own. The
 * staff screens get the same checks in no-sideways.spec.ts, on their loads there.
 * On the same loads, every screen says what it is (one h1, a page title naming the screen), and the
 * public pages show the spec's top bar and footer (§2) on a phone and a laptop with no console error.
 */
const API = '/api/v1/competitions/demo';
const JUDGE = 1;
const stamp = `A11y${Date.now().toString(36).slice(-5)}`;
let event: { key: string; path: string; couples: string[] };

test.beforeAll(async ({ request }) => {
  await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  event = await createEvent(
    request,
    { name: `${stamp} Gold Standard`, style: 'Standard', level: 'Gold', dances: ['Waltz', 'Tango'] },
    8,
    'Riverside University',
  );
  await ok(await request.post(`${event.path}/rounds/1/start`, { data: {} }));
});

test.afterAll(async ({ request }) => {
  await request.post('/api/v1/auth/login', { data: E2E_ADMIN });
  if (event) await request.delete(`${event.path}?confirm=true`);
});

const SIZES = [LAPTOP, PHONE] as const;

const topBar = (page: Page) => page.locator('header.topbar');
const footer = (page: Page) => page.locator('footer.site-footer');

/**
 * A public page: `layout` is where spec §2 puts the top bar and the footer and a text the page shows
 * (checked with no console error, on a phone and widened to a laptop); `axe`, the sizes axe reads.
 */
interface PublicPage {
  path: string;
  layout?: { topBar: boolean; footer: boolean; text: RegExp };
  axe: readonly (typeof PHONE | typeof LAPTOP)[];
}
const publicPage = (path: string, axe: PublicPage['axe'], layout?: PublicPage['layout']): PublicPage =>
  layout ? { path, axe, layout } : { path, axe };
const site = (text: RegExp) => ({ topBar: true, footer: true, text });
const bare = (text: RegExp) => ({ topBar: false, footer: false, text });

const PUBLIC = (liveRound: string): PublicPage[] => [
  publicPage('/', [PHONE], site(/Riverside Collegiate DanceSport Classic/)),
  publicPage('/details', [PHONE], site(/Schedule at a glance/)),
  publicPage('/rules', [PHONE], site(/Rules of the competition/)),
  publicPage('/venue', [PHONE], site(/Hollis Field House/)),
  publicPage('/contact', [PHONE], site(/Contact the organizers/)),
  publicPage('/about', [PHONE], site(/About the Riverside Classic/)),
  publicPage('/register', [PHONE], { topBar: false, footer: true, text: /Register/ }),
  publicPage('/updateEntries', [PHONE]),
  publicPage('/entries', [PHONE], site(/Entries/)),
  publicPage('/competitors', [PHONE], site(/Competitors/)),
  publicPage('/competitors/1', [], site(/When they dance/)),
  publicPage('/results', [PHONE], site(/Results are not published yet/)),
  publicPage('/results/bronze-latin-c-r-s', [], bare(/Results are not published yet/)),
  publicPage('/live', [PHONE], bare(/On the floor now/)),
  publicPage(liveRound, [PHONE]),
  publicPage('/live/bronze-latin-c-r-s/1', [], bare(/Not posted yet/)),
  publicPage('/live/display', [LAPTOP, PHONE]),
  publicPage('/competitions', [PHONE]),
  publicPage('/judges/1', [], bare(/Judge sign-in/)),
  publicPage('/login', [], { topBar: false, footer: true, text: /Sign in/ }),
  // Signed out, the print and floor screens ask for a sign-in.
  publicPage('/print-sheets', [], { topBar: false, footer: true, text: /Print sheets/ }),
  publicPage('/admin/deckcaptain', [], bare(/Deck captain/)),
  publicPage('/admin/chairman', [], bare(/Chairman/)),
];

// Each page loads once, on a phone, and is then widened to a laptop's window: the layout follows the
// window's width (CSS), so one load serves both sizes.
test('public pages, registration and live', async ({ page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Signed-out pages in normal use log no error: an expected state (nobody signed in, no result yet,
  // the judge's tablet before its sign-in) is not an error.
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });
  for (const { path, layout, axe } of PUBLIC(`/live/${event.key}/1`)) {
    errors.length = 0;
    await page.setViewportSize(axe[0] ?? PHONE);
    await page.goto(path);
    for (const size of axe.length ? axe : [PHONE]) {
      await page.setViewportSize(size);
      await settled(page);
      if (axe.includes(size)) expect.soft(await violations(page), `${path} at ${size.width} px`).toEqual([]);
    }
    await namesItself(page, path);
    if (!layout) continue;
    for (const size of [PHONE, LAPTOP]) {
      await page.setViewportSize(size);
      await expect(page.getByText(layout.text).first()).toBeVisible();
      await expect(topBar(page), `${path} at ${size.width} px`).toHaveCount(layout.topBar ? 1 : 0);
      if (layout.topBar)
        await expect(topBar(page).getByRole('link', { name: /Riverside Collegiate/ })).toBeVisible();
      await expect(footer(page), `${path} at ${size.width} px`).toHaveCount(layout.footer ? 1 : 0);
      // The Instagram link is built from the handle without its @.
      if (layout.footer)
        await expect(
          footer(page).locator('a[href="https://www.instagram.com/riverside_ballroom"]'),
        ).toHaveCount(1);
      await shot(page, {
        path: `shots/${size === PHONE ? 'phone' : 'laptop'}${path.replaceAll('/', '_') || '_home'}.png`,
        fullPage: true,
      });
    }
    // Let the page's reads finish: an error they log comes after the first paint.
    await page.waitForLoadState('networkidle');
    expect.soft(errors, `${path}: console errors`).toEqual([]);
  }
  expect(titles.get('/live/display')).toMatch(/^Display · /);
});

test('the judge marking a running round', async ({ browser, request }) => {
  await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const { accessCode } = await ok<{ accessCode: string }>(
    await request.post(`${API}/officials/${JUDGE}/code`, { data: {} }),
  );
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: size, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`/judges/${JUDGE}`);
    await expect(page.getByLabel('Access code')).toBeVisible();
    expect.soft(await violations(page), `judge sign-in at ${size.width} px`).toEqual([]);
    await page.getByLabel('Access code').fill(accessCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const heading = page.getByRole('heading', { level: 1, name: new RegExp(stamp) });
    await expect(async () => {
      const ours = page.getByRole('navigation', { name: 'Rounds' }).getByRole('button', { name: /A11y/ });
      if (await ours.isVisible().catch(() => false)) await ours.click();
      await expect(heading).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    // Unmarked, then with couples marked (the marked tiles' colours and names).
    expect.soft(await violations(page), `judge marking at ${size.width} px`).toEqual([]);
    await page.locator('.judge-grid .judge-tile').first().click();
    await page.locator('.judge-grid .judge-tile').nth(1).click();
    await expect(page.getByText(/^2 of \d+ marked$/)).toBeVisible();
    expect.soft(await violations(page), `judge with marks at ${size.width} px`).toEqual([]);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect.soft(await violations(page), `judge, dark, at ${size.width} px`).toEqual([]);
    await context.close();
  }
});
