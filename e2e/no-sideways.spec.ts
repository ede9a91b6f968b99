import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { adminScreens } from '../src/web/pages/admin/adminScreens.ts';
import { E2E_ADMIN, ok, shot } from './fixtures.ts';

/**
 * "No page scrolls sideways, at 390 px or 1280 px" (docs/ui.md): every staff screen of the admin
 * navigation and the judge screen, on a phone and on a laptop, with data that makes them wide — two
 * running rounds with long names (a recall round and a final) for judge 1, who then sees two round
 * tabs. Also every button label whole, and the sidebar links clear of the "Signed in as" box.
 */
const API = '/api/v1/competitions/demo';
const JUDGE = 1;
const JUDGES = [1, 2, 3];
const DANCES = ['Waltz', 'Tango', 'Viennese Waltz'];
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const stamp = Date.now().toString(36).slice(-5);
const RECALL = `Sideways ${stamp} Championship Open Standard Recall`;
const FINAL = `Sideways ${stamp} Newcomer Standard Final`;
const events: { key: string; name: string }[] = [];

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  // 14 couples: a recall round first; 6 couples: a final straight away.
  for (const [name, couples] of [
    [RECALL, 14],
    [FINAL, 6],
  ] as const) {
    const event = await ok<{ key: string }>(
      await request.post(`${API}/events`, {
        data: { name, style: 'Standard', level: 'Gold', dances: DANCES },
      }),
    );
    events.push({ key: event.key, name });
    const ev = `${API}/events/${event.key}`;
    for (let i = 1; i <= couples; i++) {
      await ok(
        await request.post(`${ev}/entries`, {
          data: {
            leadName: `Maximilian-Alexander Lead ${i} ${stamp}`,
            followName: `Anastasia-Josephine Follow ${i} ${stamp}`,
            affiliation: 'Riverside University Ballroom Dance Association',
          },
        }),
      );
    }
    await ok(await request.put(`${ev}/panel`, { data: { officialIds: JUDGES } }));
    await ok(await request.post(`${ev}/rounds/generate`, { data: {} }));
    await ok(await request.post(`${ev}/rounds/1/start`, { data: {} }));
  }
});

test.afterAll(async ({ request }) => {
  await request.post('/api/v1/auth/login', { data: E2E_ADMIN });
  for (const { key } of events) await request.delete(`${API}/events/${key}?confirm=true`);
});

/** How far the page reaches past the window's right edge, and which button labels are cut short. */
async function overflow(page: Page): Promise<{ extra: number; cut: string[] }> {
  return page.evaluate(() => {
    const extra = document.documentElement.scrollWidth - window.innerWidth;
    // Mantine cuts a button's or a badge's label that does not fit (no wrapping).
    const cut = [...document.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Badge-label')]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.innerText.trim());
    return { extra, cut };
  });
}

/**
 * The row buttons (actions in a table's rows) that a person cannot see without scrolling: each must lie
 * wholly inside the window and inside every box around it that clips (a table that scrolls sideways).
 * Buttons folded away in a closed row menu are not drawn and not counted; the menu's button is.
 */
async function hiddenRowActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>('tbody button, tbody [role="button"]');
    for (const el of controls) {
      if (el.offsetParent === null || el.closest('[aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = (el.getAttribute('aria-label') ?? el.innerText ?? '').trim() || el.tagName;
      const where = `"${name}" (x ${Math.round(box.left)}–${Math.round(box.right)})`;
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
        hidden.push(`${where} outside the window (${window.innerWidth} px)`);
        continue;
      }
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const clip = up.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
          hidden.push(`${where} outside its box (x ${Math.round(clip.left)}–${Math.round(clip.right)})`);
          break;
        }
      }
    }
    return hidden;
  });
}

/** Waits until the screen has drawn its data: a heading, and no "Loading..." left. */
async function settled(page: Page) {
  // A screen's first visit fetches its code as well as its data: slower than a click on a busy machine.
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Loading\.*$/)).toHaveCount(0);
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  // Fonts and late layout (tables measuring themselves) settle within a frame or two.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

function expectFits(where: string, width: number, { extra, cut }: { extra: number; cut: string[] }) {
  expect.soft(extra, `${where} at ${width} px is ${extra} px wider than the window`).toBeLessThanOrEqual(0);
  expect.soft(cut, `${where} at ${width} px: labels cut off`).toEqual([]);
}

