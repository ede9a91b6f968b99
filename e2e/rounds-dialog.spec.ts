import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, openSignedIn, shot } from './fixtures.ts';

/**
 * The admin Rounds dialog shows the server's recall sizes after every change,
 * generating again keeps the organizer's running order, and every question is asked in the app's own
 * dialog (never the browser's native confirm box). Item 18: new events name early rounds 1/8 Final ….
 */
const API = '/api/v1/competitions/demo';
const stamp = Date.now().toString(36).slice(-5);
const LATIN = `Dialog ${stamp} Gold Latin`;
const OTHER = `Dialog ${stamp} Gold Smooth`;
const NAMING = `Dialog ${stamp} Gold Standard`;
const SIXTEEN = `Dialog ${stamp} Silver Latin`;
const keys = new Map<string, string>();

interface Slot {
  eventKey: string;
  roundName: string;
  scheduleIndex: number;
}

async function enter(page: Page, eventKey: string, from: number, to: number) {
  for (let i = from; i <= to; i++) {
    await ok(
      await page.request.post(`${API}/events/${eventKey}/entries`, {
        data: { leadName: `Lead ${i} ${stamp}`, followName: `Follow ${i} ${stamp}`, affiliation: 'Other' },
      }),
    );
  }
}

/** The running order as the schedule answers it: "event round @index", first danced first. */
async function runningOrder(page: Page): Promise<string[]> {
  const { items } = await ok<{ items: Slot[] }>(await page.request.get(`${API}/schedule`));
  return items.map((i) => `${i.eventKey} ${i.roundName} @${i.scheduleIndex}`);
}

/** The recall sizes the dialog shows, by round name: the server's, whatever happened before. */
async function expectRecalls(dialog: Locator, sizes: Record<string, number>) {
  for (const [round, size] of Object.entries(sizes))
    await expect(dialog.getByLabel(`Recall size of ${round}`)).toHaveValue(String(size));
}

/** The page and the dialog fit the window: nothing scrolls sideways, no button or badge label is cut. */
async function expectNoSideways(page: Page, where: string) {
  const widths = await page.evaluate(() => {
    const dialogs = [...document.querySelectorAll<HTMLElement>('.mantine-Modal-content')];
    const labels = dialogs.flatMap((d) => [
      ...d.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Badge-label'),
    ]);
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      dialog: Math.max(0, ...dialogs.map((d) => d.getBoundingClientRect().right - window.innerWidth)),
      cut: labels
        .filter((l) => l.offsetParent !== null && l.scrollWidth > l.clientWidth + 1)
        .map((l) => l.innerText.trim()),
    };
  });
  expect.soft(widths.page, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  expect.soft(widths.dialog, `${where}: the dialog runs past the window`).toBeLessThanOrEqual(0);
  expect.soft(widths.cut, `${where}: labels cut off`).toEqual([]);
}

