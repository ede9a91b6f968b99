import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { openSignedIn, shot } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Names no other test uses, so this spec never depends on (or disturbs) anyone else's data. */
const stamp = Date.now().toString(36).slice(-5);
const lead = { name: `Rafael Quint ${stamp}`, email: `rafael.${stamp}@example.edu` };
const follow = { name: `Mira Solano ${stamp}`, email: `mira.${stamp}@example.edu` };

async function fillCouple(page: Page, l = lead, f = follow) {
  const leadSet = page.getByRole('group', { name: 'Lead' });
  await leadSet.getByLabel('Full name').fill(l.name);
  await leadSet.getByLabel('Email').fill(l.email);
  const followSet = page.getByRole('group', { name: 'Follow' });
  await followSet.getByLabel('Full name').fill(f.name);
  await followSet.getByLabel('Email').fill(f.email);
  const team = page.getByRole('textbox', { name: 'Team or studio' });
  await team.fill('Cornell DanceSport');
  // The keys pick from the list a person sees: wait for it, or ArrowDown lands before the options do.
  await expect(page.getByRole('option', { name: 'Cornell DanceSport', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(team).toHaveValue('Cornell DanceSport');
}

async function acceptLiability(page: Page) {
  const boxes = page.getByLabel('I accept the liability release');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
}

test('a couple registers on a phone, keeps the code, adds an event, and is listed', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  // The tier and the fee that apply now (demo: regular tier, $35 per dancer per event).
  await expect(page.getByText(/Registration open — Regular tier, \$35 per dancer per event/)).toBeVisible();
  await expect(page.getByText('Liability release (required)')).toBeVisible();
  await expect(page.getByText(/I allow them to use pictures/)).toBeVisible();
  await shot(page, { path: 'shots/phone_register_form.png', fullPage: true });

  await fillCouple(page);
  await page.getByRole('checkbox', { name: 'Bronze Latin (C/R/S)' }).check();
  await page.getByRole('checkbox', { name: 'Bronze Standard (W/T/F)' }).check();
  await acceptLiability(page);
  await page.getByLabel('I give media permission').first().check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  const code = (await page.getByTestId('entry-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9!@#$%&]{7}$/);
  await expect(page.getByText('Keep this code')).toBeVisible();
  // The confirmation goes to both addresses, named as the couple typed them.
  const mailed = page.getByTestId('confirmation-mailed');
  await expect(mailed).toContainText('A confirmation is on its way');
  await expect(mailed).toContainText(lead.email);
  await expect(mailed).toContainText(follow.email);
  // Per dancer per event: two dancers in two events at the regular $35.
  await expect(page.getByText(/Amount due: \$140/)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Bronze Latin (C/R/S)' })).toBeVisible();
  await shot(page, { path: 'shots/phone_register_confirmation.png', fullPage: true });
  // The success view, with its new notice, stays readable: no serious or critical axe finding.
  const axe = await new AxeBuilder({ page }).include('.page').analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // Add an event with the code and an email.
  await page.getByRole('link', { name: 'Change entries' }).click();
  await expect(page).toHaveURL(/\/updateEntries$/);
  await page.getByLabel('Entry code').fill(code.toLowerCase());
  await page.getByLabel('Email').fill(follow.email);
  await page.getByRole('button', { name: 'Open my entries' }).click();
  // Exactly: the couple's invoice below names them too (its lines, who it bills).
  await expect(page.getByText(lead.name, { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Bronze Smooth (W/T/F)' }).check();
  await page.getByRole('button', { name: /Save changes \(1 to add, 0 to drop\)/ }).click();
  await expect(page.getByText('Entries saved: 1 added.')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Entered now' }).getByText('Bronze Smooth (W/T/F)'),
  ).toBeVisible();
  await shot(page, { path: 'shots/phone_update_entries.png', fullPage: true });

  // On /entries, searchable and filterable.
  await page.goto('/entries');
  await page.getByLabel('Search').fill(stamp);
  const smooth = page.getByRole('region', { name: 'Bronze Smooth (W/T/F)' });
  await expect(smooth.getByText(`${lead.name}`)).toBeVisible();
  await page.getByLabel('Style').selectOption('Latin');
  await expect(
    page.getByRole('region', { name: 'Bronze Latin (C/R/S)' }).getByText(follow.name),
  ).toBeVisible();
  await expect(smooth).toHaveCount(0);
  await shot(page, { path: 'shots/phone_entries.png', fullPage: true });

  // On /competitors and the competitor's own page.
  await page.goto('/competitors');
  await page.getByLabel('Search').fill(lead.name);
  await page.getByRole('link', { name: lead.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: lead.name })).toBeVisible();
  await expect(page.getByRole('link', { name: follow.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Events' }).getByText('Bronze Smooth (W/T/F)')).toBeVisible();
  await expect(page.getByText(/couple number \d+/)).toBeVisible();
  // Each of their rounds, with its time (none set yet in the demo).
  await expect(
    page
      .getByRole('region', { name: 'When they dance' })
      .getByText(/^Bronze Smooth \(W\/T\/F\) · /)
      .first(),
  ).toBeVisible();
  await shot(page, { path: 'shots/phone_competitor.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('a duplicate pair and a placed-out level are refused with their messages', async ({ page, request }) => {
  const a = { name: `Tomas Vidal ${stamp}`, email: `tomas.${stamp}@example.edu` };
  const b = { name: `Ines Marr ${stamp}`, email: `ines.${stamp}@example.edu` };
  const first = await request.post('/api/v1/competitions/demo/registrations', {
    data: {
      lead: a,
      follow: b,
      affiliation: 'Cornell DanceSport',
      events: ['silver-latin-c-s-r-j'],
      consents: { liability: true, media: false },
    },
  });
  expect(first.status()).toBe(201);

  // The same two people, positions swapped, in the same event.
  await page.goto('/register');
  await fillCouple(page, b, a);
  await page.getByRole('checkbox', { name: 'Silver Latin (C/S/R/J)' }).check();
  await acceptLiability(page);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: `${b.name} and ${a.name} are already entered in Silver Latin (C/S/R/J).` }),
  ).toBeVisible();
  await shot(page, { path: 'shots/phone_register_duplicate.png', fullPage: true });

  // A dancer who placed out of Silver Latin may not enter Silver Latin.
  await page.goto('/register');
  const c = { name: `Pia Holm ${stamp}`, email: `pia.${stamp}@example.edu` };
  const d = { name: `Leo Brandt ${stamp}`, email: `leo.${stamp}@example.edu` };
  await fillCouple(page, c, d);
  const followSet = page.getByRole('group', { name: 'Follow' });
  await followSet.getByText('Placed out of a level? (optional)').click();
  await followSet.getByLabel('Latin').selectOption('Silver');
  await page.getByRole('checkbox', { name: 'Silver Latin (C/S/R/J)' }).check();
  const message = `${d.name} has placed out of Silver Latin and may not enter Latin at Silver or below`;
  await expect(page.getByText(message)).toBeVisible();
  await acceptLiability(page);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await shot(page, { path: 'shots/phone_register_level.png', fullPage: true });
  // Nothing was registered for them.
  const list = await (await request.get('/api/v1/competitions/demo/competitors')).json();
  expect(list.some((p: { name: string }) => p.name === c.name)).toBe(false);
});

test('a couple whose names someone registered first waits for the organizer, who accepts them', async ({
  page,
  browser,
  request,
}) => {
  const real = {
    lead: { name: `Nora Quay ${stamp}`, email: `nora.${stamp}@example.edu` },
    follow: { name: `Emil Sand ${stamp}`, email: `emil.${stamp}@example.edu` },
  };
  // Someone else registers their names first, from addresses that are not theirs.
  const squat = await request.post('/api/v1/competitions/demo/registrations', {
    data: {
      lead: { name: real.lead.name, email: `x1.${stamp}@example.net` },
      follow: { name: real.follow.name, email: `x2.${stamp}@example.net` },
      affiliation: 'Cornell DanceSport',
      events: ['bronze-latin-c-r-s'],
      consents: { liability: true, media: false },
    },
  });
  expect(squat.status()).toBe(201);

  await page.goto('/register');
  await fillCouple(page, real.lead, real.follow);
  await page.getByRole('checkbox', { name: 'Bronze Latin (C/R/S)' }).check();
  await acceptLiability(page);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for the organizers' })).toBeVisible();
  await expect(page.getByText(`contact you at ${real.lead.email}`)).toBeVisible();
  await shot(page, { path: 'shots/phone_register_held.png', fullPage: true });

  // The organizer, on a laptop, sees both registrations and accepts the real couple.
  const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await openSignedIn(admin, '/admin/competitors');
  const panel = admin.getByRole('region', { name: 'Registrations waiting for your review' });
  const review = panel.getByTestId(/^review-/).filter({ hasText: real.lead.email });
  await expect(review.getByText(`x1.${stamp}@example.net`)).toBeVisible();
  await shot(admin, { path: 'shots/laptop_held_registrations.png', fullPage: true });
  await review.getByRole('button', { name: 'Accept' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Accept and replace' }).click();
  await expect(admin.getByTestId('accepted-entry-code')).toHaveText(/^.{7}$/);
  await expect(review).toHaveCount(0);
  await admin.close();

  // One couple of those names remains, with the real couple's entry.
  const list = (await (await request.get('/api/v1/competitions/demo/competitors')).json()) as {
    name: string;
  }[];
  expect(list.filter((p) => p.name === real.lead.name)).toHaveLength(1);
});
