import { expect, type Page } from '@playwright/test';
import { E2E_PORT, test } from './support/test.ts';
import { spawnServer, type SpawnedServer } from './support/server.ts';
import { startMailbox, type Received } from './support/mailbox.ts';
import { shot } from './fixtures.ts';

/**
 * The whole of "messages to dancers" as a couple meets it, on a phone: they register, the confirmation
 * email's link opens their registration; later "Email me a link" on /entries sends a link that opens
 * it again (once). The mail is read from a real SMTP server the test starts, where the app's sender
 * delivers it.

 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const stamp = Date.now().toString(36).slice(-5);
const lead = { name: `Nadia Ferreira ${stamp}`, email: `nadia.${stamp}@example.edu` };
const follow = { name: `Tomas Lindqvist ${stamp}`, email: `tomas.${stamp}@example.edu` };

let server: SpawnedServer;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;

test.beforeAll(async () => {
  mailbox = await startMailbox();
  server = await spawnServer(E2E_PORT + 52, {
    demo: true,
    env: { PROMENADE_SMTP_URL: mailbox.url, PROMENADE_MAIL_FROM: 'Promenade <entries@example.org>' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

/** The messages to `address` that arrived so far, oldest first. */
const messagesTo = (address: string): Received[] => mailbox.to(address);

/** The link that opens a registration, in a message's text. */
const linkIn = (m: Received): string | null =>
  /https?:\/\/\S+\/entries\?open=[A-Za-z0-9_-]+/.exec(m.text)?.[0] ?? null;

/** The newest link to `address` other than those in `seen`, once a message holding one has arrived. */
async function newLinkTo(address: string, seen: string[] = []): Promise<{ link: string; message: Received }> {
  let found: { link: string; message: Received } | null = null;
  await expect
    .poll(
      () => {
        const m = messagesTo(address)
          .reverse()
          .find((x) => linkIn(x) !== null && !seen.includes(linkIn(x)!));
        found = m ? { link: linkIn(m)!, message: m } : null;
        return found !== null;
      },
      { message: `a message with a link to ${address}`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** The couple's registration, as /updateEntries shows it once a link opened it. */
async function expectRegistrationOpen(page: Page) {
  await expect(page).toHaveURL(/\/updateEntries$/);
  await expect(page.getByRole('heading', { name: 'Update entries' })).toBeVisible();
  // Exactly: the couple's invoice below names them too (its lines, who it bills).
  await expect(page.getByText(lead.name, { exact: true })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Entered now' }).getByText('Bronze Latin (C/R/S)'),
  ).toBeVisible();
}

test('a couple registers, opens their registration from the confirmation, and gets a new link by email', async ({
  page,
}) => {
  const base = server.url;
  await test.step('registers on the public form', async () => {
    await page.goto(`${base}/register`);
    await page.getByRole('group', { name: 'Lead' }).getByLabel('Full name').fill(lead.name);
    await page.getByRole('group', { name: 'Lead' }).getByLabel('Email').fill(lead.email);
    await page.getByRole('group', { name: 'Follow' }).getByLabel('Full name').fill(follow.name);
    await page.getByRole('group', { name: 'Follow' }).getByLabel('Email').fill(follow.email);
    const team = page.getByRole('textbox', { name: 'Team or studio' });
    await team.fill('Cornell DanceSport');
    await expect(page.getByRole('option', { name: 'Cornell DanceSport', exact: true })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(team).toHaveValue('Cornell DanceSport');
    await page.getByRole('checkbox', { name: 'Bronze Latin (C/R/S)' }).check();
    const liability = page.getByLabel('I accept the liability release');
    await liability.nth(0).check();
    await liability.nth(1).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  });

  const seen: string[] = [];
  await test.step("the confirmation reaches both dancers and its link opens the couple's registration", async () => {
    const { link, message } = await newLinkTo(lead.email);
    expect(message.text).toContain('Riverside Collegiate DanceSport Classic 2026');
    await newLinkTo(follow.email);
    seen.push(link);
    await page.goto(link);
    await expectRegistrationOpen(page);
    // A confirmation link opens the registration again, as long as the competition is on.
    await page.goto(link);
    await expectRegistrationOpen(page);
  });

  await test.step('"Email me a link" on /entries sends a link that opens the registration once', async () => {
    await page.goto(`${base}/entries`);
    const card = page.getByRole('region', { name: 'Lost your entry code? Email me a link' });
    await card.getByLabel('Your email').fill(lead.email.toUpperCase());
    await card.getByRole('button', { name: 'Email me a link' }).click();
    await expect(card.getByRole('status')).toHaveText(
      'If that email is registered for Riverside Collegiate DanceSport Classic 2026, a link is on its way.',
    );
    await shot(page, { path: 'shots/phone_entries_email_me_a_link.png', fullPage: false });

    const { link } = await newLinkTo(lead.email, seen);
    expect(link).toContain(`${base}/c/demo/entries?open=`);
    await page.goto(link);
    await expectRegistrationOpen(page);
    // The token is gone from the address bar (and history): nothing to bookmark or share.
    expect(page.url()).not.toContain('open=');
    await shot(page, { path: 'shots/phone_entries_opened_by_link.png', fullPage: true });

    // Signed in by the link: the couple changes their entries as with the entry code.
    await page.getByRole('checkbox', { name: 'Bronze Standard (W/T/F)' }).check();
    await page.getByRole('button', { name: /Save changes \(1 to add, 0 to drop\)/ }).click();
    await expect(
      page.getByRole('list', { name: 'Entered now' }).getByText('Bronze Standard (W/T/F)'),
    ).toBeVisible();

    // Once: the same link later says so and offers a new one.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('This link has already been used');
    await expect(page.getByRole('button', { name: 'Email me a link' })).toBeVisible();
    expect(page.url()).not.toContain('open=');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, { path: 'shots/phone_entries_link_used.png', fullPage: false });

    // Beside the entry code too.
    await page.getByRole('link', { name: 'Change your entries or see your invoice' }).click();
    await expect(page.getByRole('textbox', { name: 'Entry code', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Lost your entry code? Email me a link' }).click();
    await expect(page.getByRole('region', { name: 'Lost your entry code? Email me a link' })).toBeVisible();
    await shot(page, { path: 'shots/phone_update_entries_email_me_a_link.png', fullPage: true });
  });
});
