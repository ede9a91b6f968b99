import { expect, request as playwrightRequest } from '@playwright/test';
import { test } from './support/test.ts';
import { adminScreens } from '../src/web/pages/admin/adminScreens.ts';
import { E2E_ADMIN, ok, shot } from './fixtures.ts';
import {
  LAPTOP,
  PHONE,
  expectFits,
  hiddenRowActions,
  namesItself,
  overflow,
  settled,
  titles,
  violations,
} from './support/screens.ts';

/**
 * "No page scrolls sideways, at 390 px or 1280 px" (docs/ui.md): every staff screen of the admin
 * navigation and the judge screen, on a phone and on a laptop, with data that makes them wide — two
 * running rounds with long names (a recall round and a final) for judge 1, who then sees two round
 * tabs. Also every button label whole, and the sidebar links clear of the "Signed in as" box. On the
 * same loads of the staff screens, their accessibility (axe-core: no serious or critical violation)
 * and their names (one h1, a tab title); the public site's and the judge's: a11y.spec.ts.
 */
const API = '/api/v1/competitions/demo';
const JUDGE = 1;
const JUDGES = [1, 2, 3];
const DANCES = ['Waltz', 'Tango', 'Viennese Waltz'];
const SIZES = [PHONE, LAPTOP] as const;
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

// Every staff screen of the admin navigation, in three parts (each has the whole time limit: axe takes
// several seconds a screen when both test workers are busy). Accounts are on the Settings screen; a
// screen added to the navigation is checked here too. Each screen opens once, on a phone, and is then
// widened to a laptop's window: the layout follows the window's width (CSS and Mantine's media
// queries), so one page load serves both sizes. axe reads the laptop's layout, and the phone's too on
// the floor's screens (carried on a tablet or a phone at the floor).
const FLOOR = ['/admin/scrutineer', '/admin/deckcaptain', '/admin/chairman', '/admin/mc'];
const third = Math.ceil(adminScreens.length / 3);
// German words are long: the same sweep runs with the browser in German (docs/i18n.md).
for (const locale of ['en-US', 'de-DE'] as const)
  test.describe(locale, () => {
    test.use({ locale });
    for (const screens of [0, 1, 2].map((i) => adminScreens.slice(i * third, (i + 1) * third)))
      test(`staff screens ${screens[0]!.path} to ${screens.at(-1)!.path} in ${locale}: no sideways scrolling, no serious axe violation, one h1 and a title`, async ({
        page,
      }) => {
        test.setTimeout(240_000);
        await ok(await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
        for (const { path, label } of screens) {
          await page.setViewportSize(PHONE);
          // Screens that show one round take ours, with its long names and couples.
          const one = ['/admin/deckcaptain', '/admin/scrutineer'].includes(path);
          await page.goto(one ? `${path}?event=${events[0]!.key}&round=1` : path);
          for (const size of SIZES) {
            await page.setViewportSize(size);
            await settled(page);
            const where = `${label} (${path})`;
            expectFits(where, size.width, await overflow(page));
            expect
              .soft(await hiddenRowActions(page), `${where} at ${size.width} px: row actions out of sight`)
              .toEqual([]);
            if (size === LAPTOP || FLOOR.includes(path))
              expect.soft(await violations(page), `${where} at ${size.width} px`).toEqual([]);
            // Every staff screen at both sizes, for review.
            await shot(page, {
              path: `shots/no-sideways/${locale === 'en-US' ? '' : `${locale}_`}${size.width}${path.replaceAll('/', '_')}.png`,
            });
            // The deck captain's couples (with their buttons) lie below the fold.
            if (path === '/admin/deckcaptain')
              await shot(page.getByTestId('round-couples').locator('tbody').first(), {
                path: `shots/no-sideways/${size.width}_admin_deckcaptain_couples.png`,
              });
          }
          await namesItself(page, path);
        }
        if (locale !== 'en-US') return;
        if (titles.has('/admin/people')) expect(titles.get('/admin/people')).toMatch(/^People · /);
        if (titles.has('/admin/mc')) expect(titles.get('/admin/mc')).toMatch(/^MC · /);
      });
  });

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

test('at 1280 × 800 every sidebar link is in sight, clear of the "Signed in as" box, and opens its screen', async ({
  page,
}) => {
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
  // A link takes its screen: People, the last one a site administrator gets.
  await nav.getByRole('link', { name: 'People', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/people$/);
  await expect(page.getByRole('heading', { level: 1, name: 'People across competitions' })).toBeVisible();
  await expect(page).toHaveTitle(/^People · /);
});
