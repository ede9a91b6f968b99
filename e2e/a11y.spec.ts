import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { adminScreens } from '../src/web/pages/admin/adminScreens.ts';
import { E2E_ADMIN, createEvent, ok } from './fixtures.ts';

/**
 * Accessibility: axe-core over every kind of screen of the demo competition — the public site,
 * registration, live, the judge marking a running round, the scrutineer with that round open, the
 * deck captain, chairman, MC and every admin screen — at a laptop's width and on a phone. No serious
 * or critical violation (contrast, names, labels, ARIA). One server, one running round of our own,
 * each page opened once per size.
 * On the same loads, every screen says what it is: exactly one h1 (a screen reader's "what page is
 * this", and the projector's and MC's too) and a tab title naming the screen, not the bare "Promenade".
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

/** What axe finds serious or critical on the page as it stands, one line per rule with its nodes. */
async function violations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    // Also the rule (off by default) that a control's name contains its visible words (WCAG 2.5.3).
    // Only violations are read: axe then details one node of the passes and the rest instead of every
    // node (a selector built and sent back for each), most of its time on a long page. Every rule still
    // runs on every node, and violations are listed as before.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.nodes.length}): ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('')}`)
          .join(' | ')}`,
    );
}

async function settled(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Loading\.*$/)).toHaveCount(0);
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
}

/** Tab titles seen per path, for the checks of particular screens' titles at the end of a test. */
const titles = new Map<string, string>();

/** Exactly one h1, and a tab title that names the screen. */
async function namesItself(page: Page, path: string) {
  await expect(page).not.toHaveTitle(/^Promenade$/);
  const h1 = await page.locator('h1').allTextContents();
  expect.soft(h1, `${path}: ${h1.join(' | ')}`).toHaveLength(1);
  titles.set(path, await page.title());
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * Opens each path and checks it at the sizes given (the layout follows the window: one load serves
 * both). axe takes a few seconds a page on a busy machine: public pages are checked on a phone, where
 * they are read, staff screens on a laptop; the judge's on both.
 */
async function check(page: Page, paths: readonly string[], sizes: readonly (typeof SIZES)[number][]) {
  for (const path of paths) {
    await page.setViewportSize(sizes[0]!);
    await page.goto(path);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await settled(page);
      expect.soft(await violations(page), `${path} at ${size.width} px`).toEqual([]);
    }
    await namesItself(page, path);
  }
}

test('public pages, registration and live', async ({ page }) => {
  test.setTimeout(180_000);
  await check(
    page,
    [
      '/',
      '/details',
      '/rules',
      '/venue',
      '/contact',
      '/about',
      '/register',
      '/updateEntries',
      '/entries',
      '/competitors',
      '/results',
      '/live',
      `/live/${event.key}/1`,
      '/competitions',
    ],
    [SIZES[1]],
  );
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

async function signIn(page: Page, request: APIRequestContext) {
  await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  await ok(await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
}

test('the floor: scrutineer with a round open, deck captain, chairman, MC', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, request);
  const one = `?event=${event.key}&round=1`;
  await check(
    page,
    [`/admin/scrutineer${one}`, `/admin/deckcaptain${one}`, '/admin/chairman', '/admin/mc', '/live/display'],
    SIZES,
  );
  expect(titles.get('/admin/mc')).toMatch(/^MC · /);
  expect(titles.get('/live/display')).toMatch(/^Display · /);
});

// Every admin screen but the floor's (above), in two halves: axe takes several seconds a screen when
// both test workers are busy, and each half has the whole time limit.
const FLOOR = ['/admin/scrutineer', '/admin/deckcaptain', '/admin/chairman', '/admin/mc'];
const otherAdminScreens = adminScreens.map((s) => s.path).filter((p) => !FLOOR.includes(p));
const half = Math.ceil(otherAdminScreens.length / 2);
for (const screens of [otherAdminScreens.slice(0, half), otherAdminScreens.slice(half)])
  test(`admin screens ${screens[0]} to ${screens.at(-1)}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await signIn(page, request);
    await check(page, screens, [SIZES[0]]);
    if (screens.includes('/admin/people')) expect(titles.get('/admin/people')).toMatch(/^People · /);
  });
