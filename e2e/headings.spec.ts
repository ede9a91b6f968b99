import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, shot } from './fixtures.ts';

/**
 * Every public and staff screen says what it is: exactly one h1 (a screen reader's "what page is
 * this", and the projector's and MC's too) and a tab title naming the screen, not the bare
 * "Promenade". The staff sidebar lists every admin screen, People included.
 */
const PUBLIC = ['/', '/competitions', '/live', '/live/display', '/results', '/register', '/admin/mc'];
const STAFF = [
  '/admin',
  '/admin/people',
  '/admin/eventschedule',
  '/admin/competitors',
  '/admin/officials',
  '/admin/setup',
  '/admin/settings',
  '/admin/scrutineer',
  '/admin/chairman',
  '/admin/deckcaptain',
];

/** The page once its data is in (no skeleton, no "Loading"): its h1 texts and its tab title. */
async function headings(page: Page, path: string): Promise<{ h1: string[]; title: string }> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^Promenade$/);
  const h1 = await page.locator('h1').allTextContents();
  // For review: the dashboard's round states with their legend, the MC and the projector.
  const name = { '/admin': 'dashboard', '/admin/mc': 'mc', '/live/display': 'display' }[path];
  if (name) await shot(page, { path: `shots/headings-${name}-1280.png`, fullPage: true });
  return { h1, title: await page.title() };
}

test('one h1 and a title naming the screen on every public and staff screen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const found: Record<string, { h1: string[]; title: string }> = {};
  for (const path of PUBLIC) found[path] = await headings(page, path);
  await ok(await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  for (const path of STAFF) found[path] = await headings(page, path);
  for (const [path, { h1 }] of Object.entries(found))
    expect(h1, `${path}: ${h1.join(' | ')}`).toHaveLength(1);
  expect(found['/admin/people']!.title).toMatch(/^People · /);
  expect(found['/admin/mc']!.title).toMatch(/^MC · /);
  expect(found['/live/display']!.title).toMatch(/^Display · /);
});

test('the admin sidebar lists People, and it opens the people screen', async ({ page }) => {
  await ok(await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin');
  const sidebar = page.getByRole('navigation', { name: 'Admin screens' });
  await sidebar.getByRole('link', { name: 'People', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/people$/);
  await expect(page.getByRole('heading', { level: 1, name: 'People across competitions' })).toBeVisible();
  await expect(page).toHaveTitle(/^People · /);
});
