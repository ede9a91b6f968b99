import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { E2E_PORT, test } from './support/test.ts';
import { E2E_ADMIN, ok, openSignedIn, shot } from './fixtures.ts';
import { spawnServer, type SpawnedServer } from './support/server.ts';

/**
 * People across competitions from start to end: last year's competition (vss2025) is on this server, where a dancer won
 * Silver Standard Waltz after a semi-final (3 points in Silver, 6 in Bronze, 7 in Newcomer). An
 * administrator clones it into this year's (vss2026) on the Competitions screen, switches the admin
 * area to it (its address says which), turns on YCN points and opens registration. The dancer,
 * registering at /c/vss2026, sees her points, is refused Newcomer Waltz with the reason and enters
 * Bronze Waltz; both competitions' public pages work under /c/{key}; her person page lists both years.
 * A server of our own, serving last year's competition at / (as it was until now).
 */
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const LAST = '/api/v1/competitions/vss2025';
const THIS = '/api/v1/competitions/vss2026';
const JANE = { name: 'Jane Whitfield', email: 'jane.whitfield@students.example.edu' };
const SAM = { name: 'Sam Okafor', email: 'sam.okafor@students.example.edu' };
const consents = { lead: { liability: true, media: false }, follow: { liability: true, media: false } };

let server: SpawnedServer;
const contexts: APIRequestContext[] = [];

test.beforeAll(async () => {
  server = await spawnServer(E2E_PORT + 51, { competition: 'vss2025' });
});
test.afterAll(async () => {
  for (const c of contexts) await c.dispose();
  await server?.stop();
});

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A day as the person page shows it: "Nov 15, 2025". */
const shown = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
/** Last year's day: cloned 364 days on, this year's is a week from today. */
const LAST_DAY = isoDay(Date.now() - 357 * DAY);
const THIS_DAY = isoDay(Date.now() + 7 * DAY);

/**
 * Last year's competition (registration long closed), with Newcomer, Bronze and Silver Standard Waltz;
 * Jane and Sam win Silver after a semi-final.
 */
async function lastYear(admin: APIRequestContext): Promise<void> {
  await ok(
    await admin.post('/api/v1/competitions', {
      data: {
        key: 'vss2025',
        fullName: 'Valley Swing & Standard 2025',
        startDate: LAST_DAY,
        endDate: LAST_DAY,
        dateRegistrationClosed: isoDay(Date.parse(LAST_DAY) - 30 * DAY),
        resultsPageShown: true,
      },
    }),
  );
  const judges: { id: number; ctx: APIRequestContext }[] = [];
  for (const letter of ['A', 'B', 'C', 'D', 'E']) {
    const j = await ok<{ id: number; accessCode: string }>(
      await admin.post(`${LAST}/officials`, { data: { name: `Judge ${letter}`, role: 'Judge' } }),
    );
    const ctx = await playwrightRequest.newContext({ baseURL: server.url });
    contexts.push(ctx);
    await ok(await ctx.post(`${LAST}/officials/${j.id}/session`, { data: { code: j.accessCode } }));
    judges.push({ id: j.id, ctx });
  }
  let ev!: { key: string };
  for (const level of ['Newcomer', 'Bronze', 'Silver'])
    ev = await ok<{ key: string }>(
      await admin.post(`${LAST}/events`, {
        data: { name: `${level} Standard Waltz`, style: 'Standard', level, dances: ['Waltz'] },
      }),
    );
  const path = `${LAST}/events/${ev.key}`;
  // At the desk (dates do not apply to an organizer): Sam leads, Jane follows.
  const reg = await ok<{ leadNumber: number }>(
    await admin.post(`${LAST}/registrations`, {
      data: { lead: SAM, follow: JANE, affiliation: 'Valley University', events: [ev.key], consents },
    }),
  );
  const winner = String(reg.leadNumber);
  for (let i = 1; i <= 8; i++)
    await ok(
      await admin.post(`${path}/entries`, { data: { leadName: `Lead ${i}`, followName: `Follow ${i}` } }),
    );
  await ok(await admin.put(`${path}/panel`, { data: { officialIds: judges.map((j) => j.id) } }));
  await ok(await admin.post(`${path}/rounds/generate`, { data: {} }));
  // Nine couples: a semi-final recalling six, then the final.
  await ok(await admin.patch(`${path}/rounds/1`, { data: { recallSize: 6 } }));
  const semi = await ok<{ round: { couples: string[] } }>(
    await admin.post(`${path}/rounds/1/start`, { data: {} }),
  );
  const six = [winner, ...semi.round.couples.filter((c) => c !== winner).slice(0, 5)];
  for (const j of judges)
    await ok(await j.ctx.put(`${path}/rounds/1/marks/${j.id}`, { data: { Waltz: six } }));
  await ok(await admin.post(`${path}/rounds/1/results`, { data: {} }));
  await ok(await admin.post(`${path}/rounds/1/post`, { data: {} }));
  await ok(await admin.post(`${path}/rounds/2/start`, { data: {} }));
  const places = Object.fromEntries(six.map((c, i) => [c, i + 1]));
  for (const j of judges)
    await ok(await j.ctx.put(`${path}/rounds/2/marks/${j.id}`, { data: { Waltz: places } }));
  await ok(await admin.post(`${path}/rounds/2/results`, { data: {} }));
  await ok(await admin.post(`${path}/rounds/2/post`, { data: {} }));
}

