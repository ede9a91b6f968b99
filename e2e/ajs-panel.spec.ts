import { expect } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, shot } from './fixtures.ts';
import { fitsWidth, seriousAxe, signInJudge } from './ajsSteps.ts';

/**
 * AJS as the WDSF World Open scores it (docs/ajs.md): ten judges in two groups of five, the semi-final
 * and the final both scored under AJS.
 *  1. The scrutineer draws the semi-final's groups on the scrutineer's screen.
 *  2. A judge on a phone sees their group and gives one score per couple that counts for both of
 *     their components; the other nine judges' scores go in through the API.
 *  3. The semi-final's result shows totals to two decimals and the tolerance; it is posted, and the
 *     chairman's report on the judging flags the judge whose scores were far from the median.
 *  4. The final asks for separate scores in the Samba and Rumba, one score in the ChaCha.
 * The event and the five judges added for it are ours (unique names) and removed at the end.
 */
const API = '/api/v1/competitions/demo';
const stamp = `E2EP${Date.now().toString(36).slice(-5)}`;
const DANCES = ['Samba', 'ChaCha', 'Rumba'];

/** GET …/rounds/{n}/ajs-panel. */
interface RoundPanel {
  ajsComponents: Record<string, string[]>;
  ajsPanel: { source: string; separateDances: string[]; fixed: boolean };
}

