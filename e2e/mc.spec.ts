import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, shot } from './fixtures.ts';

/**
 * The MC's screen on an event of its own: open without sign-in, it shows the recalls the
 * moment the scrutineer posts them (number order), then the final placings read from last to first
 * one line at a time, and the award list; the same board sits in the admin area at /admin/results.
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2, 3, 4, 5];

test('the MC sees recalls live, then steps through the final from last place to first', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const contexts: APIRequestContext[] = [];
  const newContext = async () => {
    const ctx = await playwrightRequest.newContext({ baseURL });
    contexts.push(ctx);
    return ctx;
  };
  const admin = await newContext();
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const name = `MC E2E ${Date.now()}`;
  const event = await ok<{ key: string }>(
    await admin.post(`${API}/events`, { data: { name, style: 'Latin', level: 'Gold', dances: ['ChaCha'] } }),
  );
  const ev = `${API}/events/${event.key}`;
  try {
    // Nine couples → Semi-Final (recall 7) and Final.
    for (let i = 1; i <= 9; i++) {
      await ok(
        await admin.post(`${ev}/entries`, {
          data: { leadName: `Lead${i}`, followName: `Follow${i}`, affiliation: `Team ${i}` },
        }),
      );
    }
    await ok(await admin.put(`${ev}/panel`, { data: { officialIds: JUDGES } }));
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));
    // First in the running order, ahead of the demo's day: its final is what comes next once the
    // semi-final is posted (the demo's rounds before it would otherwise come first).
    for (const n of [1, 2])
      await ok(await admin.patch(`${ev}/rounds/${n}`, { data: { scheduleIndex: 0.1 * n } }));
    const judges = new Map<number, APIRequestContext>();
    for (const id of JUDGES) {
      const { accessCode } = await ok<{ accessCode: string }>(
        await admin.post(`${API}/officials/${id}/code`),
      );
      const ctx = await newContext();
      await ok(await ctx.post(`${API}/officials/${id}/session`, { data: { code: accessCode } }));
      judges.set(id, ctx);
    }

    // The MC opens the screen with no sign-in, before anything of this event is posted.
    await page.goto('/admin/mc');
    await expect(page.getByTestId('mc-coming-up')).toContainText('Coming up');
    await ok(await admin.post(`${ev}/rounds/1/start`, { data: {} }));
    await expect(page.getByTestId('mc-coming-up')).toContainText(name);

    const couples = (await ok<{ round: { couples: string[] } }>(await admin.get(`${ev}/rounds/1/marks`)))
      .round.couples;
    // Every judge recalls the same seven, listed out of number order: no tie.
    const recalled = [
      couples[6]!,
      couples[0]!,
      couples[5]!,
      couples[1]!,
      couples[4]!,
      couples[2]!,
      couples[3]!,
    ];
    for (const id of JUDGES) {
      await ok(await judges.get(id)!.put(`${ev}/rounds/1/marks/${id}`, { data: { ChaCha: recalled } }));
    }
    await ok(await admin.post(`${ev}/rounds/1/results`, { data: {} }));
    await ok(await admin.post(`${ev}/rounds/1/post`, { data: {} }));

    // Live: the recall appears without a reload, numbers in number order.
    const recall = page.getByTestId('mc-recall');
    await expect(recall).toContainText(`The following couples are recalled to the Final of ${name}:`);
    const inOrder = [...recalled].sort((a, b) => Number(a) - Number(b));
    await expect(recall.getByTestId('mc-recalled')).toHaveText(inOrder.join(''));
    await shot(page, { path: 'shots/mc-recall.png' });

    // Posting did not start the final: the MC sees it coming up, not on the floor, until it is started.
    const onFloor = page.getByTestId('mc-on-floor').filter({ hasText: name });
    await expect(page.getByTestId('mc-coming-up')).toContainText(`${name}Final · 7 couples`);
    await expect(onFloor).toHaveCount(0);
    await ok(await admin.post(`${ev}/rounds/2/start`, { data: {} }));
    await expect(onFloor).toContainText(`${name}Final · 7 couples`);

    // The final: every judge places the seven in the same order, so couples[0] wins … couples[6] is 7th.
    const finalists = (await ok<{ round: { couples: string[] } }>(await admin.get(`${ev}/rounds/2/marks`)))
      .round.couples;
    expect(finalists).toHaveLength(7);
    const places = Object.fromEntries(finalists.map((c, i) => [c, i + 1]));
    for (const id of JUDGES) {
      await ok(await judges.get(id)!.put(`${ev}/rounds/2/marks/${id}`, { data: { ChaCha: places } }));
    }
    await ok(await admin.post(`${ev}/rounds/2/results`, { data: {} }));
    await ok(await admin.post(`${ev}/rounds/2/post`, { data: {} }));

    const script = page.getByTestId('mc-placings');
    await expect(script).toContainText(`Final of ${name}`);
    const lines = script.getByTestId('mc-line');
    await expect(lines).toHaveCount(7);
    const current = script.locator('[aria-current="step"]');
    const last = finalists[6]!;
    const lead = (c: string) => `Lead${couples.indexOf(c) + 1} and Follow${couples.indexOf(c) + 1}`;
    await expect(current).toHaveText(
      `In 7th place, couple ${last}, ${lead(last)}, Team ${couples.indexOf(last) + 1}`,
    );
    await expect(lines.first()).toHaveText(/^In 7th place/);
    await expect(lines.last()).toHaveText(new RegExp(`^In 1st place, couple ${finalists[0]}`));

    // One line at a time: the Next button, then the keyboard.
    await script.getByRole('button', { name: 'Next →' }).click();
    await expect(current).toHaveText(new RegExp(`^In 6th place, couple ${finalists[5]}`));
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveText(new RegExp(`^In 5th place, couple ${finalists[4]}`));
    await page.keyboard.press('ArrowLeft');
    await expect(current).toHaveText(/^In 6th place/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(script.getByTestId('mc-line-count')).toHaveText('Line 4 of 7');
    await shot(page, { path: 'shots/mc-placings.png' });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await shot(page, { path: 'shots/mc-placings-projector.png' });

    // The award list: places 1 to 6 with names and team.
    await page.getByText('Awards (', { exact: false }).click();
    const award = page.getByTestId('mc-award').filter({ hasText: name });
    await expect(award.getByRole('row')).toHaveCount(7);
    await expect(award.getByRole('row').nth(1)).toContainText(`1st${finalists[0]}${lead(finalists[0]!)}`);
    await shot(page, { path: 'shots/mc-awards-projector.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, { path: 'shots/mc-awards.png' });

    // The same board inside the admin area.
    await ok(await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    await page.goto('/admin/results');
    await expect(page.getByRole('heading', { name: 'Results (MC)' })).toBeVisible();
    await expect(page.getByTestId('mc-placings')).toContainText(`Final of ${name}`);
    await shot(page, { path: 'shots/admin-results.png' });
  } finally {
    const del = await admin.delete(`${ev}?confirm=true`);
    for (const ctx of contexts) await ctx.dispose();
    expect(del.ok(), `cleanup: ${del.status()}`).toBe(true);
  }
});
