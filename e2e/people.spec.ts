import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN, ok, shot } from './fixtures.ts';
import { spawnServer, type SpawnedServer } from './support/server.ts';

/**
 * Issue 17: a dancer carries her record from last year's competition to this year's, which uses YCN
 * proficiency points. Last year (vss2025) she won Silver Standard Waltz after a semi-final: 3 points in
 * Silver, 6 in Bronze, 7 in Newcomer. Registering for this year (vss2026, the one served at /) she sees
 * her points, is refused Newcomer Waltz with the reason, and may enter Bronze Waltz; her person page
 * lists the result. A server of our own serves vss2026 at / (the web app's pages serve one competition).
 */
const PORT = Number(process.env.E2E_PORT ?? 3199) + 51;
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
  server = await spawnServer(PORT, 'vss2026');
});
test.afterAll(async () => {
  for (const c of contexts) await c.dispose();
  await server?.stop();
});

/** Last year's competition, with Jane and Sam winning Silver Standard Waltz after a semi-final. */
async function lastYear(admin: APIRequestContext): Promise<void> {
  await ok(
    await admin.post('/api/v1/competitions', {
      data: {
        key: 'vss2025',
        fullName: 'Valley Swing & Standard 2025',
        startDate: '2025-11-15',
        endDate: '2025-11-15',
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
  const ev = await ok<{ key: string }>(
    await admin.post(`${LAST}/events`, {
      data: { name: 'Silver Standard Waltz', style: 'Standard', level: 'Silver', dances: ['Waltz'] },
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

test('a dancer sees her YCN points while registering, is refused Newcomer Waltz, enters Bronze; her page lists the result', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const admin = await playwrightRequest.newContext({ baseURL: server.url });
  contexts.push(admin);
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  await lastYear(admin);
  // This year's competition counts YCN points.
  await ok(
    await admin.post('/api/v1/competitions', {
      data: {
        key: 'vss2026',
        fullName: 'Valley Swing & Standard 2026',
        startDate: '2026-11-14',
        endDate: '2026-11-14',
        eligibility: 'ycn',
      },
    }),
  );
  for (const level of ['Newcomer', 'Bronze', 'Silver'])
    await ok(
      await admin.post(`${THIS}/events`, {
        data: { name: `${level} Standard Waltz`, style: 'Standard', level, dances: ['Waltz'] },
      }),
    );

  // Registering on a phone: the points show once her name and email are typed.
  await page.setViewportSize(PHONE);
  await page.goto(`${server.url}/register`);
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  const leadSet = page.getByRole('group', { name: 'Lead' });
  await leadSet.getByLabel('Full name').fill('Chris Park');
  await leadSet.getByLabel('Email').fill('chris.park@students.example.edu');
  const followSet = page.getByRole('group', { name: 'Follow' });
  await followSet.getByLabel('Full name').fill(JANE.name);
  await followSet.getByLabel('Email').fill(JANE.email);
  const points = page.getByRole('region', { name: 'YCN points of follow' });
  await expect(points.getByRole('listitem')).toHaveText(
    'Standard Waltz: Silver 3 · Bronze 6 · Newcomer 7 (placed out)',
  );
  await expect(page.getByRole('region', { name: 'YCN points of lead' })).toContainText('No points');
  const reason =
    'Jane Whitfield has 7 YCN points in Newcomer Standard Waltz (7 place a dancer out), from 1st in Silver ' +
    'Standard Waltz at Valley Swing & Standard 2025 (2025-11-15, 7 pts), and may not enter Newcomer Standard Waltz.';
  // The event she is out of says so before she ticks it.
  await expect(page.getByText(reason)).toBeVisible();
  const team = page.getByRole('textbox', { name: 'Team or studio' });
  await team.fill('Cornell DanceSport');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const boxes = page.getByLabel('I accept the liability release');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await shot(page, { path: 'shots/phone_register_ycn_points.png', fullPage: true });

  // Refused Newcomer Waltz, with the reason.
  await page.getByRole('checkbox', { name: 'Newcomer Standard Waltz' }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Not registered yet' });
  await expect(alert).toContainText(reason);
  // The server refuses it the same way (the form is only a first check).
  const refused = await page.request.post(`${server.url}${THIS}/registrations`, {
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
  await page.getByRole('checkbox', { name: 'Newcomer Standard Waltz' }).uncheck();
  await page.getByRole('checkbox', { name: 'Bronze Standard Waltz' }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You are registered' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Bronze Standard Waltz' })).toBeVisible();

  // Her person page (linked from this year's competitor) lists last year's result.
  const competitors = await ok<{ name: string; personId: number; id: number }[]>(
    await page.request.get(`${server.url}${THIS}/competitors`),
  );
  const jane = competitors.find((c) => c.name === JANE.name)!;
  await page.goto(`${server.url}/competitors/${jane.id}`);
  await page.getByRole('link', { name: /Jane Whitfield's results at every competition/ }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${jane.personId}$`));
  await expect(page.getByRole('heading', { level: 1, name: JANE.name })).toBeVisible();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(
    results.getByRole('heading', { name: /Valley Swing & Standard 2025 · Nov 15, 2025/ }),
  ).toBeVisible();
  await expect(results.getByRole('listitem')).toContainText([
    /1stSilver Standard WaltzSilver Standard · WaltzFollowed with Sam Okafor · Final · after a semi-final/,
  ]);
  await expect(page.getByRole('region', { name: 'Proficiency points (YCN)' })).toContainText(
    'Standard Waltz Silver 3 · Bronze 6 · Newcomer 7 (placed out)',
  );
  expect(await page.content()).not.toContain('@students.example.edu');
  await shot(page, { path: 'shots/phone_person_page.png', fullPage: true });

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
  expect(errors).toEqual([]);
});
