import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, shot, judgeSessions } from './fixtures.ts';

/**
 * The live view on a phone: a spectator keeps /live open while, elsewhere, judges mark and
 * the scrutineer posts. The page follows by itself — no reload — scrolls to what is on the floor,
 * highlights the rounds of the couple number they typed, and the live round page shows the recalled
 * couples and then the final's placings with the judges' marks.
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2, 3, 4, 5];
const DANCES = ['Waltz', 'Tango'];
const PHONE = { width: 390, height: 844 };
const PROJECTOR = { width: 1280, height: 800 };

interface MarksView {
  round: { marksPerDance: number | null; recallSize: number; couples: string[] };
}

test('/live follows the floor by itself, scrolls to the current round and finds a couple', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(PHONE);
  // The organizers' side is another "device": the spectator's page is never signed in.
  const admin = await playwrightRequest.newContext({ baseURL });
  const judgeContexts: APIRequestContext[] = [];
  const name = `Live E2E ${Date.now()}`;
  let ev = '';
  try {
    await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    const event = await ok<{ key: string }>(
      await admin.post(`${API}/events`, { data: { name, style: 'Standard', level: 'Gold', dances: DANCES } }),
    );
    ev = `${API}/events/${event.key}`;
    const numbers: number[] = [];
    for (let i = 1; i <= 9; i++) {
      const entry = await ok<{ leadNumber: number }>(
        await admin.post(`${ev}/entries`, {
          data: { leadName: `Lead${i} Live`, followName: `Follow${i} Live`, affiliation: 'E2E University' },
        }),
      );
      numbers.push(entry.leadNumber);
    }
    await ok(await admin.put(`${ev}/panel`, { data: { officialIds: JUDGES } }));
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));
    const judges = await judgeSessions(admin, baseURL, JUDGES, judgeContexts);

    // The semi-final goes on the floor: /live opens on it, far down the day's running order.
    await ok(await admin.post(`${ev}/rounds/1/start`, { data: {} }));
    await page.goto('/live');
    await page.evaluate(() => {
      (window as unknown as { liveMarker: string }).liveMarker = 'not reloaded';
    });
    const rows = page.getByTestId('live-row');
    const semi = rows.filter({ hasText: name }).filter({ hasText: 'Semi-Final' });
    const final = rows.filter({ hasText: name }).filter({ hasNotText: 'Semi' });
    await expect(page.getByTestId('on-the-floor')).toContainText(name);
    await expect(semi).toHaveAttribute('aria-current', 'true');
    await expect(semi).toContainText('On the floor');
    await expect(semi).toBeInViewport();
    await expect(rows.first()).not.toBeInViewport();
    await shot(page, { path: 'shots/live-phone.png' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, { path: 'shots/live-phone-top.png' });

    // A couple finds their rounds by number; the number is remembered on this phone.
    const mine = numbers[0]!;
    await page.getByLabel('Your couple number').fill(String(mine));
    await expect(page.locator('#live-couple-summary')).toContainText(
      `Couple ${mine} · Lead1 Live & Follow1 Live: 2 rounds`,
    );
    await expect(semi).toContainText('Your round');
    await expect(final).toContainText('Your round');
    await expect(rows.filter({ hasText: 'Your round' })).toHaveCount(2);
    await semi.scrollIntoViewIfNeeded();
    await shot(page, { path: 'shots/live-phone-couple.png' });

    // A second tab on the semi-final's result, before it is posted.
    const resultPage = await context.newPage();
    await resultPage.setViewportSize(PHONE);
    await resultPage.goto(`/live/${event.key}/1`);
    await expect(resultPage.getByTestId('not-posted')).toContainText('Not posted yet');
    await expect(resultPage.getByRole('link', { name: 'Back to the live schedule' })).toBeVisible();

    // Judges mark from their tablets; the scrutineer computes and posts (all through the API).
    const semiMarks = await ok<MarksView>(await admin.get(`${ev}/rounds/1/marks`));
    const wanted = semiMarks.round.marksPerDance ?? semiMarks.round.recallSize;
    const through = semiMarks.round.couples.slice(0, wanted);
    for (const id of JUDGES) {
      await ok(
        await judges.get(id)!.put(`${ev}/rounds/1/marks/${id}`, { data: { Waltz: through, Tango: through } }),
      );
    }
    await ok(await admin.post(`${ev}/rounds/1/results`, { data: {} }));
    // Computed, not posted: nothing tells the public page, which still shows it on the floor.
    await expect(semi).toContainText('On the floor');
    await ok(await admin.post(`${ev}/rounds/1/post`, { data: {} }));

    // /live changed by itself: the semi-final is posted and links to its result; the final waits,
    // coming up, and is not on the floor until it is started. With nothing on the floor, what comes
    // next is the day's first round still to come (the semi-final was danced out of its turn, far
    // down the running order): the demo's first round, as every screen says.
    await expect(semi).toContainText('Results posted');
    await expect(semi.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    await expect(rows.first()).toHaveAttribute('aria-current', 'true');
    await expect(final).not.toHaveAttribute('aria-current', 'true');
    await expect(final).toContainText('Coming up');
    await expect(page.getByTestId('on-the-floor').filter({ hasText: name })).toHaveCount(0);
    await ok(await admin.post(`${ev}/rounds/2/start`, { data: {} }));
    await expect(page.getByTestId('on-the-floor')).toContainText('Final');
    await expect(final).toContainText('On the floor');
    await expect(final).toHaveAttribute('aria-current', 'true');
    await expect(final).toBeInViewport();
    // The couple's number stays and still marks both rounds (they were recalled).
    await expect(rows.filter({ hasText: 'Your round' })).toHaveCount(2);

    // The result tab filled in by itself: recalled couples by number, with names.
    const recalled = resultPage.getByTestId('recalled');
    await expect(recalled.getByRole('listitem')).toHaveCount(through.length);
    const sorted = [...through].sort((a, b) => Number(a) - Number(b));
    await expect(recalled.getByRole('listitem').first()).toContainText(sorted[0]!);
    await expect(recalled).toContainText(`Lead1 Live & Follow1 Live`);
    await shot(resultPage, { path: 'shots/live-round-recall-phone.png', fullPage: true });

    // The final: each judge places the finalists; computed and posted.
    const finalists = (await ok<MarksView>(await admin.get(`${ev}/rounds/2/marks`))).round.couples;
    for (const [j, id] of JUDGES.entries()) {
      const places = (shift: number) =>
        Object.fromEntries(finalists.map((c, i) => [c, ((i + shift) % finalists.length) + 1]));
      await ok(
        await judges.get(id)!.put(`${ev}/rounds/2/marks/${id}`, {
          data: { Waltz: places(j < 3 ? 0 : 1), Tango: places(j < 4 ? 0 : 2) },
        }),
      );
    }
    await resultPage.goto(`/live/${event.key}/2`);
    await expect(resultPage.getByTestId('not-posted')).toBeVisible();
    await ok(await admin.post(`${ev}/rounds/2/results`, { data: {} }));
    await ok(await admin.post(`${ev}/rounds/2/post`, { data: {} }));
    const placings = resultPage.getByTestId('placings').getByRole('listitem');
    await expect(placings).toHaveCount(finalists.length);
    // Everyone but two judges put the first finalist first.
    await expect(placings.first()).toContainText(`1st${finalists[0]}`);
    await expect(placings.nth(1)).toContainText('2nd');
    await expect(resultPage.getByTestId('marks-Waltz').getByRole('columnheader')).toHaveCount(
      JUDGES.length + 2,
    );
    await expect(resultPage.getByTestId('marks-total')).toBeVisible();
    await shot(resultPage, { path: 'shots/live-round-final-phone.png', fullPage: true });

    await expect(final).toContainText('Results posted');
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe(
      'not reloaded',
    );

    // Projector mode on a wide screen.
    await resultPage.setViewportSize(PROJECTOR);
    await resultPage.getByRole('button', { name: 'Full screen' }).click();
    await expect(resultPage.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
    await shot(resultPage, { path: 'shots/live-round-final-projector.png' });
    await page.setViewportSize(PROJECTOR);
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
    await shot(page, { path: 'shots/live-projector.png' });

    // The number is kept in the browser.
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByLabel('Your couple number')).toHaveValue(String(mine));
    await expect(rows.filter({ hasText: 'Your round' })).toHaveCount(2);
  } finally {
    for (const ctx of judgeContexts) await ctx.dispose();
    if (ev) {
      const del = await admin.delete(`${ev}?confirm=true`);
      expect(del.ok(), `cleanup: ${del.status()}`).toBe(true);
    }
    await admin.dispose();
  }
});

test('a live round link to an unknown round says so', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/live/no-such-event/1');
  await expect(page.getByTestId('round-not-found')).toContainText('There is no such event');
  await page.getByRole('link', { name: 'Back to the live schedule' }).click();
  await expect(page).toHaveURL(/\/live$/);
  await expect(page.getByRole('list', { name: 'Running order' })).toBeVisible();
});
