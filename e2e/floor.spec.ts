import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, scrutineerSignsIn, startShownRound, shot } from './fixtures.ts';
import { placeMultiDance, type FinalMarks } from '../src/domain/scoring/index.ts';

/**
 * One event run from its first round to the final in separate browser contexts —
 * two judges on tablets and the scrutineer on a laptop (plus the deck captain and the MC). Judges
 * mark on screen, the scrutineer watches progress arrive live, computes, resolves a tie at the cut-off,
 * posts; the final is placed per the Skating System. In the final one judge loses the Wi-Fi, places a
 * whole dance, reloads with no network, comes back online, and the marks arrive once, intact.
 */
const API = '/api/v1/competitions/demo';
const stamp = `Floor ${Date.now().toString(36).slice(-5)}`;
const JUDGE_A = 1;
const JUDGE_B = 2;
const DANCES = ['Waltz', 'Quickstep'];

async function codeFor(admin: APIRequestContext, officialId: number): Promise<string> {
  return (await ok<{ accessCode: string }>(await admin.post(`${API}/officials/${officialId}/code`)))
    .accessCode;
}

/** A judge's tablet: its own browser context, signed in on screen with the judge's code. */
async function tablet(browser: Browser, judgeId: number, code: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/judges/${judgeId}`);
  await page.getByLabel('Access code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

/** Opens our round on the tablet (another spec may have a round running for the same judge). */
async function openRound(page: Page, round: string) {
  const heading = page.getByRole('heading', { name: `${stamp} — ${round}` });
  await expect(async () => {
    const ours = page.getByRole('button', { name: new RegExp(`${stamp}.*${round}`) });
    if (await ours.isVisible().catch(() => false)) await ours.click();
    await expect(heading).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

const tile = (page: Page, couple: string) =>
  page.locator('.judge-grid .judge-tile').filter({
    has: page.locator('.judge-tile-number', { hasText: new RegExp(`^${couple}$`) }),
  });

async function markDance(page: Page, dance: string, couples: string[]) {
  await page.getByRole('button', { name: dance, exact: true }).click();
  for (const c of couples) await tile(page, c).click();
}

test('two judges and the scrutineer run an event from the first round to the final', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const admin = page.request;
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const event = await ok<{ key: string }>(
    await admin.post(`${API}/events`, {
      data: { name: stamp, style: 'Standard', level: 'Silver', dances: DANCES },
    }),
  );
  const ev = `${API}/events/${event.key}`;
  const tablets: Page[] = [];
  try {
    // Nine couples → Semi-Final (recall 7) and Final; a panel of two judges.
    const base = 600 + Math.floor(Math.random() * 300);
    for (let i = 0; i < 9; i++) {
      await ok(
        await admin.post(`${ev}/entries`, {
          data: {
            leadName: `Lead ${i + 1} ${stamp}`,
            followName: `Follow ${i + 1} ${stamp}`,
            affiliation: 'Riverside University',
            leadNumber: base + i,
          },
        }),
      );
    }
    await ok(await admin.put(`${ev}/panel`, { data: { officialIds: [JUDGE_A, JUDGE_B] } }));
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));

    // The scrutineer's laptop.
    const scrutineer = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await scrutineerSignsIn(
      scrutineer,
      await codeFor(admin, 7),
      `/admin/scrutineer?event=${event.key}&round=1`,
    );
    await expect(scrutineer.getByRole('heading', { name: `${stamp}, Semi-Final` })).toBeVisible();
    await startShownRound(scrutineer, `${stamp}, Semi-Final`);
    await expect(scrutineer.getByText(/is running: 9 couples on the floor/)).toBeVisible();
    await expect(scrutineer.getByTestId('marks-progress')).toHaveText('4 of 4 still to come');

    // The MC's screen is open all along (no sign-in: everything on it is public once posted).
    const mc = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    tablets.push(mc);
    await mc.goto('/admin/mc');
    await expect(mc.getByTestId('mc-coming-up')).toBeVisible();

    // The judges sign in on their tablets; the running round is there.
    const a = await tablet(browser, JUDGE_A, await codeFor(admin, JUDGE_A));
    const b = await tablet(browser, JUDGE_B, await codeFor(admin, JUDGE_B));
    tablets.push(a, b);
    await openRound(a, 'Semi-Final');
    await openRound(b, 'Semi-Final');

    // Both recall couples 1–6; A's seventh is couple 7, B's couple 8: 7 and 8 tie at the cut-off.
    const n = Array.from({ length: 9 }, (_, i) => String(base + i));
    const sure = n.slice(0, 6);
    for (const [judge, seventh] of [
      [a, n[6]!],
      [b, n[7]!],
    ] as const) {
      for (const dance of DANCES) {
        await markDance(judge, dance, [...sure, seventh]);
        await expect(judge.getByText('7 of 7 marked')).toBeVisible();
        await judge.getByRole('button', { name: 'Submit' }).click();
        await expect(judge.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible();
      }
      // The scrutineer's screen follows each judge live.
      await expect(scrutineer.getByTestId('marks-progress')).toHaveText(
        judge === a ? '2 of 4 still to come' : 'Every judge has submitted every dance.',
      );
    }
    await shot(scrutineer, { path: 'shots/floor-scrutineer-progress.png', fullPage: true });

    // Compute: the tie asks for a decision; recall all tied (8 couples).
    await scrutineer.getByRole('button', { name: 'Compute' }).click();
    const tie = scrutineer.getByRole('dialog', { name: 'Tie at the cut-off' });
    await expect(tie).toContainText(`(${n[6]}, ${n[7]}) are tied at the cut-off with 2 marks`);
    await expect(tie.getByLabel('All tied couples: 8 couples recalled (default)')).toBeChecked();
    await tie.getByRole('button', { name: 'Compute with this decision' }).click();
    await expect(scrutineer.getByTestId('recall-summary')).toContainText('8 couples recalled');
    await scrutineer.getByRole('button', { name: 'Post', exact: true }).click();
    await scrutineer
      .getByRole('dialog', { name: /Post .*Semi-Final/ })
      .getByRole('button', { name: 'Post' })
      .click();
    await expect(scrutineer.getByText(/posted: 8 couples recalled to the Final/)).toBeVisible();

    // The MC sees the recall at once, numbers in number order.
    const recall = mc.getByTestId('mc-recall');
    await expect(recall).toContainText(`The following couples are recalled to the Final of ${stamp}:`);
    await expect(recall.getByTestId('mc-recalled')).toHaveText(n.slice(0, 8).join(''));

    // The deck captain lines the finalists up and checks two couples in.
    const deck = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    tablets.push(deck);
    await deck.goto(`/admin/deckcaptain?event=${event.key}&round=2`);
    await deck.getByLabel('Access code').fill(await codeFor(admin, 6));
    await deck.getByRole('button', { name: 'Sign in' }).click();
    await expect(deck.getByRole('heading', { name: `${stamp}, Final` })).toBeVisible();
    await expect(deck.getByTestId('checkin-count')).toHaveText('0 of 8 checked in');
    for (const c of [n[0]!, n[1]!]) await deck.getByRole('button', { name: `Check in couple ${c}` }).click();
    await expect(deck.getByTestId('checkin-count')).toHaveText('2 of 8 checked in');
    await shot(deck, { path: 'shots/floor-deckcaptain.png' });

    // Posting left the final waiting; the deck captain starts it, and it reaches both tablets by itself.
    await deck.getByRole('button', { name: 'Start round' }).click();
    await deck
      .getByRole('dialog', { name: `Start ${stamp}, Final?` })
      .getByRole('button', { name: 'Start round' })
      .click();
    await expect(deck.getByText(/is running: 8 couples on the floor/)).toBeVisible();
    await openRound(a, 'Final');
    await openRound(b, 'Final');
    const finalists = n.slice(0, 8);

    // Judge A places in number order, online.
    const sent: FinalMarks = {};
    for (const d of DANCES) sent[d] = Object.fromEntries(finalists.map((c) => [c, [] as number[]]));
    for (const dance of DANCES) {
      await markDance(a, dance, finalists);
      await a.getByRole('button', { name: 'Review' }).click();
      await a.getByRole('button', { name: 'Send these places' }).click();
      await expect(a.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible();
      finalists.forEach((c, i) => sent[dance]![c]!.push(i + 1));
    }

    // Judge B: Waltz online in reverse order for the top four; Quickstep with the Wi-Fi gone.
    const orderB = [n[1]!, n[0]!, n[3]!, n[2]!, n[5]!, n[4]!, n[7]!, n[6]!];
    await markDance(b, 'Waltz', orderB);
    await b.getByRole('button', { name: 'Review' }).click();
    await b.getByRole('button', { name: 'Send these places' }).click();
    await expect(b.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible();
    orderB.forEach((c, i) => sent.Waltz![c]!.push(i + 1));

    await b.context().setOffline(true);
    await markDance(b, 'Quickstep', orderB);
    await b.getByRole('button', { name: 'Review' }).click();
    await b.getByRole('button', { name: 'Send these places' }).click();
    await expect(b.getByText('Saved on this device — sending when the network is back')).toBeVisible();
    await b.reload();
    await openRound(b, 'Final');
    await b.getByRole('button', { name: 'Quickstep', exact: true }).click();
    await expect(b.getByText('8 of 8 placed')).toBeVisible();
    await expect(b.getByText('Saved on this device — sending when the network is back')).toBeVisible();
    await shot(b, { path: 'shots/floor-judge-offline.png' });
    // Nothing reached the server while offline.
    const whileOffline = await ok<{ marks: Record<string, Record<string, unknown>> }>(
      await admin.get(`${ev}/rounds/2/marks`),
    );
    expect(whileOffline.marks.Quickstep?.[String(JUDGE_B)]).toBeUndefined();
    await b.context().setOffline(false);
    await expect(b.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible({ timeout: 15_000 });
    orderB.forEach((c, i) => sent.Quickstep![c]!.push(i + 1));

    // Once, intact: version 1, exactly the places judge B gave, and one history row.
    const after = await ok<{
      marks: Record<string, Record<string, { value: Record<string, number>; version: number }>>;
    }>(await admin.get(`${ev}/rounds/2/marks`));
    const quickstepB = after.marks.Quickstep?.[String(JUDGE_B)];
    expect(quickstepB?.version).toBe(1);
    expect(quickstepB?.value).toEqual(Object.fromEntries(orderB.map((c, i) => [c, i + 1])));

    // The scrutineer computes the final: places per the Skating System.
    await scrutineer.getByRole('row').filter({ hasText: stamp }).filter({ hasNotText: 'Semi' }).click();
    await expect(scrutineer.getByRole('heading', { name: `${stamp}, Final` })).toBeVisible();
    await expect(scrutineer.getByTestId('marks-progress')).toHaveText(
      'Every judge has submitted every dance.',
    );
    await scrutineer.getByRole('button', { name: 'Compute' }).click();
    await expect(scrutineer.getByTestId('final-summary')).toBeVisible();
    const expected = placeMultiDance(sent).places;
    const computed = await ok<{ placements: Record<string, number> }>(
      await admin.get(`${ev}/rounds/2/results`),
    );
    expect(computed.placements).toEqual(expected);
    // Two judges can share first place (1.5 each): check the best-placed couple's row.
    const [winner, best] = Object.entries(expected).sort((x, y) => x[1] - y[1])[0]!;
    await expect(
      scrutineer
        .getByTestId('final-summary')
        .getByRole('row')
        .filter({ hasText: new RegExp(`^${winner}`) }),
    ).toContainText(String(best));
    await shot(scrutineer, { path: 'shots/floor-scrutineer-final.png', fullPage: true });
    await scrutineer.getByRole('button', { name: 'Post', exact: true }).click();
    await scrutineer
      .getByRole('dialog', { name: /Post .*Final/ })
      .getByRole('button', { name: 'Post' })
      .click();
    await expect(scrutineer.getByText(/posted: final placings of .* published/)).toBeVisible();

    // The MC reads the placings from last to first; first place comes last (two judges: often shared).
    const script = mc.getByTestId('mc-placings');
    await expect(script).toContainText(`Final of ${stamp}`);
    await expect(script.getByTestId('mc-line')).toHaveCount(8);
    await expect(script.getByTestId('mc-line').last()).toContainText('1st place');
    await expect(script).toContainText(`couple ${winner}`);
    await shot(mc, { path: 'shots/floor-mc.png' });

    // Public: the placings are out.
    const published = await ok<{ placements: Record<string, number> }>(
      await page.context().request.get(`${ev}/results`),
    );
    expect(published.placements).toEqual(expected);
  } finally {
    for (const t of tablets) await t.context().close();
    await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    await admin.delete(`${ev}?confirm=true`);
  }
});