// Accounts are on the Settings screen; a screen added to the navigation is checked here too. Each
// screen opens once, on a phone, and is then widened to a laptop's window: the layout follows the
// window's width (CSS and Mantine's media queries), so one page load serves both sizes.
for (const { path, label } of adminScreens) {
  test(`${label} (${path}) does not scroll sideways at 390 px or at 1280 px`, async ({ page }) => {
    await page.setViewportSize(SIZES[0]);
    await ok(await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    // Screens that show one round take ours, with its long names and couples.
    const one = ['/admin/deckcaptain', '/admin/scrutineer'].includes(path);
    await page.goto(one ? `${path}?event=${events[0]!.key}&round=1` : path);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await settled(page);
      expectFits(`${label} (${path})`, size.width, await overflow(page));
      expect
        .soft(
          await hiddenRowActions(page),
          `${label} (${path}) at ${size.width} px: row actions out of sight`,
        )
        .toEqual([]);
      // Every staff screen at both sizes, for review.
      await shot(page, { path: `shots/no-sideways/${size.width}${path.replaceAll('/', '_')}.png` });
      // The deck captain's couples (with their buttons) lie below the fold.
      if (path === '/admin/deckcaptain')
        await shot(page.getByTestId('round-couples').locator('tbody').first(), {
          path: `shots/no-sideways/${size.width}_admin_deckcaptain_couples.png`,
        });
    }
  });
}

for (const size of SIZES) {
  test(`the judge screen with two running rounds does not scroll sideways at ${size.width} px`, async ({
    browser,
    baseURL,
  }) => {
    const admin = await playwrightRequest.newContext({ baseURL });
    await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    const { accessCode } = await ok<{ accessCode: string }>(
      await admin.post(`${API}/officials/${JUDGE}/code`),
    );
    await admin.dispose();
    const context = await browser.newContext({ viewport: size, hasTouch: true, baseURL });
    const page = await context.newPage();
    await page.goto(`/judges/${JUDGE}`);
    await page.getByLabel('Access code').fill(accessCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const rounds = page.getByRole('navigation', { name: 'Rounds' });
    for (const { name } of events) {
      const tab = rounds.getByRole('button', { name });
      await expect(tab).toBeVisible();
      // Every round reachable at a glance: no tab hidden past the edge of a strip that scrolls.
      const box = (await tab.boundingBox())!;
      expect
        .soft(box.x + box.width, `the round tab "${name}" runs off the screen`)
        .toBeLessThanOrEqual(size.width);
    }

    // The recall round, then its count question at submit.
    await rounds.getByRole('button', { name: RECALL }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(RECALL) })).toBeVisible();
    expectFits('Judge, recall round', size.width, await overflow(page));
    await page.locator('.judge-grid .judge-tile').first().click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('button', { name: 'Back to marking' })).toBeVisible();
    expectFits('Judge, recall count question', size.width, await overflow(page));
    await shot(page, {
      path: `shots/no-sideways/${size.width}_judge-recall-confirm.png`,
    });
    await page.getByRole('button', { name: 'Back to marking' }).click();

    // The final, every couple placed, then the review before sending.
    await rounds.getByRole('button', { name: FINAL }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(FINAL) })).toBeVisible();
    expectFits('Judge, final', size.width, await overflow(page));
    for (const tile of await page.locator('.judge-grid .judge-tile').all()) await tile.click();
    await page.getByRole('button', { name: 'Review' }).click();
    await expect(page.getByRole('button', { name: 'Send these places' })).toBeVisible();
    expectFits('Judge, final review', size.width, await overflow(page));
    await shot(page, { path: `shots/no-sideways/${size.width}_judge-final-review.png` });
    await context.close();
  });
}

test('at 1280 × 800 every sidebar link is in sight, clear of the "Signed in as" box', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await ok(await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin screens' });
  await shot(page, { path: 'shots/no-sideways/1280_sidebar.png' });
  const box = (await nav.getByText('Signed in as').locator('..').boundingBox())!;
  for (const { label } of adminScreens) {
    const link = nav.getByRole('link', { name: label, exact: true });
    const l = (await link.boundingBox())!;
    const where = `"${label}" link (y ${Math.round(l.y)}–${Math.round(l.y + l.height)})`;
    const overlaps = l.y < box.y + box.height && box.y < l.y + l.height;
    expect
      .soft(
        overlaps,
        `${where} lies under the box (y ${Math.round(box.y)}–${Math.round(box.y + box.height)})`,
      )
      .toBe(false);
    // In sight without scrolling: inside the window, and what is drawn at its middle is the link itself
    // (not the box, nor cut off by a scrolling part of the nav).
    expect.soft(l.y + l.height, `${where} below the window`).toBeLessThanOrEqual(800);
    const onTop = await link.evaluate(
      (a, [x, y]) => a.contains(document.elementFromPoint(x!, y!)),
      [l.x + l.width / 2, l.y + l.height / 2],
    );
    expect.soft(onTop, `${where} is hidden`).toBe(true);
  }
});
