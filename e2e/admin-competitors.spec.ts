import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { openSignedIn, shot } from './fixtures.ts';

test.use({ viewport: { width: 1280, height: 800 } });

const stamp = Date.now().toString(36).slice(-5);
const EVENTS = ['Newcomer Latin (C/R)', 'Bronze Standard (W/T/F)', 'bronze-rhythm-c-r-sw'];

/** 100 couples of a university team; `bad` replaces three rows with broken ones. */
function couplesCsv(bad: boolean): string {
  const rows = ['lead_name,lead_email,follow_name,follow_email,affiliation,events,amount_paid'];
  for (let i = 1; i <= 100; i++) {
    const events = EVENTS.slice(0, 1 + (i % 3)).join(';');
    rows.push(
      `Imported Lead${i} ${stamp},lead${i}.${stamp}@example.edu,Imported Follow${i} ${stamp},follow${i}.${stamp}@example.edu,"Tufts Ballroom Dance Team",${events},${i % 4 === 0 ? 70 : ''}`,
    );
  }
  if (bad) {
    rows[10] = `Bad Email ${stamp},not-an-email,Someone ${stamp},someone.${stamp}@example.edu,Tufts Ballroom Dance Team,Newcomer Latin (C/R),`;
    rows[40] = `Wrong Event ${stamp},wrong.${stamp}@example.edu,Other ${stamp},other.${stamp}@example.edu,Tufts Ballroom Dance Team,Underwater Tango,`;
    rows[70] = rows[69]!; // the couple of line 70 twice
  }
  return rows.join('\r\n') + '\r\n';
}

test('the organizer imports 100 couples (bad rows reported first), exports them back, and manages a couple', async ({
  page,
}) => {
  // A hundred couples checked, imported, exported and read back: a journey, timed like the others.
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'promenade-csv-'));
  const badFile = join(dir, 'couples-bad.csv');
  const goodFile = join(dir, 'couples.csv');
  writeFileSync(badFile, couplesCsv(true));
  writeFileSync(goodFile, couplesCsv(false));

  await openSignedIn(page, '/admin/competitors');
  await expect(page.getByRole('heading', { name: 'Competitors' })).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.locator('input[type=file]').setInputFiles(badFile);
  await page.getByRole('button', { name: 'Check file' }).click();
  const problems = page.getByRole('table', { name: 'Import problems' });
  await expect(page.getByText(/3 problems — nothing was imported/)).toBeVisible({ timeout: 30_000 });
  await expect(problems.getByRole('row')).toHaveCount(4);
  await expect(problems.getByRole('row').nth(1)).toContainText('11');
  await expect(problems.getByRole('row').nth(1)).toContainText('lead_email');
  await expect(problems.getByRole('row').nth(2)).toContainText('Underwater Tango');
  await expect(problems.getByRole('row').nth(3)).toContainText('already entered');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await shot(page, { path: 'shots/laptop_admin_import_problems.png', fullPage: true });
  // Nothing of the file was written.
  const before = await (await page.request.get('/api/v1/competitions/demo/competitors')).json();
  expect(before.some((p: { name: string }) => p.name.endsWith(stamp))).toBe(false);

  await page.locator('input[type=file]').setInputFiles(goodFile);
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('100 couples, no problems found.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import 100 couples' }).click();
  // One transaction for the whole file: give a slow machine time.
  await expect(page.getByRole('status').filter({ hasText: 'Imported 100 couples' })).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, { path: 'shots/laptop_admin_import_done.png', fullPage: true });

  // The table shows them; search narrows to one couple.
  await page.getByLabel('Search').fill(`Imported Lead7 ${stamp}`);
  const couples = page.getByRole('table', { name: 'Couples' });
  await expect(couples.getByRole('row')).toHaveCount(2);
  const row = couples.getByRole('row').nth(1);
  await expect(row).toContainText(`lead7.${stamp}@example.edu`);
  // Two events, two dancers, $35 per dancer per event.
  await expect(row).toContainText('Owes $140');
  await row.getByRole('button', { name: 'Mark paid' }).click();
  await page.getByRole('menuitem', { name: 'Cash' }).click();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();

  // A number already worn is refused with who wears it.
  const number = row.getByRole('textbox', { name: /Number of/ });
  await number.fill('100');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText(/Number 100 is already worn by/)).toBeVisible();

  // Scratch one of their events.
  await row.getByRole('button', { name: 'Newcomer Latin (C/R)' }).click();
  await page.getByRole('menuitem', { name: 'Scratch' }).click();
  await expect(page.getByText('Entry scratched.')).toBeVisible();
  await shot(page, { path: 'shots/laptop_admin_competitors.png', fullPage: false });

  // Export back: the registrations file holds the imported couples in the import's columns.
  await page.getByLabel('Search').fill('');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Registrations (import format)' }).click();
  const download = await downloadPromise;
  const exported = readFileSync((await download.path())!, 'utf8');
  expect(exported.split('\r\n')[0]).toContain(
    'lead_name,lead_email,follow_name,follow_email,affiliation,events',
  );
  const mine = exported.split('\r\n').filter((l) => l.includes(stamp));
  expect(mine).toHaveLength(100);
  // Events in the competition's order, as keys; quoted, since `;` splits cells in some locales.
  expect(mine.find((l) => l.startsWith(`Imported Lead7 ${stamp},`))).toContain(
    ',"bronze-standard-w-t-f;newcomer-latin-c-r",',
  );

  await page.getByRole('button', { name: 'Export CSV' }).click();
  const feesPromise = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Fees by team' }).click();
  const fees = readFileSync((await (await feesPromise).path())!, 'utf8');
  expect(fees).toMatch(/^team,couples,dancers,amount_due_USD/);
  expect(fees).toContain('Tufts Ballroom Dance Team,100,200,');
});

