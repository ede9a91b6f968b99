import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, openSignedIn, shot } from './fixtures.ts';

/**
 * An organizer builds three events from nothing inside the demo (uniquely named, deleted at
 * the end so other specs see the demo as created), and changes rounds and the running order.
 */
const stamp = `E2E${Date.now().toString(36).slice(-5)}`;
const API = '/api/v1/competitions/demo';

interface Ev {
  key: string;
  name: string;
  rounds: { roundNumber: number; roundName: string; roundState: number; entries: unknown[] }[];
}

async function myEvents(page: Page): Promise<Ev[]> {
  const res = await page.request.get(`${API}/events`);
  return ((await res.json()) as Ev[]).filter((e) => e.name.includes(stamp));
}

test.describe('competition setup', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test.afterAll(async ({ request }) => {
    await request.post('/api/v1/auth/login', { data: E2E_ADMIN });
    const all = (await (await request.get(`${API}/events`)).json()) as Ev[];
    for (const e of all.filter((x) => x.name.includes(stamp))) {
      await request.delete(`${API}/events/${e.key}?confirm=true`);
    }
  });

  test('build three events from the grid, enter couples, generate rounds, schedule and edit rounds', async ({
    page,
  }) => {
    // Three events, their couples, rounds and schedule through the screens: a journey, timed like the others.
    test.setTimeout(120_000);
    await openSignedIn(page, '/admin/setup/events');
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();

    // 1. Three events from the style × level grid.
    await page.getByRole('button', { name: 'Create from grid' }).click();
    const grid = page.getByRole('dialog');
    await grid.getByLabel('Bronze Latin').check();
    await grid.getByLabel('Silver Smooth').check();
    await grid.getByLabel('Novice Standard').check();
    await grid.getByLabel('Name suffix (optional)').fill(stamp);
    await expect(grid.getByText(`Bronze Latin (C/R) ${stamp} — ChaCha, Rumba`)).toBeVisible();
    await shot(page, { path: 'shots/setup-grid.png' });
    await grid.getByRole('button', { name: 'Create 3 events' }).click();
    await expect(page.getByText('3 events created')).toBeVisible();
    await page.getByLabel('Search events').fill(stamp);
    await expect(page.getByText('3 of')).toBeVisible();

    const [latin, smooth, standard] = await myEvents(page);
    expect(latin?.name).toBe(`Bronze Latin (C/R) ${stamp}`);
    expect(smooth?.name).toBe(`Silver Smooth (W/T/F) ${stamp}`);

    // 2. Couples from a CSV file: 16 in the Latin, 9 in the Smooth, 3 in the Standard.
    const lines = ['lead_name,lead_email,follow_name,follow_email,affiliation,events'];
    for (let i = 1; i <= 16; i++) {
      const events = [latin?.key, i <= 9 ? smooth?.key : null, i <= 3 ? standard?.key : null].filter(Boolean);
      lines.push(
        `Lead${i} ${stamp},l${i}.${stamp}@example.com,Follow${i} ${stamp},f${i}.${stamp}@example.com,Other,${events.join(';')}`,
      );
    }
    const imported = await page.request.post(`${API}/registrations/import`, {
      data: { csv: lines.join('\n'), dryRun: false },
    });
    expect(imported.status(), await imported.text()).toBe(200);

    // 3. Generate rounds from the entry counts.
    for (const [ev, names] of [
      [latin, ['Quarter-Final', 'Semi-Final', 'Final']],
      [smooth, ['Semi-Final', 'Final']],
      [standard, ['Final']],
    ] as const) {
      await page.getByTestId(`event-${ev?.key}`).getByRole('button', { name: 'Rounds' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Generate rounds' }).click();
      await expect(dialog.getByRole('table', { name: 'Rounds' }).getByRole('row')).toHaveCount(
        names.length + 1,
      );
      for (const [i, n] of names.entries()) {
        await expect(dialog.getByTestId(`round-${i + 1}`)).toContainText(n);
      }
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await expect(page.getByTestId(`event-${latin?.key}`)).toContainText('16');
    await shot(page, { path: 'shots/setup-events.png' });

    // 4. The schedule: my rounds at the end; set a start time and see estimates follow.
    await page.goto('/admin/eventschedule');
    const first = page.getByTestId(`slot-${latin?.key}-R1`);
    await expect(first).toBeVisible();
    await expect(page.getByTestId(`slot-${latin?.key}-R2`).getByTestId('estimate')).toHaveText('TBA');
    await first.getByLabel(/Start time of/).fill('2027-11-22T10:00');
    await first.getByLabel(/Start time of/).blur();
    await expect(page.getByText('Start time saved')).toBeVisible();
    await expect(first.getByTestId('estimate')).toHaveText(/10:00/);
    // 16 couples in one heat, 2 dances × 2 min + 1 min between rounds → the semi-final at 10:05.
    await expect(page.getByTestId(`slot-${latin?.key}-R2`).getByTestId('estimate')).toHaveText(/10:05/);

    // 5. Reorder by drag: the Standard final goes before the Latin quarter-final.
    const standardFinal = page.getByTestId(`slot-${standard?.key}-R1`);
    await standardFinal.dragTo(first);
    await expect(page.getByText('Schedule saved')).toBeVisible();
    const order = await page
      .locator('[data-testid^="slot-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    expect(order.indexOf(`slot-${standard?.key}-R1`)).toBe(order.indexOf(`slot-${latin?.key}-R1`) - 1);
    // And by keyboard: move it back down one place with its button.
    await page.getByRole('button', { name: `Move ${standard?.name} Final down` }).click();
    await expect(async () => {
      const again = await page
        .locator('[data-testid^="slot-"]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
      expect(again.indexOf(`slot-${standard?.key}-R1`)).toBe(again.indexOf(`slot-${latin?.key}-R1`) + 1);
    }).toPass();
    await shot(page, { path: 'shots/setup-schedule.png' });

    // 6. Add a round in the middle of the Latin: names and numbers follow.
    await page.goto('/admin/setup/events');
    await page.getByTestId(`event-${latin?.key}`).getByRole('button', { name: 'Rounds' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Add a round').click();
    await page.getByRole('option', { name: 'After 1. Quarter-Final' }).click();
    await dialog.getByRole('button', { name: 'Add round' }).click();
    await expect(dialog.getByTestId('round-4')).toContainText('Final');
    await expect(dialog.getByTestId('round-1')).toContainText('1/8 Final');
    await expect(dialog.getByTestId('round-1')).toContainText('16');
    await expect(dialog.getByTestId('round-2')).toContainText('Quarter-Final');
    await expect(dialog.getByTestId('round-3')).toContainText('Semi-Final');
    // Recall sizes follow: the 1/8 Final now feeds the new Quarter-Final (cap 28, but only the 16
    // couples entered can reach it), which recalls 14.
    await expect(dialog.getByLabel('Recall size of 1/8 Final')).toHaveValue('16');
    await expect(dialog.getByLabel('Recall size of Quarter-Final')).toHaveValue('14');
    await shot(page, { path: 'shots/setup-rounds-added.png' });

    // Skipping the first round: nothing before it, so its couples go forward (nobody is eliminated),
    // and the screen says so before it is confirmed.
    await dialog.getByTestId('round-1').getByRole('button', { name: 'Skip' }).click();
    const skipFirst = page.getByRole('dialog', { name: 'Skip 1/8 Final?' });
    await expect(skipFirst).toContainText(
      'Nobody is eliminated: its 16 couples go forward to Quarter-Final (round 2), which then dances with all of them.',
    );
    await skipFirst.getByRole('button', { name: 'Skip round' }).click();
    await expect(dialog.getByTestId('round-1')).toContainText('Skipped');
    await expect(dialog.getByTestId('round-1').getByLabel('0 couples')).toBeVisible();
    await expect(dialog.getByTestId('round-2').getByLabel('16 couples')).toBeVisible();
    await shot(page, { path: 'shots/setup-rounds-skip-first.png' });
    await page.keyboard.press('Escape');

    // 7. Skip a round: its couples move back. The Smooth's 9 couples are in its Semi-Final; add a
    // round before it, then skip the Semi-Final: the couples go back to the new first round.
    await page.getByTestId(`event-${smooth?.key}`).getByRole('button', { name: 'Rounds' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Add a round').click();
    await page.getByRole('option', { name: 'Before the first round' }).click();
    await dialog.getByRole('button', { name: 'Add round' }).click();
    await expect(dialog.getByTestId('round-2')).toContainText('Semi-Final');
    await expect(dialog.getByTestId('round-2').getByLabel('9 couples')).toBeVisible();
    await dialog.getByTestId('round-2').getByRole('button', { name: 'Skip' }).click();
    const skipSemi = page.getByRole('dialog', { name: 'Skip Semi-Final?' });
    await expect(skipSemi).toContainText('Its 9 couples go back to Quarter-Final (round 1).');
    await skipSemi.getByRole('button', { name: 'Skip round' }).click();
    await expect(dialog.getByTestId('round-2')).toContainText('Skipped');
    await expect(dialog.getByTestId('round-1').getByLabel('9 couples')).toBeVisible();
    await expect(dialog.getByTestId('round-2').getByLabel('0 couples')).toBeVisible();
    await shot(page, { path: 'shots/setup-rounds-skipped.png' });

    const after = await myEvents(page);
    expect(
      after
        .find((e) => e.key === smooth?.key)
        ?.rounds.map((r) => [r.roundName, r.roundState, r.entries.length]),
    ).toEqual([
      ['Quarter-Final', 0, 9],
      ['Semi-Final', 3, 0],
      ['Final', 0, 0],
    ]);
  });

  test('a stale edit is refused with a clear message and the current data', async ({ page, browser }) => {
    await openSignedIn(page, '/admin/setup/events');
    const made = await page.request.post(`${API}/events`, {
      data: { name: `Stale Test ${stamp}`, style: 'Rhythm', level: 'Bronze', dances: ['ChaCha', 'Rumba'] },
    });
    const ev = (await made.json()) as Ev;
    await page.reload();
    await page.getByLabel('Search events').fill(`Stale Test ${stamp}`);
    await page.getByRole('button', { name: `Edit Stale Test ${stamp}` }).click();
    // Meanwhile another organizer renames the level.
    const other = await browser.newContext();
    await other.request.post('/api/v1/auth/login', { data: E2E_ADMIN });
    await other.request.patch(`${API}/events/${ev.key}`, { data: { level: 'Silver' } });
    await other.close();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Bolero').check();
    await dialog.getByRole('button', { name: 'Save event' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Someone else changed this');
    await expect(dialog.getByRole('textbox', { name: 'Level' })).toHaveValue('Silver');
  });

  test('officials: add one, see the code once, edit it', async ({ page }) => {
    await openSignedIn(page, '/admin/officials');
    await expect(page.getByRole('table', { name: 'Judge panels' })).toBeVisible();
    await page.getByRole('button', { name: 'Add official' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`MC ${stamp}`);
    await dialog.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'MC' }).click();
    await dialog.getByRole('button', { name: 'Add and show the code' }).click();
    await expect(page.getByTestId('access-code')).toHaveText(/^.{7}$/);
    await shot(page, { path: 'shots/setup-officials-code.png' });
    await page.getByRole('button', { name: 'I have noted it' }).click();
    const row = page
      .getByRole('table', { name: 'Officials' })
      .getByRole('row')
      .filter({ hasText: `MC ${stamp}` });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('Bio').fill('Voice of the ballroom');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('Voice of the ballroom');
    await shot(page, { path: 'shots/setup-officials.png', fullPage: true });

    // Delete them again (they have no marks): asked first in the app's own dialog, then gone.
    await row.getByRole('button', { name: `Delete MC ${stamp}` }).click();
    const ask = page.getByRole('dialog', { name: `Delete MC ${stamp}?` });
    await expect(ask).toContainText(`MC ${stamp} (MC) is signed out at once`);
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Official deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    await shot(page, { path: 'shots/setup-officials-deleted.png' });
  });

  test('settings hold the schedule timing next to the other event settings', async ({ page }) => {
    await openSignedIn(page, '/admin/settings');
    await expect(page.getByLabel('First start time')).toHaveValue('');
    await expect(page.getByLabel('Seconds per dance')).toHaveValue('120');
    await expect(page.getByLabel('Seconds between rounds')).toHaveValue('60');
    await page.getByLabel('Seconds per dance').scrollIntoViewIfNeeded();
    await shot(page, { path: 'shots/setup-settings-timing.png' });
  });
});
