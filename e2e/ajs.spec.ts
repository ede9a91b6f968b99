import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, restoreCompetition, shot } from './fixtures.ts';
import { scoreTo, signInJudge } from './ajsSteps.ts';

/**
 * WDSF AJS 3.0 (docs/ajs.md): the organizer creates an event on the events screen
 * and chooses AJS for its final; the officials screen shows the panel split. Two judges
 * (the default split: the first scores TQ + PS, the second MM + CP) score four couples on their
 * tablets — one on a phone, one couple at a time; one on a tablet, all couples as a grid — and send
 * each dance (receipt shown). The scrutineer computes and posts; /results shows each couple's
 * component scores and totals. The event is our own (unique name) and deleted at the end.
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2];
const stamp = `E2EA${Date.now().toString(36).slice(-5)}`;

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Couple i of the four: 9, 8.5, 8, 7.5 (the second judge's Tango lifts the last couple to 9.75). */
const base = (i: number) => 9 - i * 0.5;

test('an AJS final from the judges’ tablets to the results page', async ({ browser, page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const admin = page.request;
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  // The organizer creates the event on the events screen and chooses AJS for its final.
  await page.goto('/admin/setup/events');
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByLabel('Event name').fill(`${stamp} Standard`);
  await pick(page, dialog, 'Level', 'Open');
  for (const d of ['Waltz', 'Tango']) await dialog.getByLabel(d, { exact: true }).check();
  await pick(page, dialog, 'Scoring system', 'WDSF AJS 3.0 (judges score components, 1–10)');
  await expect(dialog.getByRole('textbox', { name: 'Rounds scored under AJS' })).toHaveValue('1');
  // The tolerance by the competition's grade, or another value (docs/ajs.md): here the Open's 1.5.
  const tolerance = dialog.getByRole('textbox', { name: 'Tolerance' });
  await expect(tolerance).toHaveValue('Open and other competitions — 1.5');
  await pick(page, dialog, 'Tolerance', 'Another value (0.5–3)');
  await expect(dialog.getByRole('textbox', { name: 'Another value' })).toHaveValue('1.5');
  await shot(page, { path: 'shots/ajs-event-form-tolerance-1280.png' });
  await pick(page, dialog, 'Tolerance', 'Open and other competitions — 1.5');
  await expect(dialog.getByRole('textbox', { name: 'Another value' })).toHaveCount(0);
  await shot(page, { path: 'shots/ajs-event-form-1280.png' });
  await dialog.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const event = (
    await ok<{ key: string; name: string; scoringSystem: string }[]>(await admin.get(`${API}/events`))
  ).find((e) => e.name === `${stamp} Standard`)!;
  expect(event.scoringSystem).toBe('ajs');
  const ev = `${API}/events/${event.key}`;
  const contexts = [];
  try {
    const first = 7000 + Math.floor(Math.random() * 2000);
    const couples = [0, 1, 2, 3].map((i) => String(first + i * 3));
    for (const n of couples)
      await ok(
        await admin.post(`${API}/entries/adhoc`, { data: { eventKey: event.key, leadNumber: Number(n) } }),
      );
    await ok(await admin.put(`${ev}/panel`, { data: { officialIds: JUDGES } }));
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));
    await ok(await admin.post(`${ev}/rounds/1/start`, { data: {} }));
    // The organizer's officials screen shows the panel's default split into the two groups.
    await page.goto('/admin/officials');
    const split = page.getByRole('table', { name: `${stamp} Standard: judges' components` });
    await expect(split.getByRole('textbox', { name: /^A .* scores$/ })).toHaveValue('TQ + PS');
    await expect(split.getByRole('textbox', { name: /^B .* scores$/ })).toHaveValue('MM + CP');
    await split.scrollIntoViewIfNeeded();
    await shot(page, { path: 'shots/ajs-officials-split-1280.png' });
    const code = async (id: number) =>
      (await ok<{ accessCode: string }>(await admin.post(`${API}/officials/${id}/code`, { data: {} })))
        .accessCode;

    // Judge 1 on a phone: one couple at a time, TQ and PS (a final's Waltz and Tango: separate scores).
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    contexts.push(phone);
    const j1 = await phone.newPage();
    await signInJudge(j1, JUDGES[0]!, await code(JUDGES[0]!), stamp);
    await expect(
      j1.getByText(/You score TQ \+ PS \(Technical quality and Partnering skills\)/),
    ).toBeVisible();
    for (const dance of ['Waltz', 'Tango']) {
      await j1.getByRole('button', { name: dance, exact: true }).click();
      await expect(j1.getByText('0 of 4 couples scored')).toBeVisible();
      for (const [i, c] of couples.entries()) {
        await j1.getByRole('navigation', { name: 'Couples' }).getByRole('button', { name: c }).click();
        await expect(j1.getByText(`Couple ${c}`, { exact: true })).toBeVisible();
        await scoreTo(j1, c, 'TQ', base(i));
        await scoreTo(j1, c, 'PS', base(i));
      }
      await expect(j1.getByText('4 of 4 couples scored')).toBeVisible();
      if (dance === 'Waltz') await shot(j1, { path: 'shots/ajs-judge-one-couple-390.png' });
      await j1.getByRole('button', { name: 'Review' }).click();
      await expect(j1.getByText(`${couples[0]}: TQ 9.00 · PS 9.00`)).toBeVisible();
      await j1.getByRole('button', { name: 'Send these scores' }).click();
      await expect(j1.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible();
      await expect(j1.getByTestId('judge-receipt')).toHaveText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    }
    await shot(j1, { path: 'shots/ajs-judge-receipt-390.png' });

    // Judge 2 on a tablet: every couple at once, MM and CP.
    const tab = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    contexts.push(tab);
    const j2 = await tab.newPage();
    await signInJudge(j2, JUDGES[1]!, await code(JUDGES[1]!), stamp);
    await expect(
      j2.getByText(/You score MM \+ CP \(Movement to music and Choreography and presentation\)/),
    ).toBeVisible();
    await expect(j2.getByRole('button', { name: 'All couples' })).toHaveAttribute('aria-pressed', 'true');
    for (const dance of ['Waltz', 'Tango']) {
      // The Wi-Fi drops before the Tango: the scores wait on the tablet, through a reload, and go
      // when the network is back (the marking screen's outbox).
      const offline = dance === 'Tango';
      if (offline) await tab.setOffline(true);
      await j2.getByRole('button', { name: dance, exact: true }).click();
      for (const [i, c] of couples.entries()) {
        const v = dance === 'Tango' && i === 3 ? 9.75 : base(i);
        await scoreTo(j2, c, 'MM', v);
        await scoreTo(j2, c, 'CP', v);
      }
      if (dance === 'Waltz') await shot(j2, { path: 'shots/ajs-judge-grid-1024.png', fullPage: true });
      await j2.getByRole('button', { name: 'Review' }).click();
      await j2.getByRole('button', { name: 'Send these scores' }).click();
      if (offline) {
        const waiting = j2.getByText('Saved on this device — sending when the network is back');
        await expect(waiting).toBeVisible();
        await j2.reload();
        await expect(j2.getByRole('heading', { name: new RegExp(stamp) })).toBeVisible();
        await j2.getByRole('button', { name: 'Tango', exact: true }).click();
        await expect(j2.getByText('4 of 4 couples scored')).toBeVisible();
        await expect(waiting).toBeVisible();
        await shot(j2, { path: 'shots/ajs-judge-offline-1024.png' });
        await tab.setOffline(false);
      }
      await expect(j2.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible({
        timeout: 15_000,
      });
      await expect(j2.getByTestId('judge-receipt')).toHaveText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    }

    // The scrutineer's screen shows each judge's component scores and both judges' receipts.
    await page.goto(`/admin/scrutineer?event=${event.key}&round=1`);
    await expect(page.getByTestId('marks-table')).toContainText('TQ 9 PS 9');
    await expect(page.getByTestId('marks-table')).toContainText('MM 9.75 CP 9.75');
    await expect(page.getByTestId('mark-history').getByRole('row')).toHaveCount(5);
    await shot(page, { path: 'shots/ajs-scrutineer-1280.png', fullPage: true });

    // The scrutineer computes and posts the final.
    const computed = await ok<{
      placements: Record<string, number>;
      ajs: { totals: Record<string, number> };
    }>(await admin.post(`${ev}/rounds/1/results`, { data: {} }));
    // Waltz: 4 × base each; Tango: the last couple's MM and CP are 9.75 → 7.5 + 7.5 + 9.75 + 9.75.
    expect(computed.ajs.totals).toEqual({
      [couples[0]!]: 72,
      [couples[1]!]: 68,
      [couples[2]!]: 64,
      [couples[3]!]: 64.5,
    });
    expect(computed.placements).toEqual({
      [couples[0]!]: 1,
      [couples[1]!]: 2,
      [couples[2]!]: 4,
      [couples[3]!]: 3,
    });
    await ok(await admin.post(`${ev}/rounds/1/post`, { data: {} }));

    // The printed results sheet carries the component scores; the judges' sheets ask for them.
    await page.goto(`/print-sheets?kind=results&scope=event&event=${event.key}&paper=A4`);
    await expect(page.getByTestId('print-summary')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('ajs-totals')).toContainText('64.50');
    await expect(page.getByTestId('ajs-tolerance')).toContainText('tolerance 1.5');
    await shot(page, { path: 'shots/ajs-print-results-1280.png', fullPage: true });
    await page.goto(`/print-sheets?kind=judge&scope=round&event=${event.key}&round=${event.key}-R1&paper=A4`);
    await expect(page.getByTestId('print-summary')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('columnheader', { name: 'Waltz TQ' }).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Tango CP' }).first()).toBeVisible();
    await shot(page, { path: 'shots/ajs-print-judge-1280.png', fullPage: true });

    // The public results page (shown for this test): placings and the component scores.
    await ok(await admin.patch(API, { data: { resultsPageShown: true } }));
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(visitor);
    const pub = await visitor.newPage();
    await pub.goto(`/c/demo/results/${event.key}`);
    const totals = pub.getByTestId('ajs-totals');
    await expect(totals).toBeVisible();
    const row = totals.getByRole('row', { name: new RegExp(`^${couples[3]}`) });
    // Totals to two decimals, and the tolerance the result was scored with.
    await expect(row).toContainText('17.25'); // MM: 7.5 + 9.75
    await expect(row).toContainText('64.50');
    await expect(pub.getByTestId('ajs-tolerance')).toContainText('tolerance 1.5');
    await expect(row).toContainText('3rd');
    await expect(pub.getByRole('region', { name: 'Tango component scores' })).toContainText('34.50');
    await shot(pub, { path: 'shots/ajs-results-390.png', fullPage: true });
  } finally {
    for (const c of contexts) await c.close();
    await restoreCompetition(admin, { resultsPageShown: false });
    await admin.delete(`${ev}?confirm=true`);
  }
});