test('the organizer adds a couple at the desk and an ad hoc day-of entry', async ({ page }) => {
  await openSignedIn(page, '/admin/competitors/add-competitor');
  const leadSet = page.getByRole('group', { name: 'Lead' });
  await leadSet.getByLabel('Full name').fill(`Desk Lead ${stamp}`);
  await leadSet.getByLabel('Email').fill(`desk.lead.${stamp}@example.edu`);
  const followSet = page.getByRole('group', { name: 'Follow' });
  await followSet.getByLabel('Full name').fill(`Desk Follow ${stamp}`);
  await followSet.getByLabel('Email').fill(`desk.follow.${stamp}@example.edu`);
  const team = page.getByRole('textbox', { name: 'Team or studio', exact: true });
  await team.fill('Other');
  // The keys pick from the list a person sees: wait for it, or ArrowDown lands before the options do.
  await expect(page.getByRole('option', { name: 'Other', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(team).toHaveValue('Other');
  await page.getByLabel('Your team or studio').fill(`Studio ${stamp}`);
  await page.getByRole('checkbox', { name: 'Gold Standard (W/T/V/F/Q)' }).check();
  const boxes = page.getByLabel('I accept the liability release');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByRole('button', { name: 'Register this couple' }).click();
  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await expect(page.getByTestId('confirmation-mailed')).toContainText(
    `is being emailed to desk.lead.${stamp}@example.edu and desk.follow.${stamp}@example.edu.`,
  );
  await shot(page, { path: 'shots/laptop_admin_add_competitor.png', fullPage: true });

  await page.goto('/admin/competitors');
  const event = page.getByRole('textbox', { name: 'Event' });
  await event.scrollIntoViewIfNeeded();
  await event.fill('Open Nightclub Bachata');
  await expect(page.getByRole('option', { name: 'Open Nightclub Bachata', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(event).toHaveValue('Open Nightclub Bachata');
  await page.getByRole('button', { name: 'Add ad hoc entry' }).click();
  await expect(page.getByText(/Ad hoc couple \d+ added to Open Nightclub Bachata/)).toBeVisible();
  const adhoc = page.getByRole('table', { name: 'Ad hoc entries' });
  const added = adhoc.getByRole('row').filter({ hasText: 'Open Nightclub Bachata' }).last();
  await expect(added).toContainText('dummy');
  await expect(added).toContainText('Other');
  await added.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Ad hoc entry removed.')).toBeVisible();
});
