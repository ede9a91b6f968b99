import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import dawsonM from '../src/domain/scoring/examples/final-dawson-m.json' with { type: 'json' };
import { createEvent, E2E_ADMIN, restoreCompetition, ok, shot, judgeSessions } from './fixtures.ts';

/**
 * /results and /results/{event} on a phone: two events of our own, marked through the API
 * by the five demo judges and posted — a four-dance final from Dawson's Example M (three Rule 11
 * decisions) and a Latin semi-final — then the filters, the full working and the downloads.
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2, 3, 4, 5];
const PHONE = { width: 390, height: 844 };

test('results: filters, the full Skating System working with Rule 11, recall tallies, downloads', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const admin = page.request;
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  // Letters only: the search below finds couples by number, and a stamp in their names holding those
  // digits (Date.now() 1795771412528 holds "252") would match every couple.
  const stamp = Date.now()
    .toString()
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const teamA = `Rule Eleven University ${stamp}`;
  const teamB = `Latin Club ${stamp}`;
  const contexts: APIRequestContext[] = [];
  const created: string[] = [];
  try {
    // Until the organizers publish results, /results says so.
    await ok(await admin.patch(API, { data: { resultsPageShown: false } }));
    await page.goto('/results');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Results are not published yet' }),
    ).toBeVisible();
    await shot(page, { path: 'shots/results-not-published.png' });
    const judges = await judgeSessions(admin, baseURL, JUDGES, contexts);

    // Event A: six couples, four dances → a final only, marked with Example M.
    const nameA = `Results Rule Eleven ${stamp}`;
    const dances = Object.keys(dawsonM.final);
    // The first couple are demo competitors 1 and 2, so a competitor page shows the result too.
    const a = await createEvent(admin, { name: nameA, style: 'Standard', level: 'Gold', dances }, 6, teamA, {
      leadId: 1,
      followId: 2,
    });
    created.push(a.path);
    const example = Object.keys(dawsonM.final.Waltz).sort((x, y) => +x - +y);
    const num = (c: string) => a.couples[example.indexOf(c)]!;
    await ok(await admin.post(`${a.path}/rounds/1/start`, { data: {} }));
    for (const [j, id] of JUDGES.entries()) {
      const body = Object.fromEntries(
        Object.entries(dawsonM.final).map(([dance, byCouple]) => [
          dance,
          Object.fromEntries(example.map((c) => [num(c), (byCouple as Record<string, number[]>)[c]![j]!])),
        ]),
      );
      await ok(await judges.get(id)!.put(`${a.path}/rounds/1/marks/${id}`, { data: body }));
    }
    await ok(await admin.post(`${a.path}/rounds/1/results`, { data: {} }));
    await ok(await admin.post(`${a.path}/rounds/1/post`, { data: {} }));

    // Event B: nine Latin couples → semi-final (recall 6) posted, final still to come.
    const nameB = `Results Latin Recall ${stamp}`;
    const b = await createEvent(
      admin,
      { name: nameB, style: 'Latin', level: 'Silver', dances: ['ChaCha', 'Rumba'] },
      9,
      teamB,
    );
    created.push(b.path);
    await ok(await admin.patch(`${b.path}/rounds/1`, { data: { recallSize: 6 } }));
    await ok(await admin.post(`${b.path}/rounds/1/start`, { data: {} }));
    // Judges A–D recall the first six; judge E swaps the sixth for the seventh.
    for (const [j, id] of JUDGES.entries()) {
      const six = j === 4 ? [...b.couples.slice(0, 5), b.couples[6]!] : b.couples.slice(0, 6);
      await ok(
        await judges.get(id)!.put(`${b.path}/rounds/1/marks/${id}`, { data: { ChaCha: six, Rumba: six } }),
      );
    }
    await ok(await admin.post(`${b.path}/rounds/1/results`, { data: {} }));
    await ok(await admin.post(`${b.path}/rounds/1/post`, { data: {} }));

    await ok(await admin.patch(API, { data: { resultsPageShown: true } }));

    // /results: both events; the filters narrow them and live in the URL.
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
    const cardA = page.getByTestId(`event-${a.key}`);
    const cardB = page.getByTestId(`event-${b.key}`);
    await expect(cardA).toBeVisible();
    await expect(cardA.getByRole('listitem').first()).toContainText(
      `1st${num('35')}Lead 2 ${nameA} & Follow 2 ${nameA}`,
    );
    await expect(cardB).toContainText('Final not posted yet · 1 round posted');
    await page.getByLabel('Style').selectOption('Latin');
    await expect(page).toHaveURL(/style=Latin/);
    await expect(cardB).toBeVisible();
    await expect(cardA).toBeHidden();
    await page.getByLabel('Style').selectOption('');
    await page.getByLabel('Team').selectOption(teamA);
    await expect(cardA).toBeVisible();
    await expect(cardB).toBeHidden();
    await expect(cardA.locator('.res-mine')).toHaveCount(6);
    // A shared link opens with its filters.
    await page.goto(`/results?level=Silver`);
    await expect(page.getByLabel('Level')).toHaveValue('Silver');
    await expect(cardB).toBeVisible();
    await expect(cardA).toBeHidden();
    await shot(page, { path: 'shots/results-filtered.png', fullPage: true });
    await page.goto(`/results?team=${encodeURIComponent(teamA)}`);
    await expect(cardA).toBeVisible();
    await shot(page, { path: 'shots/results.png', fullPage: true });
    // Finding a couple across events, by number or by name: their place, or how far they got.
    await page.goto('/results');
    const find = page.getByRole('searchbox', { name: 'Find a couple' });
    await find.fill(num('35'));
    await expect(cardA.getByRole('listitem')).toHaveText([
      `1st${num('35')}Lead 2 ${nameA} & Follow 2 ${nameA}${teamA}`,
    ]);
    await expect(cardB).toBeHidden();
    await find.fill(`lead 9 ${nameB.toLowerCase()}`);
    await expect(cardB.getByRole('listitem')).toHaveText([
      `${b.couples[8]}Lead 9 ${nameB} & Follow 9 ${nameB}${teamB}Reached the Semi-Final`,
    ]);
    await expect(cardA).toBeHidden();
    await shot(page, { path: 'shots/results-search.png', fullPage: true });
    await find.fill('');
    await expect(cardA).toBeVisible();
    // The whole competition as one CSV.
    const allCsv = page.getByRole('link', { name: 'Download all results (CSV)' });
    const allRes = await admin.get((await allCsv.getAttribute('href'))!);
    expect(allRes.headers()['content-disposition']).toBe('attachment; filename="demo-results.csv"');
    expect(await allRes.text()).toContain(`${nameA},Standard,Gold,Final,${num('35')}`);

    // /results/{A}: placings and the whole working.
    await cardA.getByRole('link', { name: nameA, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: nameA })).toBeVisible();
    await expect(page.getByTestId('final-placings').getByRole('listitem')).toHaveCount(6);
    const waltz = page.getByTestId('skating-Waltz');
    await expect(waltz.getByRole('columnheader', { name: '1-3', exact: true })).toBeVisible();
    const row45 = waltz
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: num('45'), exact: true }) });
    await expect(row45.getByRole('cell').nth(7)).toHaveText('3(5)');
    await expect(row45.getByRole('cell').nth(11)).toHaveText('3rd');
    await expect(row45.getByRole('cell').nth(12)).toHaveText('Rule 7');
    await expect(waltz).toContainText(
      `Rule 7: equal majority (3) in column 1-3, the lower sum places higher: couple ${num('45')} 3(5), couple ${num('55')} 3(9)`,
    );
    for (const d of ['Tango', 'Foxtrot', 'Quickstep'])
      await expect(page.getByTestId(`skating-${d}`)).toBeVisible();
    const summary = page.getByRole('region', { name: 'Places per dance and totals' });
    const row35 = summary
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${num('35')}\\s*Lead`) }) });
    await expect(row35.getByRole('cell')).toHaveText(['2', '2', '1', '1', '6', '1st', 'Rule 11']);
    const steps = page.getByTestId('final-steps');
    await expect(steps.getByRole('listitem')).toHaveCount(6);
    await expect(steps).toContainText(
      `In column 1-2: couple ${num('25')} 12(19), couple ${num('35')} 13(21). Couple ${num('35')} takes 1st.`,
    );
    await expect(steps).toContainText(`Couple ${num('75')} takes 5th.`);
    await expect(steps.getByRole('region', { name: 'Rule 11 working' })).toHaveCount(3);
    // Wide tables scroll inside their own box: the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const fontSize = await waltz
      .getByRole('cell')
      .first()
      .evaluate((el) => getComputedStyle(el).fontSize);
    expect(parseFloat(fontSize)).toBeGreaterThanOrEqual(16);
    await shot(page, { path: 'shots/results-event-final.png', fullPage: true });
    await shot(page, { path: 'shots/results-event-final-top.png' });
    await shot(waltz, { path: 'shots/results-event-waltz.png' });
    await shot(steps.locator('li').first(), { path: 'shots/results-event-rule11.png' });
    const eventCsv = await admin.get(
      (await page.getByRole('link', { name: 'Download these results (CSV)' }).getAttribute('href'))!,
    );
    expect(eventCsv.headers()['content-disposition']).toBe(
      `attachment; filename="demo-${a.key}-results.csv"`,
    );

    // /results/{B}: the recall tally by judge and dance.
    await page.goto(`/results/${b.key}`);
    const semi = page.getByTestId('round-1');
    await expect(semi.getByRole('heading', { name: 'Semi-Final' })).toBeVisible();
    await expect(semi).toContainText('6 of 9 couples recalled');
    const sixth = semi
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${b.couples[5]}\\s*Lead`) }) });
    // Judges A–D in both dances, not E: 8 marks, recalled.
    await expect(sixth.getByRole('cell')).toHaveText([
      'X',
      'X',
      'X',
      'X',
      '',
      'X',
      'X',
      'X',
      'X',
      '',
      '8',
      'Recalled',
    ]);
    await expect(page.getByText('Not posted yet: Final.')).toBeVisible();
    await shot(page, { path: 'shots/results-event-recall.png', fullPage: true });

    // The competitor's page lists the place; the first couple is Example M's couple 25: 2nd.
    await page.goto('/competitors/1');
    const mine = page.getByTestId('competitor-results').getByRole('listitem').filter({ hasText: nameA });
    await expect(mine).toContainText('2nd place');
    await expect(mine.getByRole('link', { name: nameA })).toHaveAttribute('href', `/results/${a.key}`);
    await shot(page, { path: 'shots/results-competitor.png', fullPage: true });

    // A demo event with nothing posted, and an event that does not exist.
    const events = await ok<{ key: string; rounds: { roundState: number }[] }[]>(
      await admin.get(`${API}/events`),
    );
    const untouched = events.find((e) => e.rounds.length > 0 && e.rounds.every((r) => r.roundState !== 5))!;
    await page.goto(`/results/${untouched.key}`);
    await expect(page.getByRole('heading', { name: 'No results yet' })).toBeVisible();
    await shot(page, { path: 'shots/results-event-empty.png' });
    await page.goto('/results/no-such-event');
    await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
  } finally {
    for (const ctx of contexts) await ctx.dispose();
    await admin.post('/api/v1/auth/login', { data: E2E_ADMIN });
    for (const path of created) {
      const del = await admin.delete(`${path}?confirm=true`);
      expect(del.ok(), `cleanup: ${del.status()}`).toBe(true);
    }
    await restoreCompetition(admin, { resultsPageShown: false });
  }
});

test('results: /results follows the "Show the results page" switch without a reload, both ways', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  // The organizer switches from elsewhere; the visitor's page is signed out.
  const organizer = await playwrightRequest.newContext({ baseURL });
  try {
    await ok(await organizer.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    await ok(await organizer.patch(API, { data: { resultsPageShown: false } }));
    await page.goto('/results');
    const notPublished = page.getByRole('heading', { level: 1, name: 'Results are not published yet' });
    await expect(notPublished).toBeVisible();
    await ok(await organizer.patch(API, { data: { resultsPageShown: true } }));
    await expect(page.getByRole('heading', { level: 1, name: 'Results', exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ events/)).toBeVisible();
    await ok(await organizer.patch(API, { data: { resultsPageShown: false } }));
    await expect(notPublished).toBeVisible();
  } finally {
    await restoreCompetition(organizer, { resultsPageShown: false });
    await organizer.dispose();
  }
});
