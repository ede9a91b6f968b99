import { expect, test } from '@playwright/test';
import { ok, openSignedIn, restoreSettings } from './fixtures.ts';

test.describe('the record (issue 18)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an admin verifies the audit trail from Settings and is told how many entries are intact', async ({
    page,
  }) => {
    await openSignedIn(page, '/admin/settings');
    // An audited change first, so the trail is not empty.
    await restoreSettings(page.request, { showScheduleIndex: true });
    await restoreSettings(page.request, { showScheduleIndex: false });
    const verdict = await ok<{ ok: boolean; records: number }>(
      await page.request.get('/api/v1/competitions/demo/audit/verify'),
    );
    expect(verdict.ok).toBe(true);
    await page.getByRole('button', { name: 'Verify the record' }).click();
    await expect(page.getByText(/^The record is intact: \d+ entries\.$/)).toBeVisible();
    const shown = await page.getByText(/^The record is intact: \d+ entries\.$/).textContent();
    expect(Number(/(\d+)/.exec(shown ?? '')![1])).toBeGreaterThanOrEqual(verdict.records);
  });
});
