import { expect, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { LAPTOP, PHONE } from './support/screens.ts';
import { ok, openSignedIn, shot } from './fixtures.ts';

/**
 * A team's money from registration to the printed invoice: three couples of one team register (the
 * first on the public form), the organizer has the team pay and gives its captain a private link, the
 * desk takes part by card and the rest in cash, one couple drops an event before the refund deadline
 * and the team's invoice shows the credit. Demo fees: the regular tier, $35 per dancer per event.
 */
test.use({ viewport: LAPTOP });

const TEAM = 'Wellesley Ballroom Dance Team';
const stamp = Date.now().toString(36).slice(-5);
const couple = (n: number) => ({
  lead: { name: `Payton Lead${n} ${stamp}`, email: `payton${n}.${stamp}@example.edu` },
  follow: { name: `Marlo Follow${n} ${stamp}`, email: `marlo${n}.${stamp}@example.edu` },
});

async function registerOnPhone(page: Page, c: ReturnType<typeof couple>): Promise<string> {
  await page.goto('/register');
  for (const [role, d] of [
    ['Lead', c.lead],
    ['Follow', c.follow],
  ] as const) {
    const set = page.getByRole('group', { name: role });
    await set.getByLabel('Full name').fill(d.name);
    await set.getByLabel('Email').fill(d.email);
  }
  const team = page.getByRole('textbox', { name: 'Team or studio' });
  await team.fill('Wellesley');
  await expect(page.getByRole('option', { name: TEAM, exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(team).toHaveValue(TEAM);
  await page.getByRole('checkbox', { name: 'Bronze Latin (C/R/S)' }).check();
  await page.getByRole('checkbox', { name: 'Bronze Smooth (W/T/F)' }).check();
  const boxes = page.getByLabel('I accept the liability release');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  // Two dancers in two events at $35.
  await expect(page.getByText(/Amount due: \$140/)).toBeVisible();
  return (await page.getByTestId('entry-code').textContent())!.trim();
}

test('a team’s three couples are billed to the team; its captain follows the invoice as the desk takes card and cash and a couple’s credit comes in', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const phone = await browser.newPage({ viewport: PHONE, baseURL: baseURL! });
  phone.on('pageerror', (e) => errors.push(e.message));

  // The first couple registers on the public form; the team pays for nobody yet, so it is their invoice.
  const first = couple(1);
  const code = await registerOnPhone(phone, first);

  // The organizer has the team pay for its couples, then makes its captain's link.
  await openSignedIn(page, '/admin/money');
  await expect(page.getByRole('heading', { name: 'Money', level: 1 })).toBeVisible();
  const row = page.getByTestId(`team-${TEAM}`);
  await row.getByRole('switch', { name: `${TEAM} pays for its couples` }).click();
  const ask = page.getByRole('dialog', { name: `${TEAM} pays for its couples?` });
  await expect(ask).toContainText('move from the couples’ own invoices to the team’s invoice');
  await ask.getByRole('button', { name: 'Team pays' }).click();
  await expect(row.getByText('Team pays')).toBeVisible();
  await row.getByRole('button', { name: 'Create link' }).click();
  const captainLink = (await row.getByTestId('captain-link').textContent())!.trim();
  expect(captainLink).toMatch(/\/team-invoice\/[A-Za-z0-9_-]{20,}$/);

  // Two more couples of the team register (the public form's own journey is registration.spec's).
  for (const n of [2, 3]) {
    const c = couple(n);
    await ok(
      await request.post('/api/v1/competitions/demo/registrations', {
        data: {
          ...c,
          affiliation: TEAM,
          events: ['bronze-latin-c-r-s'],
          consents: { liability: true, media: false },
        },
      }),
    );
  }

  // The captain opens the team's invoice on a phone: six dancers' entries… and the first couple's two.
  await phone.goto(new URL(captainLink).pathname);
  const invoice = phone.getByTestId('invoice');
  await expect(invoice.getByRole('heading', { level: 1, name: /^Invoice \d+$/ })).toBeVisible();
  await expect(invoice).toContainText(TEAM);
  await expect(invoice.getByTestId('invoice-totals')).toContainText('Balance due$280');
  await shot(phone, { path: 'shots/phone_team_invoice.png', fullPage: true });

  // The desk takes part by card, then the rest in cash.
  await row.getByRole('link', { name: /^Invoice \d+$/ }).click();
  await expect(page.getByTestId('invoice')).toContainText(TEAM);
  const form = page.getByRole('region', { name: 'Record a payment or refund' });
  await form.getByLabel('Amount (USD)').fill('100');
  await form.getByText('Card', { exact: true }).click();
  await form.getByLabel('Reference').fill('Visa 4242');
  await form.getByRole('button', { name: 'Record payment of $100' }).click();
  const totals = page.getByTestId('invoice-totals');
  await expect(totals).toContainText('Balance due$180');
  await form.getByLabel('Amount (USD)').fill('180');
  await form.getByText('Cash', { exact: true }).click();
  await form.getByLabel('Reference').fill('Receipt 17');
  await form.getByRole('button', { name: 'Record payment of $180' }).click();
  await expect(totals).toContainText('Paid in full');
  const payments = page.getByTestId('invoice').getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Visa 4242');
  await expect(payments).toContainText('Receipt 17');
  await shot(page, { path: 'shots/laptop_team_invoice_paid.png', fullPage: true });

  // The first couple drops an event before the refund deadline; their own page says the team pays.
  await phone.goto('/updateEntries');
  await phone.getByLabel('Entry code').fill(code);
  await phone.getByLabel('Email').fill(first.lead.email);
  await phone.getByRole('button', { name: 'Open my entries' }).click();
  await expect(phone.getByText(`Your team, ${TEAM}, pays for your entries`).first()).toBeVisible();
  await phone.getByRole('checkbox', { name: 'Bronze Smooth (W/T/F)' }).uncheck();
  await phone.getByRole('button', { name: /Save changes \(0 to add, 1 to drop\)/ }).click();
  await expect(phone.getByText('Entries saved: 1 dropped.')).toBeVisible();

  // The captain's invoice shows the credit: two dancers' Bronze Smooth, $70.
  await phone.goto(new URL(captainLink).pathname);
  await expect(invoice.getByTestId('invoice-totals')).toContainText('Credit$70');
  await expect(invoice.getByRole('region', { name: 'Charges' })).toContainText(
    `Credit: ${first.lead.name}, Bronze Smooth (W/T/F), removed before the refund deadline`,
  );
  await shot(phone, { path: 'shots/phone_team_invoice_credit.png', fullPage: true });

  // The printed invoice, as the desk prints it for the captain.
  const id = /\/invoices\/(\d+)/.exec(page.url())![1];
  await page.goto(`/print-sheets/invoices/${id}?paper=A4`);
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice \d+$/ })).toBeVisible();
  await expect(page.getByTestId('invoice-totals')).toContainText('Credit$70');
  await page.emulateMedia({ media: 'print' });
  await shot(page, { path: 'shots/print_team_invoice.png', fullPage: true });

  // Every invoice at once, as the desk prints its folder: the team's among them, a page each.
  const { invoices } = await ok<{ invoices: { number: number; kind: string; name: string }[] }>(
    await page.request.get('/api/v1/competitions/demo/invoices'),
  );
  const teamInvoice = invoices.find((i) => i.kind === 'team' && i.name === TEAM)!;
  await page.emulateMedia({ media: 'screen' });
  await page.goto('/print-sheets/invoices?which=all&paper=Letter');
  await expect(page.getByTestId('invoices-summary')).toHaveText(`${invoices.length} invoices`);
  await expect(page.getByTestId('invoice-page')).toHaveCount(invoices.length);
  const teamPage = page.locator(`[data-testid="invoice-page"][data-number="${teamInvoice.number}"]`);
  await expect(teamPage.getByRole('heading', { name: `Invoice ${teamInvoice.number}` })).toBeVisible();
  await expect(teamPage.getByTestId('invoice-totals')).toContainText('Credit$70');
  await shot(page, { path: 'shots/print_all_invoices.png', fullPage: true });

  await phone.close();
  expect(errors).toEqual([]);
});
