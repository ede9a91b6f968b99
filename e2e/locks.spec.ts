import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, shot } from './fixtures.ts';

/**
 * Marks locked and receipted: a judge submits a dance on the tablet and sees its
 * receipt; changing the submitted dance is refused (ask the chairman); the chairman unlocks it on the
 * chairman's screen with a reason; the judge changes it; the two receipts differ and both are in the
 * scrutineer's mark history. The event is our own (unique name) and deleted at the end.
 */
const API = '/api/v1/competitions/demo';
const JUDGE = 1;
const CHAIRMAN = 8;
const stamp = `E2EL${Date.now().toString(36).slice(-5)}`;

const tiles = (page: Page) => page.locator('.judge-grid .judge-tile');

test('a submitted dance is locked until the chairman unlocks it; each version has its receipt', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const admin = page.request;
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const event = await ok<{ key: string }>(
    await admin.post(`${API}/events`, {
      data: { name: `${stamp} Latin`, style: 'Latin', level: 'Gold', dances: ['Rumba', 'ChaCha'] },
    }),
  );
  const ev = `${API}/events/${event.key}`;
  const contexts = [];
  try {
    const base = 7000 + Math.floor(Math.random() * 2000);
    for (let i = 0; i < 12; i++)
      await ok(
        await admin.post(`${API}/entries/adhoc`, { data: { eventKey: event.key, leadNumber: base + i * 3 } }),
      );
    await ok(await admin.put(`${ev}/panel`, { data: { officialIds: [JUDGE] } }));
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));
    await ok(await admin.post(`${ev}/rounds/1/start`, { data: {} }));
    const code = async (id: number) =>
      (await ok<{ accessCode: string }>(await admin.post(`${API}/officials/${id}/code`, { data: {} })))
        .accessCode;

    // The judge's tablet (a phone-sized one).
    const tablet = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    contexts.push(tablet);
    const judge = await tablet.newPage();
    await judge.goto(`/judges/${JUDGE}`);
    await judge.getByLabel('Access code').fill(await code(JUDGE));
    await judge.getByRole('button', { name: 'Sign in' }).click();
    const ours = judge.getByRole('button', { name: new RegExp(stamp) });
    if (await ours.isVisible().catch(() => false)) await ours.click();
    await expect(judge.getByRole('heading', { name: new RegExp(stamp) })).toBeVisible();
    await judge.getByRole('button', { name: 'Rumba', exact: true }).click();
    const wanted = Number((await judge.getByText(/^0 of \d+ marked/).innerText()).match(/of (\d+)/)![1]);
    const unmarked = tiles(judge).and(judge.locator('[aria-pressed="false"]'));
    for (let i = 0; i < wanted; i++) await unmarked.first().click();
    await judge.getByRole('button', { name: 'Submit' }).click();
    await expect(judge.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible();
    const receipt = judge.getByTestId('judge-receipt');
    await expect(receipt).toHaveText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const first = await receipt.innerText();
    await shot(judge, { path: 'shots/locks-judge-receipt-390.png' });

    // The judge changes the submitted dance: refused, told to ask the chairman.
    await unmarked.last().click();
    await tiles(judge).and(judge.locator('[aria-pressed="true"]')).first().click();
    await judge.getByRole('button', { name: 'Submit' }).click();
    await expect(judge.getByText(/Not accepted: .*locked\. Ask the chairman/)).toBeVisible();
    await shot(judge, { path: 'shots/locks-judge-refused-390.png' });

    // The chairman unlocks the Rumba on their screen, with a reason.
    const chair = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(chair);
    const chairman = await chair.newPage();
    await chairman.goto('/admin/chairman');
    await chairman.getByLabel('Access code').fill(await code(CHAIRMAN));
    await chairman.getByRole('button', { name: 'Sign in' }).click();
    const unlock = chairman.getByTestId(`chair-unlock-${event.key}-1`);
    await expect(unlock).toBeVisible({ timeout: 10_000 });
    await unlock.getByRole('textbox', { name: 'Judge' }).click();
    await chairman.getByRole('listbox').getByRole('option').first().click();
    await unlock.getByLabel('Rumba').check();
    await unlock.getByLabel(/Reason/).fill('Judge tapped the wrong couple');
    await unlock.scrollIntoViewIfNeeded();
    await shot(chairman, { path: 'shots/locks-chairman-unlock-1280.png' });
    await unlock.getByRole('button', { name: 'Unlock' }).click();
    await expect(chairman.getByText(/may change Rumba/)).toBeVisible();
    // The tablet learns of it from the live feed, without a reload.
    await expect(judge.getByText(/Unlocked by the chairman/)).toBeVisible();

    // The judge sends the change again: accepted, a new receipt.
    await judge.getByRole('button', { name: 'Submit' }).click();
    await expect(judge.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible();
    await expect(receipt).not.toHaveText(first);
    const second = await receipt.innerText();

    // Both versions with their receipts in the scrutineer's mark history.
    await page.goto(`/admin/scrutineer?event=${event.key}&round=1`);
    const history = page.getByTestId('mark-history');
    await expect(history).toContainText(first);
    await expect(history).toContainText(second);
    await expect(history.getByRole('row')).toHaveCount(3);

    // The judge's printed sheet, printed by the scrutineer, carries the Rumba's current receipt.
    await page.goto(`/print-sheets?kind=judge&scope=round&event=${event.key}&round=${event.key}-R1`);
    // Cha Cha before Rumba (the Latin order); the Cha Cha was not sent, so its box is left to write in.
    await expect(page.getByTestId('sheet-receipt')).toHaveText(['', second]);
    await page.getByTestId('sheet-receipt').last().scrollIntoViewIfNeeded();
    await shot(page, { path: 'shots/locks-judge-sheet-1280.png' });

    // WDSF certification 1.1: the organizer lets only the chairman open locked marks (Setup), and the
    // scrutineer's paper entry over the judge's locked Rumba is then refused as well.
    await page.goto('/admin/setup');
    const chairmanOnly = page.getByRole('switch', { name: /Only the chairman opens locked marks/ });
    await chairmanOnly.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('No unsaved changes')).toBeVisible();
    await page.reload();
    await expect(chairmanOnly).toBeChecked();
    // The paper sheet says one other couple than the tablet sent.
    const stored = await ok<{ marks: Record<string, Record<string, { value: string[] }>> }>(
      await admin.get(`${ev}/rounds/1/marks`),
    );
    const sent = stored.marks.Rumba![String(JUDGE)]!.value;
    const floorCouples = await ok<{ couples: { coupleNumber: string }[] }>(
      await admin.get(`${ev}/rounds/1/couples`),
    );
    const outside = floorCouples.couples.map((c) => c.coupleNumber).find((n) => !sent.includes(n))!;
    const paper = await admin.put(`${ev}/rounds/1/marks/${JUDGE}?source=paper`, {
      data: { Rumba: [...sent.slice(1), outside] },
    });
    expect(paper.status()).toBe(409);
    expect(await paper.json()).toMatchObject({ error: { code: 'locked' } });
  } finally {
    for (const c of contexts) await c.close();
    const { version } = (await (await admin.get(API)).json()) as { version: number };
    await admin.patch(API, { data: { correctionsNeedUnlock: false, version } });
    await admin.delete(`${ev}?confirm=true`);
  }
});