test.describe('the Rounds dialog', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeAll(async ({ request }) => {
    await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    for (const [name, style, dances] of [
      [LATIN, 'Latin', ['ChaCha', 'Rumba']],
      [OTHER, 'Smooth', ['Waltz', 'Tango']],
      [NAMING, 'Standard', ['Waltz', 'Tango']],
      [SIXTEEN, 'Latin', ['Samba', 'Jive']],
    ] as const) {
      const ev = await ok<{ key: string }>(
        await request.post(`${API}/events`, {
          data: { name, style, level: name === SIXTEEN ? 'Silver' : 'Gold', dances },
        }),
      );
      keys.set(name, ev.key);
    }
  });

  test.afterAll(async ({ request }) => {
    await request.post('/api/v1/auth/login', { data: E2E_ADMIN });
    for (const key of keys.values()) await request.delete(`${API}/events/${key}?confirm=true`);
  });

  test('recall sizes follow every change, generating keeps the running order, questions in the app dialog', async ({
    page,
  }) => {
    const latin = keys.get(LATIN)!;
    const other = keys.get(OTHER)!;
    const native: string[] = [];
    page.on('dialog', (d) => {
      native.push(d.message());
      void d.dismiss();
    });
    await openSignedIn(page, '/admin/setup/events');

    // 10 couples: a semi-final and a final, at the end of the day; then the other event's final, which
    // the organizer dances between the Latin's semi-final and final.
    await enter(page, latin, 1, 10);
    await enter(page, other, 1, 5);
    await ok(await page.request.post(`${API}/events/${latin}/rounds/generate`, { data: {} }));
    await ok(await page.request.post(`${API}/events/${other}/rounds/generate`, { data: {} }));
    const last = Math.max(...(await runningOrder(page)).map((o) => Number(o.split('@')[1])));
    await ok(
      await page.request.patch(`${API}/events/${latin}/rounds/2`, { data: { scheduleIndex: last + 1 } }),
    );
    const before = await runningOrder(page);

    await page.getByLabel('Search events').fill(stamp);
    await page.getByTestId(`event-${latin}`).getByRole('button', { name: 'Rounds', exact: true }).click();
    const rounds = page.getByRole('dialog', { name: `Rounds of ${LATIN}` });
    await expectRecalls(rounds, { 'Semi-Final': 7 });

    // Ten more couples register; the organizer generates again: asked in the app's dialog first.
    await enter(page, latin, 11, 20);
    await expect(rounds.getByText('20 couples entered.')).toBeVisible();
    await rounds.getByRole('button', { name: 'Generate rounds' }).click();
    const ask = page.getByRole('dialog', { name: `Generate the rounds of ${LATIN} again?` });
    await expect(ask).toContainText(
      "Its 2 rounds are replaced with new ones for 20 couples. Start times and recall sizes you set are lost. The new rounds keep the old rounds' places in the running order.",
    );
    await expect(ask).toHaveCSS('opacity', '1');
    await shot(page, { path: 'shots/rounds-dialog/1280_generate-confirm.png' });
    await ask.getByRole('button', { name: 'Generate rounds' }).click();
    await expect(ask).toHaveCount(0);
    await expect(rounds.getByTestId('round-3')).toContainText('Final');
    // The server's numbers (it stored QF 14, SF 7), not the ones the rows were first drawn with.
    await expectRecalls(rounds, { 'Quarter-Final': 14, 'Semi-Final': 7 });
    await expect(rounds.getByTestId('round-1').getByLabel('20 couples')).toBeVisible();

    // The running order is the organizer's: the semi-final and final kept their slots (the other
    // event's final still between them) and the new quarter-final comes just before the semi-final.
    const after = await runningOrder(page);
    const qf = after.findIndex((o) => o.startsWith(`${latin} Quarter-Final`));
    expect(after[qf + 1]).toMatch(new RegExp(`^${latin} Semi-Final`));
    expect(after.filter((_, i) => i !== qf)).toEqual(before);

    // Add a round after the quarter-final: the new round is the Quarter-Final, the old one the
    // 1/8 Final, and every recall size shown is the server's — the 1/8 Final recalls the 20 couples
    // entered, not its cap of 28. The rounds not danced yet show the couples they expect.
    await rounds.getByLabel('Add a round').click();
    await page.getByRole('option', { name: 'After 1. Quarter-Final' }).click();
    await rounds.getByRole('button', { name: 'Add round' }).click();
    await expect(rounds.getByTestId('round-4')).toContainText('Final');
    await expectRecalls(rounds, { '1/8 Final': 20, 'Quarter-Final': 14, 'Semi-Final': 7 });
    await expect(rounds.getByTestId('round-2').getByTestId('couples')).toHaveText('20 expected');
    await expect(rounds.getByTestId('round-3').getByTestId('couples')).toHaveText('14 expected');

    // A recall size typed by the organizer is saved and shown as the server stored it (0 → 1).
    await rounds.getByLabel('Recall size of Semi-Final').fill('0');
    await rounds.getByLabel('Recall size of Semi-Final').blur();
    await expect(page.getByText('Recall size saved')).toBeVisible();
    await expectRecalls(rounds, { 'Semi-Final': 1 });

    // Deleting asks in the app's dialog; Escape answers "no" and leaves the Rounds dialog open.
    await rounds.getByTestId('round-1').getByRole('button', { name: 'Delete' }).click();
    const del = page.getByRole('dialog', { name: 'Delete 1/8 Final?' });
    await expect(del).toContainText('Its couples go to the next round');
    await page.keyboard.press('Escape');
    await expect(del).toHaveCount(0);
    await expect(rounds).toBeVisible();
    await expect(rounds.getByTestId('round-4')).toContainText('Final');
    await rounds.getByTestId('round-1').getByRole('button', { name: 'Delete' }).click();
    await del.getByRole('button', { name: 'Delete round' }).click();
    await expect(rounds.getByTestId('round-4')).toHaveCount(0);
    await expect(rounds.getByTestId('round-1')).toContainText('Quarter-Final');
    await expect(rounds.getByTestId('round-1').getByLabel('20 couples')).toBeVisible();
    await expectRecalls(rounds, { 'Quarter-Final': 14 });

    // Skipping asks too, saying where the couples go.
    await rounds.getByTestId('round-1').getByRole('button', { name: 'Skip' }).click();
    const skip = page.getByRole('dialog', { name: 'Skip Quarter-Final?' });
    await expect(skip).toContainText(
      'Nobody is eliminated: its 20 couples go forward to Semi-Final (round 2)',
    );
    await skip.getByRole('button', { name: 'Cancel' }).click();
    await expect(skip).toHaveCount(0);
    await expect(rounds.getByTestId('round-1')).not.toContainText('Skipped');

    await shot(page, { path: 'shots/rounds-dialog/1280_rounds.png' });
    await expectNoSideways(page, 'Rounds dialog at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rounds.getByTestId('round-3')).toBeVisible();
    await shot(page, { path: 'shots/rounds-dialog/390_rounds.png' });
    await expectNoSideways(page, 'Rounds dialog at 390 px');
    await rounds.getByRole('button', { name: 'Clear rounds' }).click();
    const clear = page.getByRole('dialog', { name: `Clear the rounds of ${LATIN}?` });
    await expect(clear).toHaveCSS('opacity', '1');
    await shot(page, { path: 'shots/rounds-dialog/390_clear-confirm.png' });
    await expectNoSideways(page, 'Clear question at 390 px');
    await clear.getByRole('button', { name: 'Cancel' }).click();
    await expect(rounds.getByTestId('round-3')).toBeVisible();

    expect(native, 'the browser’s native confirm box was used').toEqual([]);
  });

  test('16 couples: the quarter-final shows them before it has them; rounds added before it recall no more than 16', async ({
    page,
  }) => {
    const sixteen = keys.get(SIXTEEN)!;
    await openSignedIn(page, '/admin/setup/events');
    await page.getByLabel('Search events').fill(stamp);
    // The rounds first (no couples yet: a final), then 16 couples enter and the organizer asks for the
    // rounds their number needs: a quarter-final, a semi-final and a final.
    await ok(await page.request.post(`${API}/events/${sixteen}/rounds/generate`, { data: {} }));
    await ok(await page.request.post(`${API}/events/${sixteen}/rounds`, { data: { after: 0 } }));
    await ok(await page.request.post(`${API}/events/${sixteen}/rounds`, { data: { after: 0 } }));
    await enter(page, sixteen, 1, 16);
    await page.getByTestId(`event-${sixteen}`).getByRole('button', { name: 'Rounds', exact: true }).click();
    const rounds = page.getByRole('dialog', { name: `Rounds of ${SIXTEEN}` });
    await expect(rounds.getByText('16 couples entered.')).toBeVisible();
    await expect(rounds.getByTestId('round-1')).toContainText('Quarter-Final');
    // Not "0" until the rounds are generated: the entries it will dance, and what the recalls bring on.
    await expect(rounds.getByTestId('round-1').getByTestId('couples')).toHaveText('16 entered');
    await expect(rounds.getByTestId('round-1').getByLabel('16 couples expected')).toBeVisible();
    await expect(rounds.getByTestId('round-2').getByTestId('couples')).toHaveText('14 expected');

    // Two rounds before the quarter-final: their recalls stop at the 16 couples entered (caps 38, 28).
    for (let i = 0; i < 2; i++) {
      await rounds.getByLabel('Add a round').click();
      await page.getByRole('option', { name: 'Before the first round' }).click();
      await rounds.getByRole('button', { name: 'Add round' }).click();
      await expect(rounds.getByTestId(`round-${4 + i}`)).toContainText('Final');
    }
    await expectRecalls(rounds, { '1/16 Final': 16, '1/8 Final': 16, 'Quarter-Final': 14, 'Semi-Final': 7 });
    await expect(rounds.getByTestId('round-1').getByTestId('couples')).toHaveText('16 entered');
    await shot(page, { path: 'shots/rounds-dialog/1280_sixteen-expected.png' });
  });

  test('an event chooses 1st Round … in its form; its rounds are renamed', async ({ page }) => {
    const standard = keys.get(NAMING)!;
    await openSignedIn(page, '/admin/setup/events');
    await page.getByLabel('Search events').fill(stamp);
    // 40 couples: five rounds, the first two the 1/16 and 1/8 Final.
    await enter(page, standard, 1, 40);
    await ok(await page.request.post(`${API}/events/${standard}/rounds/generate`, { data: {} }));
    await expect(page.getByTestId(`event-${standard}`)).toContainText('1/16 Final');

    await page.getByRole('button', { name: `Edit ${NAMING}` }).click();
    const form = page.getByRole('dialog', { name: `Edit ${NAMING}` });
    await expect(form.getByLabel('Round names')).toHaveValue(/1\/8 Final/);
    await form.getByLabel('Round names').click();
    await page.getByRole('option', { name: /^1st Round, 2nd Round/ }).click();
    await shot(page, { path: 'shots/rounds-dialog/1280_event-form-naming.png' });
    await form.getByRole('button', { name: 'Save event' }).click();
    await expect(form).toHaveCount(0);
    const row = page.getByTestId(`event-${standard}`);
    await expect(row).toContainText('1st Round');
    await expect(row).toContainText('2nd Round');
    await expect(row).not.toContainText('1/16 Final');
  });
});
