import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, scrutineerSignsIn, startShownRound, shot, judgeSessions } from './fixtures.ts';

/**
 * The scrutineer's day on an event of its own: judges mark through the API with their
 * access codes while the scrutineer screen watches, computes, resolves a cut-off tie, posts the
 * semi-final, then computes the final and shows the Skating System working.
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2, 3, 4, 5];
const DANCES = ['Waltz', 'Tango'];

test('scrutineer collects marks live, resolves a cut-off tie, posts and places the final', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const admin = page.request;
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));

  // Our own event: 9 couples, two dances, five judges → Semi-Final (recall 7) and Final.
  const name = `Scrutineer E2E ${Date.now()}`;
  const event = await ok<{ key: string }>(
    await admin.post(`${API}/events`, { data: { name, style: 'Standard', level: 'Bronze', dances: DANCES } }),
  );
  const ev = `${API}/events/${event.key}`;
  const judgeContexts: APIRequestContext[] = [];
  try {
    for (let i = 1; i <= 9; i++) {
      await ok(
        await admin.post(`${ev}/entries`, {
          data: { leadName: `Lead ${i} ${name}`, followName: `Follow ${i} ${name}` },
        }),
      );
    }
    await ok(await admin.put(`${ev}/panel`, { data: { officialIds: JUDGES } }));
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));

    // Each judge on their own "tablet", signed in with a fresh code.
    const judges = await judgeSessions(admin, baseURL, JUDGES, judgeContexts);

    await page.goto(`/admin/scrutineer?event=${event.key}&round=1`);
    const panel = page.getByRole('heading', { name: `${name}, Semi-Final` });
    await expect(panel).toBeVisible();
    // Start asks first, naming the round and who dances.
    await page.getByRole('button', { name: 'Start round' }).click();
    const startDialog = page.getByRole('dialog', { name: `Start ${name}, Semi-Final?` });
    await expect(startDialog).toContainText('9 couples dance');
    await expect(startDialog).toContainText('9 not checked in');
    await shot(page, { path: 'shots/scrutineer-start.png' });
    await startDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(startDialog).toBeHidden();
    expect((await ok<{ roundState: number }>(await admin.get(`${ev}/rounds/1/couples`))).roundState).toBe(0);
    await startShownRound(page, `${name}, Semi-Final`);
    await expect(page.getByText(/is running: 9 couples on the floor/)).toBeVisible();
    await expect(page.getByTestId('marks-progress')).toHaveText('10 of 10 still to come');

    const marks = await ok<{ round: { couples: string[] } }>(await admin.get(`${ev}/rounds/1/marks`));
    const couples = marks.round.couples;
    expect(couples).toHaveLength(9);
    // Everyone marks the first six; the seventh mark goes to c7, c7, c8, c8, c9 in both dances:
    // c7 and c8 tie at the cut-off with 4 marks (recall all → 8 couples, none → 6).
    const [c1, c2, c3, c4, c5, c6, c7, c8, c9] = couples as [string, ...string[]];
    const seventh = [c7, c7, c8, c8, c9];
    const recallOf = (i: number) => [c1, c2, c3, c4, c5, c6, seventh[i]!];
    const put = (id: number, body: Record<string, unknown>) =>
      judges.get(id)!.put(`${ev}/rounds/1/marks/${id}`, {
        data: body,
        headers: { 'Idempotency-Key': `scr-e2e-${event.key}-${id}-${Object.keys(body).join('-')}` },
      });
    for (const [i, id] of JUDGES.slice(0, 4).entries()) {
      await ok(await put(id, { Waltz: recallOf(i), Tango: recallOf(i) }));
    }
    // The screen follows live, without a reload.
    await expect(page.getByTestId('marks-progress')).toHaveText('2 of 10 still to come');
    await ok(await put(5, { Waltz: recallOf(4) }));
    await expect(page.getByTestId('marks-progress')).toHaveText('1 of 10 still to come');
    await expect(page.getByTestId('progress-5-Waltz')).toContainText('Submitted');
    await expect(page.getByTestId('progress-5-Tango')).toContainText('waiting');
    await ok(await put(5, { Tango: recallOf(4) }));
    await expect(page.getByTestId('marks-progress')).toHaveText('Every judge has submitted every dance.');
    await shot(page, { path: 'shots/scrutineer-marks.png', fullPage: true });

    // Compute: the tie at the cut-off asks for a decision, "recall all tied" first.
    await page.getByRole('button', { name: 'Compute' }).click();
    const tie = page.getByRole('dialog', { name: 'Tie at the cut-off' });
    await expect(tie).toContainText(`(${c7}, ${c8}) are tied at the cut-off with 4 marks`);
    await expect(tie.getByLabel('All tied couples: 8 couples recalled (default)')).toBeChecked();
    await expect(tie.getByLabel('None of the tied couples: 6 couples recalled')).toBeVisible();
    await shot(page, { path: 'shots/scrutineer-tie.png' });
    await tie.getByRole('button', { name: 'Compute with this decision' }).click();
    await expect(page.getByTestId('recall-summary')).toContainText('8 couples recalled · cut-off 4 marks');
    await expect(page.getByTestId('recall-summary')).toContainText('all tied couples recalled');
    // Per judge over both dances: judge A marked the seventh couple c7 twice.
    const c7Row = page
      .getByTestId('recall-result')
      .getByRole('row')
      .filter({ hasText: new RegExp(`^${c7}`) });
    await expect(c7Row.getByRole('cell').nth(1)).toHaveText('2');

    // Post: it says what will happen first.
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: /Post .*Semi-Final/ });
    await expect(confirm).toContainText('Final receives 8 couples');
    await confirm.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByText(/posted: 8 couples recalled to the Final/)).toBeVisible();
    // Print opens the semi-final's recall list in a tab of its own.
    const [sheet] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'Print recall list' }).click(),
    ]);
    await expect(sheet.getByTestId('print-summary')).toHaveText('1 page on A4.');
    const recallPage = sheet.getByTestId('sheet-page');
    await expect(recallPage).toContainText('Recall list');
    await expect(recallPage).toContainText(`${name}`);
    for (const c of [c1, c7, c8]) await expect(recallPage).toContainText(c!);
    await sheet.close();
    // Posting hands the couples on but does not start the final: it holds them, Ready for its turn.
    const finalRow = page.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Final' });
    await expect(finalRow.filter({ hasNotText: 'Semi' })).toContainText('Ready');
    await shot(page, { path: 'shots/scrutineer-posted.png', fullPage: true });
    // The deck captain starts it when its turn comes; the scrutineer's screen follows.
    await ok(await admin.post(`${ev}/rounds/2/start`, { data: {} }));
    await expect(finalRow.filter({ hasNotText: 'Semi' })).toContainText('On the floor');

    // The final: every judge places the eight couples; the screen shows the Skating System working.
    await finalRow.filter({ hasNotText: 'Semi' }).click();
    await expect(page.getByRole('heading', { name: `${name}, Final` })).toBeVisible();
    const finalists = (await ok<{ round: { couples: string[] } }>(await admin.get(`${ev}/rounds/2/marks`)))
      .round.couples;
    expect(finalists).toHaveLength(8);
    for (const [j, id] of JUDGES.entries()) {
      const places = (shift: number) =>
        Object.fromEntries(finalists.map((c, i) => [c, ((i + shift) % finalists.length) + 1]));
      await ok(
        await judges.get(id)!.put(`${ev}/rounds/2/marks/${id}`, {
          data: { Waltz: places(j % 3 === 0 ? 0 : j), Tango: places(j % 2 === 0 ? 0 : 1) },
        }),
      );
    }
    await expect(page.getByTestId('marks-progress')).toHaveText('Every judge has submitted every dance.');

    // Judge A's Waltz comes in on paper with the first two couples swapped: the scrutineer types it in.
    await page.getByRole('button', { name: 'Enter paper marks' }).click();
    const paper = page.getByRole('dialog', { name: 'Enter marks from a paper sheet' });
    await paper.getByLabel('Judge').click();
    await page.getByRole('option', { name: /^A — / }).click();
    await paper.getByLabel('Dance').click();
    await page.getByRole('option', { name: 'Waltz' }).click();
    await expect(paper.getByText(/Give each couple its place/)).toBeVisible();
    const onPaper = Object.fromEntries(finalists.map((c, i) => [c, i + 1]));
    [onPaper[finalists[0]!], onPaper[finalists[1]!]] = [2, 1];
    for (const c of finalists) await paper.getByLabel(`Couple ${c}`).fill(String(onPaper[c]));
    await paper.getByRole('button', { name: 'Save marks' }).click();
    await expect(page.getByText(/Waltz: marks from the paper sheet saved/)).toBeVisible();
    const afterPaper = await ok<{
      marks: Record<
        string,
        Record<string, { value: Record<string, number>; source: string; version: number }>
      >;
    }>(await admin.get(`${ev}/rounds/2/marks`));
    expect(afterPaper.marks.Waltz?.['1']).toMatchObject({ value: onPaper, source: 'paper', version: 2 });

    await page.getByRole('button', { name: 'Compute' }).click();
    await expect(page.getByTestId('skating-Waltz')).toBeVisible();
    await expect(page.getByTestId('skating-Tango')).toBeVisible();
    await expect(page.getByTestId('final-summary')).toBeVisible();
    // Columns "1", "1-2", … with "count(sum)" cells, and a place and rule per couple.
    await expect(
      page.getByTestId('skating-Waltz').getByRole('columnheader', { name: '1-2', exact: true }),
    ).toBeVisible();
    await expect(
      page
        .getByTestId('skating-Waltz')
        .getByText(/^\d\(\d+\)$/)
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId('skating-Waltz')).toContainText('Rule 5');
    await shot(page, { path: 'shots/scrutineer-final.png', fullPage: true });

    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const confirmFinal = page.getByRole('dialog', { name: /Post .*Final/ });
    await expect(confirmFinal).toContainText('final results are saved');
    await confirmFinal.getByRole('button', { name: 'Post' }).click();
    await expect(page.getByText(/posted: final placings of .* published/)).toBeVisible();

    // Un-post needs a reason.
    await page.getByRole('button', { name: 'Un-post' }).click();
    const unpost = page.getByRole('dialog', { name: /Un-post/ });
    await expect(unpost.getByRole('button', { name: 'Un-post' })).toBeDisabled();
    await unpost.getByLabel('Reason').fill('Judge C swapped two couples on paper');
    await unpost.getByRole('button', { name: 'Un-post' }).click();
    await expect(page.getByText('Results taken back')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Post', exact: true })).toBeVisible();
  } finally {
    for (const ctx of judgeContexts) await ctx.dispose();
    await admin.post('/api/v1/auth/login', { data: E2E_ADMIN });
    const del = await admin.delete(`${ev}?confirm=true`);
    expect(del.ok(), `cleanup: ${del.status()}`).toBe(true);
  }
});

test('the scrutineer screen is behind the sign-in; the scrutineer signs in there with their access code', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/scrutineer');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fscrutineer$/);
  await page.getByRole('button', { name: 'Sign in with an access code' }).click();
  const form = page.getByRole('form', { name: 'Scrutineer sign-in' });
  await form.getByLabel('Access code').fill('WRONG12');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('That access code is not right')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await shot(page, { path: 'shots/scrutineer-signin.png' });

  // A fresh code for the demo scrutineer (official 7), issued by an admin elsewhere.
  const adminCtx = await playwrightRequest.newContext({ baseURL });
  try {
    await ok(await adminCtx.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    const { accessCode, name } = await ok<{ accessCode: string; name: string }>(
      await adminCtx.post(`${API}/officials/7/code`),
    );
    await scrutineerSignsIn(page, accessCode);
    await expect(page).toHaveURL(/\/admin\/scrutineer$/);
    await expect(page.getByText(`Signed in as ${name}`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Rounds by schedule' })).toBeVisible();
    // The code opens the scrutineer's screen only.
    await page.goto('/admin/officials');
    await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  } finally {
    await adminCtx.dispose();
  }
});