test('an AJS semi-final and final with ten judges: a drawn split, one score for both components', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const admin = page.request;
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const demoJudges = (await ok<{ id: number; role: string }[]>(await admin.get(`${API}/officials`)))
    .filter((o) => o.role === 'Judge')
    .map((o) => o.id)
    .slice(0, 5);
  const added: number[] = [];
  const contexts = [];
  let ev = '';
  try {
    // Setup through the API: five more judges (ten on the panel), nine couples, two AJS rounds.
    for (let i = 1; i <= 5; i++)
      added.push(
        (
          await ok<{ id: number }>(
            await admin.post(`${API}/officials`, { data: { name: `${stamp} Judge ${i}`, role: 'Judge' } }),
          )
        ).id,
      );
    const panel = [...demoJudges, ...added];
    expect(panel).toHaveLength(10);
    const event = await ok<{ key: string }>(
      await admin.post(`${API}/events`, {
        data: {
          name: `${stamp} Latin`,
          style: 'Latin',
          level: 'Open',
          dances: DANCES,
          scoringSystem: 'ajs',
          ajsRounds: 2,
        },
      }),
    );
    ev = `${API}/events/${event.key}`;
    const first = 7000 + Math.floor(Math.random() * 2000);
    const couples = Array.from({ length: 9 }, (_, i) => String(first + i));
    for (const n of couples)
      await ok(
        await admin.post(`${API}/entries/adhoc`, { data: { eventKey: event.key, leadNumber: Number(n) } }),
      );
    await ok(await admin.put(`${ev}/panel`, { data: { officialIds: panel } }));
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));
    const panelOf = async (n: number) => ok<RoundPanel>(await admin.get(`${ev}/rounds/${n}/ajs-panel`));

    // 1. The scrutineer draws the semi-final's groups.
    await page.goto(`/admin/scrutineer?event=${event.key}&round=1`);
    const card = page.getByRole('region', { name: 'AJS panel' });
    await expect(card.getByText(/Default split by panel position/)).toBeVisible();
    await expect(card.getByRole('checkbox', { name: 'Samba' })).not.toBeChecked();
    await card.getByRole('button', { name: 'Draw groups' }).click();
    await expect(card.getByText(/Drawn at random for this round \(seed \d+\)/)).toBeVisible();
    await shot(page, { path: 'shots/ajs-panel-drawn-1280.png', fullPage: true });
    // The card itself (the notice that the groups were drawn comes and goes over the page).
    expect(await seriousAxe(page, 'section[aria-labelledby="ajs-panel-title"]')).toEqual([]);
    const drawn = (await panelOf(1)).ajsComponents;
    const groups = panel.map((id) => drawn[String(id)]!.join(' + '));
    expect(groups.filter((g) => g === 'TQ + PS')).toHaveLength(5);
    expect(groups.filter((g) => g === 'MM + CP')).toHaveLength(5);
    // The judges' sheets of the semi-final print each judge's drawn group, one box per couple and dance.
    const sheetGroup = drawn[String(panel[0]!)]!.join(' + ');
    await page.goto(`/print-sheets?kind=judge&scope=round&event=${event.key}&round=${event.key}-R1&paper=A4`);
    await expect(page.getByTestId('print-summary')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('columnheader', { name: `Samba ${sheetGroup}` }).first()).toBeVisible();
    await expect(
      page.getByText(`you score ${sheetGroup}, 1–10 in steps of 0.25; a “${sheetGroup}” box`).first(),
    ).toBeVisible();
    await shot(page, { path: 'shots/ajs-panel-judge-sheet-1280.png' });
    await ok(await admin.post(`${ev}/rounds/1/start`, { data: {} }));

    // 2. A judge on a phone: their group, one score per couple for both components.
    const phoneJudge = panel[0]!;
    const mine = drawn[String(phoneJudge)]!;
    const group = mine.join(' + ');
    const { accessCode } = await ok<{ accessCode: string }>(
      await admin.post(`${API}/officials/${phoneJudge}/code`, { data: {} }),
    );
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    contexts.push(phone);
    const judge = await phone.newPage();
    await signInJudge(judge, phoneJudge, accessCode, stamp);
    for (const dance of DANCES) {
      await judge.getByRole('button', { name: dance, exact: true }).click();
      await expect(judge.getByText(`You score ${group}`, { exact: false })).toBeVisible();
      await expect(judge.getByText(`one score per couple counts for both in the ${dance}`)).toBeVisible();
      for (const c of couples) {
        await judge.getByRole('navigation', { name: 'Couples' }).getByRole('button', { name: c }).click();
        // One stepper for the couple, not one per component: the first tap gives 7.50.
        await expect(judge.getByRole('group', { name: `${mine[0]} of couple ${c}` })).toHaveCount(0);
        await judge.getByRole('button', { name: `${group} of couple ${c} plus 0.25` }).click();
        await expect(
          judge.getByRole('group', { name: `${group} of couple ${c}` }).locator('output'),
        ).toHaveText('7.50');
      }
      await expect(judge.getByText('9 of 9 couples scored')).toBeVisible();
      if (dance === 'Samba') {
        await shot(judge, { path: 'shots/ajs-panel-one-score-390.png' });
        await fitsWidth(judge);
        expect(await seriousAxe(judge)).toEqual([]);
      }
      await judge.getByRole('button', { name: 'Review' }).click();
      await expect(judge.getByText(`${couples[0]}: ${group} 7.50`)).toBeVisible();
      await judge.getByRole('button', { name: 'Send these scores' }).click();
      await expect(judge.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible();
    }
    // Stored for both components: the engine and the marks history read it as two scores.
    const stored = await ok<{ marks: Record<string, Record<string, { value: Record<string, object> }>> }>(
      await admin.get(`${ev}/rounds/1/marks`),
    );
    expect(stored.marks.Samba![String(phoneJudge)]!.value[couples[0]!]).toEqual(
      Object.fromEntries(mine.map((k) => [k, 7.5])),
    );

    // The other nine judges through the API: couple i scores 9.5 − i/4, one score for both components;
    // the last judge sees it the other way round, far from the rest of the panel.
    const outlier = panel[9]!;
    for (const id of panel.slice(1)) {
      const comps = drawn[String(id)]!;
      const score = (i: number) => (id === outlier ? 5 + i * 0.25 : 9.5 - i * 0.25);
      const dance = Object.fromEntries(
        couples.map((c, i) => [c, Object.fromEntries(comps.map((k) => [k, score(i)]))]),
      );
      await ok(
        await admin.put(`${ev}/rounds/1/marks/${id}`, {
          data: Object.fromEntries(DANCES.map((d) => [d, dance])),
        }),
      );
    }
    await page.goto(`/admin/scrutineer?event=${event.key}&round=1`);
    await expect(card.getByText('Fixed: the round has marks.', { exact: false })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Draw groups' })).toHaveCount(0);

    // 3. The semi-final is computed: totals to two decimals, the event's tolerance named; then posted.
    await ok(await admin.post(`${ev}/rounds/1/results`, { data: {} }));
    await page.reload();
    const recall = page.getByText(/cut-off total \d+\.\d{2} · tolerance 1\.5/);
    await expect(recall).toBeVisible();
    const totals = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Total (AJS)' }) });
    const top = totals.getByRole('row').filter({ hasText: couples[0]! }).first();
    // 9.5 for each component in each dance: the phone's 7.5 and the far judge's 5 are dropped.
    await expect(top.getByRole('cell', { name: '114.00', exact: true })).toBeVisible();
    await ok(await admin.post(`${ev}/rounds/1/post`, { data: {} }));

    // The chairman's report on the judging: the judge who saw it the other way round is flagged, far
    // from the median.
    await page.goto(`/admin/chairman/judging-report?event=${event.key}`);
    await expect(page.getByRole('heading', { name: 'Report on the judging' })).toBeVisible();
    await expect(page.getByTestId('flagged-summary')).toContainText(`${stamp} Judge 5`);
    const far = page.getByTestId('judge-report').filter({ hasText: `${stamp} Judge 5` });
    await expect(far.getByRole('row').filter({ hasText: '⚑ Flagged' })).toContainText(
      /from the median in (TQ|MM)/,
    );
    await shot(page, { path: 'shots/ajs-panel-judging-report-1280.png', fullPage: true });

    // The final asks for separate scores in the Samba and Rumba.
    const final = await panelOf(2);
    expect(final.ajsPanel).toMatchObject({ separateDances: ['Samba', 'Rumba'], fixed: false });
    const finalCouples = (await ok<{ round: { couples: string[] } }>(await admin.get(`${ev}/rounds/2/marks`)))
      .round.couples;
    expect(finalCouples.length).toBeGreaterThan(0);
    await page.goto(`/admin/scrutineer?event=${event.key}&round=2`);
    await expect(card.getByRole('checkbox', { name: 'Samba' })).toBeChecked();
    await expect(card.getByRole('checkbox', { name: 'Rumba' })).toBeChecked();
    await expect(card.getByRole('checkbox', { name: 'ChaCha' })).not.toBeChecked();
    await shot(page, { path: 'shots/ajs-panel-final-1280.png', fullPage: true });
    await ok(await admin.post(`${ev}/rounds/2/start`, { data: {} }));
    const finalMine = final.ajsComponents[String(phoneJudge)]!;
    await judge.reload();
    await expect(judge.getByRole('heading', { name: new RegExp(`${stamp}.*Final`) })).toBeVisible();
    await judge.getByRole('button', { name: 'Samba', exact: true }).click();
    await expect(judge.getByText('a separate score for each in the Samba', { exact: false })).toBeVisible();
    const c0 = finalCouples[0]!;
    for (const k of finalMine)
      await expect(judge.getByRole('group', { name: `${k} of couple ${c0}` })).toBeVisible();
    await shot(judge, { path: 'shots/ajs-panel-final-separate-390.png' });
    await judge.getByRole('button', { name: 'ChaCha', exact: true }).click();
    await expect(
      judge.getByRole('group', { name: `${finalMine.join(' + ')} of couple ${c0}` }),
    ).toBeVisible();
    await fitsWidth(judge);
  } finally {
    for (const c of contexts) await c.close();
    if (ev) await admin.delete(`${ev}?confirm=true`);
    for (const id of added) await admin.delete(`${API}/officials/${id}`);
  }
});
