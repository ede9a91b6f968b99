import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, restoreCompetition, shot } from './fixtures.ts';

/**
 * Championship formats (docs/scrutineering-formats.md): a star couple joins
 * at the semi-final (★ on the deck captain's list), a redance after the quarter-final brings two
 * couples back into the semi-final, and the chairman disqualifies the winner of the posted final on
 * the chairman's screen: /results, open meanwhile, moves the placings up without a reload. The event
 * is our own (unique name), marked through the API by one judge, and deleted at the end.
 */
const API = '/api/v1/competitions/demo';
const JUDGE = 1;
const CHAIRMAN = 8;
const stamp = `E2EF${Date.now().toString(36).slice(-5)}`;

/** One judge's marks for a round: the first `n` couples recalled, or (final) places in order. */
async function mark(admin: APIRequestContext, ev: string, n: number, recall: number | null) {
  const round = await ok<{ round: { couples: string[] } }>(await admin.get(`${ev}/rounds/${n}/marks`));
  const couples = [...round.round.couples].sort((a, b) => Number(a) - Number(b));
  const value =
    recall === null ? Object.fromEntries(couples.map((c, i) => [c, i + 1])) : couples.slice(0, recall);
  await ok(await admin.put(`${ev}/rounds/${n}/marks/${JUDGE}?source=paper`, { data: { Rumba: value } }));
  await ok(await admin.post(`${ev}/rounds/${n}/results`, { data: {} }));
  await ok(await admin.post(`${ev}/rounds/${n}/post`, { data: {} }));
  return couples;
}

