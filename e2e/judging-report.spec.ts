import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, createEvent, ok, officialSession, shot } from './fixtures.ts';

/**
 * The chairman's report on the judging, on a laptop: a final of our own is posted with judge E
 * placing every couple the other way round; the chairman opens the report from the chairman screen,
 * finds E flagged with the reason in words, and opens the print sheet.
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2, 3, 4, 5];
const CHAIRMAN = 8;

/** The serious and critical rules axe finds broken on the page as it stands. */
async function axeProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('the chairman opens the judging report and sees the judge far from the result flagged', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const contexts: APIRequestContext[] = [];
  await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const name = `Report E2E ${Date.now()}`;
  const ev = await createEvent(
    request,
    { name, style: 'Standard', level: 'Gold', dances: ['Waltz'] },
    6,
    'Team',
  );
  try {
    const started = await ok<{ round: { couples: string[]; kind: string } }>(
      await request.post(`${ev.path}/rounds/1/start`, { data: {} }),
    );
    expect(started.round.kind).toBe('final');
    const couples = started.round.couples;
    for (const id of JUDGES) {
      const judge = await officialSession(request, baseURL, id, contexts);
      const order = id === 5 ? [...couples].reverse() : couples;
      await ok(
        await judge.put(`${ev.path}/rounds/1/marks/${id}`, {
          data: { Waltz: Object.fromEntries(order.map((c, p) => [c, p + 1])) },
        }),
      );
    }
    await ok(await request.post(`${ev.path}/rounds/1/results`, { data: {} }));
    await ok(await request.post(`${ev.path}/rounds/1/post`, { data: {} }));
    const officials = await ok<{ id: number; name: string; letter: string }[]>(
      await request.get(`${API}/officials`),
    );
    const far = officials.find((o) => o.id === 5)!;

    // The chairman, on their own laptop with their code, from the chairman screen.
    const { accessCode } = await ok<{ accessCode: string }>(
      await request.post(`${API}/officials/${CHAIRMAN}/code`),
    );
    await page.context().clearCookies();
    await page.goto('/admin/chairman');
    await page.getByLabel('Access code').fill(accessCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Chairman of judges' })).toBeVisible();
    await page.getByRole('link', { name: 'Judging report' }).click();
    await expect(page.getByRole('heading', { name: 'Report on the judging' })).toBeVisible();

    const label = far.letter ? `${far.letter} — ${far.name}` : far.name;
    await expect(page.getByTestId('flagged-summary')).toContainText(far.name);
    const section = page.getByRole('region', { name: `Judge ${label}` });
    await expect(section.getByText(/Flagged in \d+ rounds?/)).toBeVisible();
    const row = section.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('⚑ Flagged');
    await expect(row).toContainText('4 couples 2+ places away in the final');
    // A judge who agreed with the result is not flagged for this final.
    const agreed = page.getByTestId('judge-report').first().getByRole('row').filter({ hasText: name });
    await expect(agreed).toContainText('No');
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, { path: 'shots/judging-report.png', fullPage: true });

    // The print sheet: a page per judge, E's with the flag and the reason.
    await page.getByRole('link', { name: 'Print sheet' }).click();
    await expect(page.getByRole('heading', { name: 'Judging report sheet' })).toBeVisible();
    const sheet = page.getByTestId('sheet-page').filter({ hasText: far.name });
    await expect(sheet.first()).toContainText('Report on the judging');
    await expect(sheet.first()).toContainText('4 couples 2+ places away in the final');
    await expect(page.getByRole('button', { name: /^Print \d+ pages?$/ })).toBeEnabled();
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, { path: 'shots/judging-report-sheet.png', fullPage: true });
    await shot(sheet.first(), { path: 'shots/judging-report-sheet-flagged.png' });

    // On a phone the report scrolls inside its tables, never the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/chairman/judging-report');
    await expect(page.getByTestId('flagged-summary')).toBeVisible();
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBeLessThanOrEqual(0);
    await shot(page, { path: 'shots/judging-report-phone.png', fullPage: true });
  } finally {
    await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    const del = await request.delete(`${ev.path}?confirm=true`);
    for (const ctx of contexts) await ctx.dispose();
    expect(del.ok(), `cleanup: ${del.status()}`).toBe(true);
  }
});
