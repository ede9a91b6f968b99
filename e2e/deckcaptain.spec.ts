import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, officialSession, ok, shot } from './fixtures.ts';

/**
 * The deck captain's day on an event of its own: sign in with the deck captain's code,
 * call heats, check couples in, scratch one, start the round, then watch the next round's couples
 * arrive live when the scrutineer posts the first round.
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2, 3, 4, 5];
const DANCES = ['Waltz', 'Tango'];
const TEAMS = ['Riverside', 'Hilltop', 'Lakeside'];

interface Couples {
  roundName: string;
  couples: { entryId: number; coupleNumber: string; scratched: boolean }[];
}

test('the deck captain calls heats, checks couples in, scratches, starts and follows the floor live', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The admin works from another device: the browser page stays the deck captain's alone.
  const admin = await playwrightRequest.newContext({ baseURL });
  const others: APIRequestContext[] = [];
  const signInAs = (id: number) => officialSession(admin, baseURL, id, others);
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));

  const name = `Deck E2E ${Date.now()}`;
  const event = await ok<{ key: string }>(
    await admin.post(`${API}/events`, { data: { name, style: 'Standard', level: 'Silver', dances: DANCES } }),
  );
  const ev = `${API}/events/${event.key}`;
  try {
    for (let i = 1; i <= 12; i++) {
      await ok(
        await admin.post(`${ev}/entries`, {
          data: { leadName: `Lead ${i} ${name}`, followName: `Follow ${i}`, affiliation: TEAMS[i % 3] },
        }),
      );
    }
    await ok(await admin.put(`${ev}/panel`, { data: { officialIds: JUDGES } }));
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));
    const first = await ok<Couples>(await admin.get(`${ev}/rounds/1/couples`));
    const second = await ok<Couples>(await admin.get(`${ev}/rounds/2/couples`));
    const numbers = first.couples.map((c) => c.coupleNumber);
    expect(numbers).toHaveLength(12);
    const [n1, n2, n3, n4] = numbers as [string, string, string, string];

    // Sign in on the screen with a fresh deck captain code (demo official 6).
    const { accessCode, name: captain } = await ok<{ accessCode: string; name: string }>(
      await admin.post(`${API}/officials/6/code`),
    );
    await page.goto('/admin/deckcaptain');
    await expect(page.getByRole('heading', { name: 'Deck captain' })).toBeVisible();
    await page.getByLabel('Access code').fill(accessCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(`Signed in as ${captain}`)).toBeVisible();

    // Our event is last in the busy demo's running order: the Next list holds it all the same, and the
    // search finds its rounds by the event's name.
    type Floor = {
      onFloor: { eventKey: string; roundNumber: number }[];
      next: {
        eventKey: string;
        eventName: string;
        roundNumber: number;
        roundName: string;
        couplesKnown: boolean;
      }[];
    };
    const ids = (rounds: { eventKey: string; roundNumber: number }[]) =>
      rounds.map((r) => `${r.eventKey}/${r.roundNumber}`);
    const before = await ok<Floor>(await admin.get(`${API}/floor`));
    // The screen opens on the first round to line up, not ours.
    const opened = before.next.find((r) => r.couplesKnown)!;
    expect(opened.eventKey).not.toBe(event.key);
    await expect(
      page.getByRole('heading', { name: `${opened.eventName}, ${opened.roundName}` }),
    ).toBeVisible();
    await page
      .getByRole('table', { name: 'Next rounds' })
      .getByTestId('next-round')
      .filter({ hasText: name })
      .filter({ has: page.getByText(second.roundName, { exact: true }) })
      .click();
    await expect(page.getByText(`Couples are known once the ${first.roundName} is posted.`)).toBeVisible();
    await page.getByLabel('Find a couple or round').fill(name);
    const found = page.getByRole('region', { name: 'Rounds found' });
    await found.getByRole('button').filter({ hasText: first.roundName }).click();
    const panel = page.getByRole('heading', { name: `${name}, ${first.roundName}`, exact: true });
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('checkin-count')).toHaveText('0 of 12 checked in');

    // Heats of at most 5: 12 couples → 3 heats.
    await page.getByLabel(/Heat size/).fill('5');
    await page.getByRole('button', { name: 'Set heats' }).click();
    await expect(page.getByText(/3 heats of at most 5 couples\.$/)).toBeVisible();
    await expect(page.getByTestId('heat-summary')).toContainText('3 heats of at most 5 couples');
    for (const h of [1, 2, 3]) await expect(page.getByTestId(`heat-${h}`)).toContainText(`Heat ${h}`);
    await expect(page.getByTestId('heat-4')).toHaveCount(0);

    // One tap each: the count follows, and the server keeps it.
    for (const n of [n1, n2]) {
      const button = page.getByRole('button', { name: `Check in couple ${n}` });
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(page.getByTestId('checkin-count')).toHaveText('2 of 12 checked in');
    await expect(page.getByRole('button', { name: `Check in couple ${n1}` })).toHaveText('Checked in ✓');
    await page.reload();
    await expect(page.getByTestId('checkin-count')).toHaveText('2 of 12 checked in');
    await expect(page.getByRole('button', { name: `Check in couple ${n2}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Scratch: it asks first, then the couple is struck through and no longer counted.
    await page.getByRole('button', { name: `Scratch couple ${n3}` }).click();
    const dialog = page.getByRole('dialog', { name: `Scratch couple ${n3}?` });
    await expect(dialog).toContainText(`withdraw from ${name}`);
    await dialog.getByRole('button', { name: `Scratch couple ${n3}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('checkin-count')).toHaveText('2 of 11 checked in');
    const struck = page.getByTestId('scratched').getByTestId(`couple-${n3}`);
    await expect(struck).toHaveCSS('text-decoration-line', 'line-through');
    await expect(page.getByRole('button', { name: `Un-scratch couple ${n3}` })).toBeVisible();

    // Typing a number anywhere finds the couple; Enter puts the keyboard on its check-in.
    await page.getByRole('heading', { name: 'Deck captain' }).click();
    await page.keyboard.type(n4);
    await expect(page.getByLabel('Find a couple')).toHaveValue(n4);
    await expect(page.getByTestId(`couple-${n4}`)).toHaveCSS(
      'background-color',
      /rgb\(2\d\d, 2\d\d, 1\d\d\)/,
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: `Check in couple ${n4}` })).toBeFocused();
    await page.keyboard.press('Escape');
    await shot(page, { path: 'shots/deckcaptain-heats.png' });

    // Print heat list: the browser's print, of this round's heat list alone.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Print heat list' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
    await page.emulateMedia({ media: 'print' });
    const sheet = page.locator('.deck-print-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText(`${name}, ${first.roundName} — heat list`);
    await expect(sheet.getByRole('heading', { name: 'Heat 3' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start round' })).toBeHidden();
    await shot(page, { path: 'shots/deckcaptain-print.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // Start: it asks first, names the round shown and who is missing, and starts that round only.
    await page.getByRole('button', { name: 'Start round' }).click();
    const start = page.getByRole('dialog', { name: `Start ${name}, ${first.roundName}?` });
    await expect(start).toContainText('11 couples dance in 3 heats');
    await expect(start).toContainText('9 not checked in');
    await start.getByRole('button', { name: 'Start round' }).click();
    await expect(page.getByText(/is running: 11 couples on the floor/)).toBeVisible();
    await expect(start).toBeHidden();
    await expect(panel).toBeVisible();
    const after = await ok<Floor>(await admin.get(`${API}/floor`));
    expect(after.onFloor.filter((r) => r.eventKey === event.key)).toHaveLength(1);
    // Every other round still waits, the one the screen opened with first among them.
    expect(ids(after.next)).toEqual(ids(before.next).filter((r) => r !== `${event.key}/1`));
    const onFloor = page.getByTestId('on-floor-round').filter({ hasText: name });
    await expect(onFloor).toContainText(first.roundName);
    await expect(onFloor).toContainText('2 of 11 checked in');
    await expect(onFloor).toContainText(`${n1} ✓`);
    await expect(page.getByRole('button', { name: 'Start round' })).toHaveCount(0);
    // Someone else checks a couple in (an admin at the desk): the screen follows without a reload.
    const n5 = numbers[4]!;
    const fifth = first.couples.find((c) => c.coupleNumber === n5)!;
    await ok(await admin.post(`${ev}/entries/${fifth.entryId}/check-in`, { data: { checkedIn: true } }));
    await expect(onFloor).toContainText(`${n5} ✓`);
    await expect(page.getByTestId('checkin-count')).toHaveText('3 of 11 checked in');
    await shot(page, { path: 'shots/deckcaptain-running.png' });

    // Watch the next round while the judges mark and the scrutineer posts, all elsewhere.
    await page.goto(`/admin/deckcaptain?event=${event.key}&round=2`);
    await expect(page.getByText(`Couples are known once the ${first.roundName} is posted.`)).toBeVisible();
    const marks = await ok<{ round: { couples: string[]; marksPerDance: number } }>(
      await admin.get(`${ev}/rounds/1/marks`),
    );
    const recalled = marks.round.couples.slice(0, marks.round.marksPerDance);
    for (const id of JUDGES) {
      const judge = await signInAs(id);
      await ok(
        await judge.put(`${ev}/rounds/1/marks/${id}`, {
          data: Object.fromEntries(DANCES.map((d) => [d, recalled])),
        }),
      );
    }
    const scrutineer = await signInAs(7);
    await ok(await scrutineer.post(`${ev}/rounds/1/results`, { data: {} }));
    await ok(await scrutineer.post(`${ev}/rounds/1/post`, { data: {} }));

    // No reload: the next round's couples appear on the screen by themselves.
    const table = page.getByRole('table', { name: `Couples of ${name}, ${second.roundName}` });
    await expect(table).toBeVisible({ timeout: 10_000 });
    for (const n of recalled) await expect(table.getByTestId(`couple-${n}`)).toBeVisible();
    await expect(page.getByTestId('checkin-count')).toHaveText(
      `${recalled.filter((n) => [n1, n2, n5].includes(n)).length} of ${recalled.length} checked in`,
    );
    // Posting did not start it: it waits for the deck captain, who starts it when its turn comes.
    const secondOnFloor = page
      .getByTestId('on-floor-round')
      .filter({ hasText: name })
      .filter({ hasText: second.roundName });
    await expect(secondOnFloor).toHaveCount(0);
    await page.getByRole('button', { name: 'Start round' }).click();
    await page
      .getByRole('dialog', { name: `Start ${name}, ${second.roundName}?` })
      .getByRole('button', { name: 'Start round' })
      .click();
    await expect(page.getByText(`is running: ${recalled.length} couples on the floor`)).toBeVisible();
    await expect(secondOnFloor).toBeVisible();
    await shot(page, { path: 'shots/deckcaptain-live.png' });

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('on-floor-round').filter({ hasText: second.roundName }).first().click();
    await shot(page, { path: 'shots/deckcaptain-1024.png' });
  } finally {
    for (const ctx of others) await ctx.dispose();
    const del = await admin.delete(`${ev}?confirm=true`);
    await admin.dispose();
    expect(del.ok(), `cleanup: ${del.status()}`).toBe(true);
  }
});