test('a star couple joins at the semi-final, a redance brings two back, a disqualified winner moves the placings up', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = page.request;
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const event = await ok<{ key: string }>(
    await admin.post(`${API}/events`, {
      data: { name: `${stamp} Latin`, style: 'Latin', level: 'Gold', dances: ['Rumba'] },
    }),
  );
  const ev = `${API}/events/${event.key}`;
  const contexts = [];
  try {
    await ok(await admin.patch(API, { data: { resultsPageShown: true } }));
    const base = 7000 + Math.floor(Math.random() * 2000);
    const numbers = Array.from({ length: 16 }, (_, i) => base + i * 3);
    for (const leadNumber of numbers)
      await ok(await admin.post(`${API}/entries/adhoc`, { data: { eventKey: event.key, leadNumber } }));
    await ok(await admin.put(`${ev}/panel`, { data: { officialIds: [JUDGE] } }));
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));
    type Ev = {
      rounds: { roundName: string }[];
      entries: { entryId: number; leadNumber: number; version: number }[];
    };
    const read = async () =>
      (await ok<Ev[]>(await admin.get(`${API}/events`))).find(
        (e) => (e as { key?: string }).key === event.key,
      )!;
    expect((await read()).rounds.map((r) => r.roundName)).toEqual(['Quarter-Final', 'Semi-Final', 'Final']);

    // The organizer: the highest number is a star couple joining at the semi-final; a redance after
    // the quarter-final brings 2 couples back. The quarter-final recalls 5 directly (and the
    // semi-final 4 to the final), so the semi-final holds 5 + 2 + the star couple.
    const starNumber = numbers.at(-1)!;
    await page.goto('/admin/setup/events');
    await page.getByLabel('Search events').fill(stamp);
    await page.getByTestId(`event-${event.key}`).getByRole('button', { name: 'Rounds', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Rounds of ${stamp} Latin` });
    const formats = dialog.getByTestId('formats-section');
    await formats.getByRole('textbox', { name: 'Star couple' }).fill(String(starNumber));
    await page.getByRole('option', { name: new RegExp(`^${starNumber} `) }).click();
    await formats.getByRole('textbox', { name: 'Joins at' }).click();
    await page.getByRole('option', { name: 'Semi-Final', exact: true }).click();
    await formats.getByRole('button', { name: 'Set star couple' }).click();
    await expect(formats.getByTestId('star-couples')).toContainText(
      `★ ${starNumber} joins at the Semi-Final`,
    );
    await formats.getByRole('textbox', { name: 'Add a redance after' }).click();
    await page.getByRole('option', { name: 'Quarter-Final', exact: true }).click();
    await expect(formats.getByRole('textbox', { name: 'Couples it brings back' })).toHaveValue('2');
    await formats.getByRole('button', { name: 'Add redance' }).click();
    await expect(dialog.getByLabel('Recall size of Redance')).toHaveValue('2');
    await shot(page, { path: 'shots/formats-rounds-dialog-1280.png' });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect((await read()).rounds.map((r) => r.roundName)).toEqual([
      'Quarter-Final',
      'Redance',
      'Semi-Final',
      'Final',
    ]);
    await ok(await admin.patch(`${ev}/rounds/1`, { data: { recallSize: 5 } }));
    await ok(await admin.patch(`${ev}/rounds/3`, { data: { recallSize: 4 } }));

    // The quarter-final: the star couple is not in it.
    const started = await ok<{ round: { couples: string[] } }>(
      await admin.post(`${ev}/rounds/1/start`, { data: {} }),
    );
    expect(started.round.couples).toHaveLength(15);
    expect(started.round.couples).not.toContain(String(starNumber));
    const qf = await mark(admin, ev, 1, 5);
    const direct = qf.slice(0, 5);

    // The semi-final waits for the redance; the deck captain's list shows the star couple with ★.
    const early = await admin.post(`${ev}/rounds/3/start`, { data: {} });
    expect(early.status()).toBe(409);
    expect(await early.text()).toMatch(/post the Redance first/);
    await page.goto('/admin/deckcaptain');
    await page.getByRole('row', { name: new RegExp(`${stamp} Latin Semi-Final`) }).click();
    const starRow = page.getByTestId(`couple-${starNumber}`).first();
    await expect(starRow).toContainText(`${starNumber} ★`);
    // The deck captain sees why it cannot start yet, and no Start button.
    await expect(page.getByTestId('round-waiting')).toHaveText(
      'Starts once the Redance is posted: couples join from it.',
    );
    await expect(page.getByRole('button', { name: 'Start round' })).toHaveCount(0);
    await shot(page, { path: 'shots/formats-deck-star-1280.png' });

    // The redance: the ten not recalled dance again; two come back.
    await ok(await admin.post(`${ev}/rounds/2/start`, { data: {} }));
    const redance = await mark(admin, ev, 2, 2);
    expect(redance.sort()).toEqual(qf.slice(5).map(String).sort());
    const back = redance.slice(0, 2);
    const semi = await ok<{ round: { couples: string[] } }>(
      await admin.post(`${ev}/rounds/3/start`, { data: {} }),
    );
    expect([...semi.round.couples].sort()).toEqual([...direct, ...back, String(starNumber)].sort());
    await mark(admin, ev, 3, 4);

    // The final, posted; /results shows its placings.
    await ok(await admin.post(`${ev}/rounds/4/start`, { data: {} }));
    const finalists = await mark(admin, ev, 4, null);
    const results = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(results);
    const pub = await results.newPage();
    await pub.goto('/results');
    const card = pub.getByTestId(`event-${event.key}`);
    await expect(card.getByRole('listitem').first()).toContainText(`1st${finalists[0]}`);
    await expect(card.getByRole('listitem').nth(1)).toContainText(`2nd${finalists[1]}`);

    // The chairman disqualifies the winner, with a reason, on the chairman's screen.
    const code = (
      await ok<{ accessCode: string }>(await admin.post(`${API}/officials/${CHAIRMAN}/code`, { data: {} }))
    ).accessCode;
    const chair = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(chair);
    const chairman = await chair.newPage();
    await chairman.goto('/admin/chairman');
    await chairman.getByLabel('Access code').fill(code);
    await chairman.getByRole('button', { name: 'Sign in' }).click();
    const panel = chairman.getByTestId('chair-withdrawal');
    await expect(panel).toBeVisible({ timeout: 10_000 });
    await panel.getByRole('textbox', { name: 'Event' }).fill(stamp);
    await chairman
      .getByRole('listbox')
      .getByRole('option', { name: `${stamp} Latin` })
      .click();
    // Only the couples still in the event are offered: the finalists, not those out in earlier rounds.
    await panel.getByRole('textbox', { name: 'Couple' }).click();
    await expect(chairman.getByRole('listbox').getByRole('option')).toHaveText(
      finalists.map((n) => new RegExp(`^${n} `)),
    );
    await shot(chairman, { path: 'shots/formats-chairman-couples-still-in-1280.png' });
    await panel.getByRole('textbox', { name: 'Couple' }).fill(String(finalists[0]));
    await chairman
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(`^${finalists[0]} `) })
      .click();
    await panel.getByLabel(/Reason/).fill('Costume rule');
    await shot(chairman, { path: 'shots/formats-chairman-disqualify-1280.png' });
    await panel.getByRole('button', { name: 'Disqualify' }).click();
    await expect(chairman.getByText(/is disqualified from the Final \(Costume rule\)/)).toBeVisible();
    await expect(panel.getByTestId('chair-out')).toContainText(`Disqualified${finalists[0]}`);

    // /results, not reloaded: the couples below move up and the winner is listed as disqualified.
    await expect(card.getByRole('listitem').first()).toContainText(`1st${finalists[1]}`);
    await expect(card.getByRole('listitem').nth(1)).toContainText(`2nd${finalists[2]}`);
    await expect(card.getByTestId(`status-${finalists[0]}`)).toHaveText('Disqualified');
    await shot(pub, { path: 'shots/formats-results-disqualified-390.png', fullPage: true });
    // The final's live page says so too.
    await pub.goto(`/live/${event.key}/4`);
    await expect(pub.getByTestId('placings').getByRole('listitem').first()).toContainText(
      String(finalists[1]),
    );
    await expect(pub.getByTestId(`status-${finalists[0]}`)).toHaveText('Disqualified');
    // Its judges' marks: the marks given (the next couple's 2 was used as 1), the winner's row kept.
    await expect(pub.getByTestId('marks-given-note')).toBeVisible();
    const rumba = pub.getByRole('table', { name: 'Rumba' });
    await expect(rumba.getByRole('row').nth(1)).toHaveText(`${finalists[1]}2 (1)1`);
    await expect(rumba.getByRole('row').last()).toHaveText(`${finalists[0]}1—`);
    await shot(pub, { path: 'shots/formats-live-marks-given-390.png', fullPage: true });
  } finally {
    for (const c of contexts) await c.close();
    await admin.delete(`${ev}?confirm=true`);
    await restoreCompetition(admin, { resultsPageShown: false });
  }
});