test('clone last year, switch to it, open registration with YCN points; a dancer is refused Newcomer Waltz, enters Bronze; both years at /c/{key} and on her page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const admin = await playwrightRequest.newContext({ baseURL: server.url });
  contexts.push(admin);
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  await lastYear(admin);

  // The administrator, on a laptop: clone last year's competition, its dates a year (364 days) on.
  await page.setViewportSize(LAPTOP);
  await openSignedIn(page, '/admin/competitions', server.url);
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'New competition' }) });
  await form.getByLabel('Key', { exact: true }).fill('vss2026');
  await form.getByLabel('Full name').fill('Valley Swing & Standard 2026');
  await form.getByRole('textbox', { name: 'Clone from' }).click();
  await page.getByRole('option', { name: /^Valley Swing & Standard 2025/ }).click();
  await form.getByLabel('Move the dates by (days)').fill('364');
  await form.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByText('Valley Swing & Standard 2026 is ready', { exact: true })).toBeVisible();

  // Switch the admin area to it: the address says which competition.
  const nav = page.getByRole('navigation', { name: 'Admin screens' });
  await page.getByRole('textbox', { name: 'Switch competition' }).click();
  await page.getByRole('option', { name: 'Valley Swing & Standard 2026' }).click();
  await expect(page).toHaveURL(/\/c\/vss2026\/admin\/competitions$/);
  await nav.getByRole('link', { name: 'Setup' }).click();
  await expect(page).toHaveURL(/\/c\/vss2026\/admin\/setup$/);
  await expect(page.getByLabel('Start date')).toHaveValue(THIS_DAY);
  // Registration closed with last year's dates moved on: open it until the day before, with YCN points.
  const visitor = await browser.newPage({ viewport: PHONE });
  await visitor.goto(`${server.url}/c/vss2026/register`);
  await expect(visitor.getByText('Registration is closed')).toBeVisible();
  await page.getByRole('textbox', { name: 'Level rule' }).click();
  await page.getByRole('option', { name: 'YCN proficiency points' }).click();
  await page.getByLabel('Registration closes').fill(`${isoDay(Date.parse(THIS_DAY) - DAY)}T18:00`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();
  await visitor.close();

  // Registering on a phone: the points show once her name and email are typed.
  const phone = await browser.newPage({ viewport: PHONE });
  phone.on('pageerror', (e) => errors.push(e.message));
  await phone.goto(`${server.url}/c/vss2026/register`);
  await expect(phone.getByRole('heading', { name: 'Register' })).toBeVisible();
  const leadSet = phone.getByRole('group', { name: 'Lead' });
  await leadSet.getByLabel('Full name').fill('Chris Park');
  await leadSet.getByLabel('Email').fill('chris.park@students.example.edu');
  const followSet = phone.getByRole('group', { name: 'Follow' });
  await followSet.getByLabel('Full name').fill(JANE.name);
  await followSet.getByLabel('Email').fill(JANE.email);
  const points = phone.getByRole('region', { name: 'YCN points of follow' });
  await expect(points.getByRole('listitem')).toHaveText(
    'Standard Waltz: Silver 3 · Bronze 6 · Newcomer 7 (placed out)',
  );
  await expect(phone.getByRole('region', { name: 'YCN points of lead' })).toContainText('No points');
  const reason =
    'Jane Whitfield has 7 YCN points in Newcomer Standard Waltz (7 place a dancer out), from 1st in Silver ' +
    `Standard Waltz at Valley Swing & Standard 2025 (${LAST_DAY}, 7 pts), and may not enter Newcomer Standard Waltz.`;
  // The event she is out of says so before she ticks it.
  await expect(phone.getByText(reason)).toBeVisible();
  const team = phone.getByRole('textbox', { name: 'Team or studio' });
  await team.fill('Cornell DanceSport');
  await phone.keyboard.press('ArrowDown');
  await phone.keyboard.press('Enter');
  const boxes = phone.getByLabel('I accept the liability release');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await shot(phone, { path: 'shots/phone_register_ycn_points.png', fullPage: true });

  // Refused Newcomer Waltz, with the reason.
  await phone.getByRole('checkbox', { name: 'Newcomer Standard Waltz' }).check();
  await phone.getByRole('button', { name: 'Register', exact: true }).click();
  const alert = phone.getByRole('alert').filter({ hasText: 'Not registered yet' });
  await expect(alert).toContainText(reason);
  // The server refuses it the same way (the form is only a first check).
  const refused = await phone.request.post(`${server.url}${THIS}/registrations`, {
    data: {
      lead: { name: 'Chris Park', email: 'chris.park@students.example.edu' },
      follow: JANE,
      affiliation: 'Cornell DanceSport',
      events: ['newcomer-standard-waltz'],
      consents,
    },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(reason);

  // Bronze Waltz, one level up, is hers to enter.
  await phone.getByRole('checkbox', { name: 'Newcomer Standard Waltz' }).uncheck();
  await phone.getByRole('checkbox', { name: 'Bronze Standard Waltz' }).check();
  await phone.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(phone.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await expect(phone.getByRole('listitem').filter({ hasText: 'Bronze Standard Waltz' })).toBeVisible();

  // Her person page (linked from this year's competitor) lists last year's result.
  const competitors = await ok<{ name: string; personId: number; id: number }[]>(
    await phone.request.get(`${server.url}${THIS}/competitors`),
  );
  const jane = competitors.find((c) => c.name === JANE.name)!;
  await phone.goto(`${server.url}/c/vss2026/competitors/${jane.id}`);
  await phone.getByRole('link', { name: /Jane Whitfield's results at every competition/ }).click();
  await expect(phone).toHaveURL(new RegExp(`/c/vss2026/people/${jane.personId}$`));
  await expect(phone.getByRole('heading', { level: 1, name: JANE.name })).toBeVisible();
  const results = phone.getByRole('region', { name: 'Results' });
  // Both years: this year's entry, last year's win.
  await expect(
    results.getByRole('heading', { name: `Valley Swing & Standard 2026 · ${shown(THIS_DAY)}` }),
  ).toBeVisible();
  await expect(results.getByRole('listitem').first()).toContainText(/^EnteredBronze Standard Waltz/);
  await expect(
    results.getByRole('heading', { name: `Valley Swing & Standard 2025 · ${shown(LAST_DAY)}` }),
  ).toBeVisible();
  await expect(results.getByRole('listitem')).toContainText([
    /1stSilver Standard WaltzSilver Standard · WaltzFollowed with Sam Okafor · Final · after a semi-final/,
  ]);
  await expect(phone.getByRole('region', { name: 'Proficiency points (YCN)' })).toContainText(
    'Standard Waltz Silver 3 · Bronze 6 · Newcomer 7 (placed out)',
  );
  expect(await phone.content()).not.toContain('@students.example.edu');
  await shot(phone, { path: 'shots/phone_person_page.png', fullPage: true });

  // Both competitions' public pages, each at its own address.
  await phone.goto(`${server.url}/c/vss2025/results/silver-standard-waltz`);
  await expect(phone.getByRole('heading', { level: 1, name: /Silver Standard Waltz/ })).toBeVisible();
  await expect(phone.getByText(/Sam Okafor/).first()).toBeVisible();
  await phone.goto(`${server.url}/c/vss2026`);
  await expect(phone.getByRole('heading', { level: 1, name: 'Valley Swing & Standard 2026' })).toBeVisible();
  await phone.goto(`${server.url}/c/vss2026/entries`);
  await expect(phone.getByText(/Jane Whitfield/).first()).toBeVisible();
  await phone.close();

  // Site administrators: the same name with another email is a likely duplicate, merged on screen.
  await ok(
    await admin.post(`${THIS}/registrations`, {
      data: {
        lead: { name: 'Dev Singh', email: 'dev@example.edu' },
        follow: { name: 'Jane Whitfield', email: 'jwhitfield@alumni.example.org' },
        affiliation: 'Valley University',
        events: ['silver-standard-waltz'],
        consents,
      },
    }),
  );
  await page.setViewportSize(LAPTOP);
  await ok(await page.request.post(`${server.url}/api/v1/auth/login`, { data: E2E_ADMIN }));
  await page.goto(`${server.url}/admin/people`);
  const group = page.getByRole('region', { name: 'Likely duplicates: Jane Whitfield' });
  await expect(group.getByRole('row')).toHaveCount(3);
  await expect(group).toContainText('jwhitfield@alumni.example.org');
  await shot(page, { path: 'shots/laptop_admin_people.png', fullPage: true });
  await group.getByRole('button', { name: `Merge into #${jane.personId}` }).click();
  await page
    .getByRole('dialog', { name: `Merge into #${jane.personId}?` })
    .getByRole('button', { name: 'Merge' })
    .click();
  await expect(page.getByText(`Merged into #${jane.personId} Jane Whitfield.`)).toBeVisible();
  await expect(page.getByText('No two people share a name: nothing to review.')).toBeVisible();
  // Another dancer who is also called Jane Whitfield: marked as a different dancer, she leaves the review.
  const other = await ok<{ follow: { id: number } }>(
    await admin.post(`${THIS}/registrations`, {
      data: {
        lead: { name: 'Ravi Das', email: 'ravi@example.edu' },
        follow: { name: 'Jane Whitfield', email: 'jane.whitfield@city.example.com' },
        affiliation: 'City College',
        events: ['silver-standard-waltz'],
        consents,
      },
    }),
  );
  const otherId = (await ok<{ personId: number }>(await admin.get(`${THIS}/competitors/${other.follow.id}`)))
    .personId;
  await page.reload();
  await group.getByRole('button', { name: 'Different dancers' }).click();
  const ask = page.getByRole('dialog', { name: 'Different dancers?' });
  await expect(ask).toContainText(`#${otherId} Jane Whitfield`);
  await ask.getByRole('button', { name: 'Different dancers' }).click();
  await expect(page.getByText(/are marked as different dancers\.$/)).toBeVisible();
  await expect(page.getByText('No two people share a name: nothing to review.')).toBeVisible();
  // The merge is in the site's own audit chain, and the chain holds.
  await page.getByRole('button', { name: 'Verify the record' }).click();
  await expect(page.getByText(/^The record is intact: \d+ entr(y|ies)\.$/)).toBeVisible();
  expect(errors).toEqual([]);
});
