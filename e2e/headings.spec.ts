import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok } from './fixtures.ts';

/** The staff sidebar lists every admin screen, People included (the screens' h1 and titles: a11y.spec.ts). */
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
