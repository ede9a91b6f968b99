import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, shot } from './fixtures.ts';

/**
 * Judge A marks a recall round on a tablet — count shown, a wrong count refused until the
 * judge confirms the override — then marks a whole dance offline, reloads with no network, comes back
 * online, and the marks arrive exactly once. The event is our own (unique name) and deleted at the end.
 */
const stamp = `E2EJ${Date.now().toString(36).slice(-5)}`;
const API = '/api/v1/competitions/demo';
const JUDGE = 1;
const SHELL_CACHE = 'promenade-judge-shell-v1';

interface RoundMarks {
  round: { marksPerDance: number | null; recallSize: number; couples: string[]; dances: string[] };
  marks: Record<string, Record<string, { value: string[]; version: number; countOverride: boolean }>>;
}

async function admin(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', { data: E2E_ADMIN });
  expect(login.ok()).toBeTruthy();
}

async function tiles(page: Page) {
  return page.locator('.judge-grid .judge-tile');
}

/** Marks the first `n` unmarked couples in the order the judge sees them. */
async function markCouples(page: Page, n: number) {
  const unmarked = (await tiles(page)).and(page.locator('[aria-pressed="false"]'));
  for (let i = 0; i < n; i++) await unmarked.first().click();
}

async function panelOf(request: APIRequestContext, eventKey: string): Promise<number[]> {
  const panels = (await (await request.get(`${API}/panels`)).json()) as {
    eventKey: string;
    officialIds: number[];
  }[];
  return panels.find((p) => p.eventKey === eventKey)?.officialIds ?? [];
}

/** Our events (unique names), deleted at the end. */
const ourEvents: string[] = [];
test.afterAll(async ({ request }) => {
  if (!ourEvents.length) return;
  await admin(request);
  for (const key of ourEvents) await request.delete(`${API}/events/${key}?confirm=true`);
});

test.describe('judge mark entry', () => {
  let eventKey = '';

  test('marks a recall round online and offline; every dance arrives once', async ({ browser, request }) => {
    await admin(request);
    const created = await request.post(`${API}/events`, {
      data: { name: `${stamp} Latin`, style: 'Latin', level: 'Gold', dances: ['Rumba', 'ChaCha'] },
    });
    expect(created.status()).toBe(201);
    eventKey = ((await created.json()) as { key: string }).key;
    ourEvents.push(eventKey);
    const base = 7000 + Math.floor(Math.random() * 2000);
    for (let i = 0; i < 14; i++) {
      const res = await request.post(`${API}/entries/adhoc`, {
        data: { eventKey, leadNumber: base + i * 3 },
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
    expect((await request.post(`${API}/events/${eventKey}/rounds/generate`, { data: {} })).ok()).toBeTruthy();
    const start = await request.post(`${API}/events/${eventKey}/rounds/1/start`, { data: {} });
    expect(start.ok(), await start.text()).toBeTruthy();
    const marksUrl = `${API}/events/${eventKey}/rounds/1/marks`;
    const before = (await (await request.get(marksUrl)).json()) as RoundMarks;
    const wanted = before.round.marksPerDance ?? before.round.recallSize;
    const code = (
      (await (await request.post(`${API}/officials/${JUDGE}/code`, { data: {} })).json()) as {
        accessCode: string;
      }
    ).accessCode;

    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    const page = await context.newPage();

    // An unknown judge id.
    await page.goto('/judges/99999');
    await expect(page.getByRole('heading', { name: 'No judge found.' })).toBeVisible();

    await page.goto(`/judges/${JUDGE}`);
    await page.getByLabel('Access code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Another spec may have a round running for this judge too: pick ours.
    const ours = page.getByRole('button', { name: new RegExp(stamp) });
    if (await ours.isVisible().catch(() => false)) await ours.click();
    await expect(page.getByRole('heading', { name: new RegExp(stamp) })).toBeVisible();

    // A reload does not ask for the code again (session cookie).
    await page.reload();
    await expect(page.getByRole('heading', { name: new RegExp(stamp) })).toBeVisible();
    if (await ours.isVisible().catch(() => false)) await ours.click();
    await page.getByRole('button', { name: 'Rumba' }).click();

    await expect(await tiles(page)).toHaveCount(14);
    await expect(page.getByText(`0 of ${wanted} marked`)).toBeVisible();
    // Wrong count first: refused until the judge confirms.
    await markCouples(page, wanted - 1);
    await expect(page.getByText(`${wanted - 1} of ${wanted} marked`)).toBeVisible();
    await expect(page.getByText('Saved on this device — not sent yet')).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(`the scrutineer asks for ${wanted}`, { exact: false })).toBeVisible();
    await shot(page, { path: 'shots/judge-override-1024.png' });
    await page.getByRole('button', { name: 'Back to marking' }).click();
    await markCouples(page, 2);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: `Send ${wanted + 1} marks anyway` }).click();
    await expect(page.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible();
    let after = (await (await request.get(marksUrl)).json()) as RoundMarks;
    expect(after.marks.Rumba?.[String(JUDGE)]).toMatchObject({ version: 1, countOverride: true });
    expect(after.marks.Rumba?.[String(JUDGE)]?.value).toHaveLength(wanted + 1);

    // Correct it to the right count: a new version, no override. A submitted dance is locked:
    // the chairman's unlock (here the admin's) lets the judge change it.
    const unlocked = await request.post(`${API}/events/${eventKey}/rounds/1/marks/${JUDGE}/unlock`, {
      data: { dances: ['Rumba'], reason: 'wrong count' },
    });
    expect(unlocked.ok(), await unlocked.text()).toBeTruthy();
    await (await tiles(page)).and(page.locator('[aria-pressed="true"]')).first().click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible();
    after = (await (await request.get(marksUrl)).json()) as RoundMarks;
    expect(after.marks.Rumba?.[String(JUDGE)]).toMatchObject({ version: 2, countOverride: false });
    await shot(page, { path: 'shots/judge-recall-1024.png' });

    // The offline shell is in place before the Wi-Fi drops.
    await page.waitForFunction(
      async (name) => (await (await caches.open(name)).keys()).length > 2,
      SHELL_CACHE,
    );

    await context.setOffline(true);
    await page.getByRole('button', { name: 'ChaCha' }).click();
    await markCouples(page, wanted);
    const chosen = await (
      await tiles(page)
    )
      .and(page.locator('[aria-pressed="true"]'))
      .locator('.judge-tile-number')
      .allInnerTexts();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Saved on this device — sending when the network is back')).toBeVisible();
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: new RegExp(stamp) })).toBeVisible();
    if (await ours.isVisible().catch(() => false)) await ours.click();
    await page.getByRole('button', { name: 'ChaCha' }).click();
    await expect(page.getByText(`${wanted} of ${wanted} marked`)).toBeVisible();
    await expect(page.getByText('Saved on this device — sending when the network is back')).toBeVisible();
    await shot(page, { path: 'shots/judge-offline-1024.png' });

    await context.setOffline(false);
    await expect(page.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible({
      timeout: 15_000,
    });
    after = (await (await request.get(marksUrl)).json()) as RoundMarks;
    const chacha = after.marks.ChaCha?.[String(JUDGE)];
    expect(chacha?.version).toBe(1);
    expect([...(chacha?.value ?? [])].sort()).toEqual([...chosen].sort());

    // Phone size: the same screen still works.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByText(`${wanted} of ${wanted} marked`)).toBeVisible();
    await shot(page, { path: 'shots/judge-recall-390.png' });

    // The other judges' marks from paper (admin), compute and post, start the final.
    const panel = await panelOf(request, eventKey);
    const top = before.round.couples.slice(0, wanted);
    for (const j of panel.filter((id) => id !== JUDGE)) {
      const res = await request.put(`${API}/events/${eventKey}/rounds/1/marks/${j}?source=paper`, {
        data: Object.fromEntries(before.round.dances.map((d) => [d, top])),
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    let computed = await request.post(`${API}/events/${eventKey}/rounds/1/results`, { data: {} });
    if (computed.status() === 409)
      computed = await request.post(`${API}/events/${eventKey}/rounds/1/results`, {
        data: { tieDecision: 'includeTied' },
      });
    expect(computed.ok(), await computed.text()).toBeTruthy();
    const posted = await request.post(`${API}/events/${eventKey}/rounds/1/post`, { data: {} });
    expect(posted.ok(), await posted.text()).toBeTruthy();
    const final = await request.post(`${API}/events/${eventKey}/rounds/2/start`, { data: {} });
    expect(final.ok(), await final.text()).toBeTruthy();

    // The final: it reaches the open tablet by the live feed, without a reload.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(async () => {
      if (await ours.isVisible().catch(() => false)) await ours.click();
      await expect(page.getByRole('heading', { name: new RegExp(`${stamp}.* — Final$`) })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 10_000 });
    // Every couple a distinct place, a review before sending.
    const dance = before.round.dances[0]!;
    await page.getByRole('button', { name: dance, exact: true }).click();
    const finalTiles = await tiles(page);
    const n = await finalTiles.count();
    expect(n).toBeGreaterThan(1);
    await expect(page.getByRole('button', { name: `Place all ${n}` })).toBeDisabled();
    const order: string[] = [];
    for (let i = 0; i < n; i++) {
      const tile = finalTiles.nth(i);
      order.push(await tile.locator('.judge-tile-number').innerText());
      await tile.click();
    }
    await expect(page.getByText(`${n} of ${n} placed`)).toBeVisible();
    // Pick a place: the couple placed last takes 1st, the first one moves to its place.
    await page.getByLabel(`Place of couple ${order[n - 1]}`).selectOption('1');
    await shot(page, { path: 'shots/judge-final-1024.png' });
    await page.getByRole('button', { name: 'Review' }).click();
    await expect(page.getByText(`1st: ${order[n - 1]}`)).toBeVisible();
    await shot(page, { path: 'shots/judge-final-review-1024.png' });
    await page.getByRole('button', { name: 'Send these places' }).click();
    await expect(page.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible();
    const finalMarks = (await (await request.get(`${API}/events/${eventKey}/rounds/2/marks`)).json()) as {
      marks: Record<string, Record<string, { value: Record<string, number>; version: number }>>;
    };
    const mine = finalMarks.marks[dance]?.[String(JUDGE)];
    expect(mine?.version).toBe(1);
    expect(mine?.value[order[n - 1]!]).toBe(1);
    expect(mine?.value[order[0]!]).toBe(n);
    expect(new Set(Object.values(mine?.value ?? {})).size).toBe(n);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, { path: 'shots/judge-final-390.png' });
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await shot(page, { path: 'shots/judge-final-390-dark.png' });

    // Everything is confirmed: the judge may sign out, and the tablet asks for the code again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Access code')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Access code')).toBeVisible();
    await context.close();
  });
});

/**
 * The deck captain draws two heats of five; the judge's tablet shows the couples
 * heat by heat ("Heat 1 of 2"), by number within a heat, exactly as the deck captain's list. Numbers
 * of four and five digits make a text sort show up. Before sign-in the tablet asks the server
 * nothing that needs it (no 401 in the console) and says whose tablet it is.
 */
test.describe('judge tablet heats', () => {
  test('shows the couples by number, heat by heat, as the deck captain drew them', async ({
    browser,
    request,
  }) => {
    await admin(request);
    const eventKey = (
      await ok<{ key: string }>(
        await request.post(`${API}/events`, {
          data: { name: `${stamp} Heats`, style: 'Standard', level: 'Gold', dances: ['Waltz', 'Tango'] },
        }),
      )
    ).key;
    ourEvents.push(eventKey);
    for (const leadNumber of [10003, 9996, 10000, 9999, 10004, 9995, 10001, 9998, 10002, 9997])
      await ok(await request.post(`${API}/entries/adhoc`, { data: { eventKey, leadNumber } }));
    const round = `${API}/events/${eventKey}/rounds/1`;
    await ok(await request.post(`${API}/events/${eventKey}/rounds/generate`, { data: {} }));
    await ok(await request.post(`${round}/heats`, { data: { heatSize: 5 } }));
    // Posting no longer starts a round: every round here is started explicitly.
    await ok(await request.post(`${round}/start`, { data: {} }));
    // The deck captain's list: heat by heat, by number within a heat.
    const deck = await ok<{ couples: { coupleNumber: string; heat: number }[] }>(
      await request.get(`${round}/couples`),
    );
    const heat = (h: number) =>
      deck.couples
        .filter((c) => c.heat === h)
        .map((c) => c.coupleNumber)
        .sort((a, b) => Number(a) - Number(b));
    expect([heat(1).length, heat(2).length]).toEqual([5, 5]);
    const { accessCode } = await ok<{ accessCode: string }>(
      await request.post(`${API}/officials/${JUDGE}/code`, { data: {} }),
    );
    const officials = await ok<{ id: number; name: string; letter: string }[]>(
      await request.get(`${API}/officials`),
    );
    const me = officials.find((o) => o.id === JUDGE)!;

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport, hasTouch: true });
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && m.location().url.includes('/judges/')) refused.push(m.text());
      });
      await page.goto(`/judges/${JUDGE}`);
      await expect(
        page.getByRole('heading', { name: `Tablet of Judge ${me.letter} — ${me.name}` }),
      ).toBeVisible();
      expect(refused, 'nothing refused before sign-in').toEqual([]);
      await shot(page, { path: `shots/judge-signin-${viewport.width}.png` });
      await page.getByLabel('Access code').fill(accessCode);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // Other rounds may be running for this judge: open ours once the tablet shows its tabs.
      const heading = page.getByRole('heading', { level: 1, name: new RegExp(`${stamp} Heats`) });
      await expect(async () => {
        const ours = page.getByRole('navigation', { name: 'Rounds' }).getByRole('button', { name: /Heats/ });
        if (await ours.isVisible().catch(() => false)) await ours.click();
        await expect(heading).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      for (const h of [1, 2]) {
        const region = page.getByRole('region', { name: `Heat ${h} of 2` });
        await expect(region.getByRole('heading', { name: `Heat ${h} of 2` })).toBeVisible();
        await expect(region.locator('.judge-tile-number')).toHaveText(heat(h));
      }
      // Marking works across both heats: one couple of each.
      await page.getByRole('button', { name: `Couple ${heat(1)[0]}`, exact: true }).click();
      await page.getByRole('button', { name: `Couple ${heat(2)[4]}`, exact: true }).click();
      await expect(page.getByText(/^2 of \d+ marked$/)).toBeVisible();
      await shot(page, { path: `shots/judge-heats-${viewport.width}.png`, fullPage: true });
      await context.close();
    }
  });
});

/**
 * On a 390 × 844 phone the bar at the bottom (count, submit) stays in sight while the judge scrolls:
 * scrolled to the end, the last couple's tile lies wholly above the bar, in a recall round and in a
 * final. The round tabs are told apart from the dance tabs by look and by name.
 */
test.describe('judge phone', () => {
  test('the last tile clears the bottom bar; round tabs are not dance tabs', async ({ browser, request }) => {
    await admin(request);
    const made: { name: string; heading: RegExp }[] = [];
    // Numbers of our own, clear of the demo's and of the other tests here.
    const base = 4000 + Math.floor(Math.random() * 2000);
    for (const [name, couples] of [
      [`${stamp} Phone Recall`, 8],
      [`${stamp} Phone Final`, 7],
    ] as const) {
      const eventKey = (
        await ok<{ key: string }>(
          await request.post(`${API}/events`, {
            data: { name, style: 'Standard', level: 'Gold', dances: ['Waltz', 'Tango', 'Quickstep'] },
          }),
        )
      ).key;
      ourEvents.push(eventKey);
      for (let i = 0; i < couples; i++)
        await ok(
          await request.post(`${API}/entries/adhoc`, {
            data: { eventKey, leadNumber: base + (couples === 8 ? 0 : 20) + i },
          }),
        );
      const ev = `${API}/events/${eventKey}`;
      // Eight couples: a semi-final first; seven: the final straight away.
      await ok(await request.post(`${ev}/rounds/generate`, { data: {} }));
      await ok(await request.post(`${ev}/rounds/1/start`, { data: {} }));
      made.push({ name, heading: new RegExp(name) });
    }
    const { accessCode } = await ok<{ accessCode: string }>(
      await request.post(`${API}/officials/${JUDGE}/code`, { data: {} }),
    );
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`/judges/${JUDGE}`);
    await page.getByLabel('Access code').fill(accessCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const rounds = page.getByRole('navigation', { name: 'Rounds' });
    const dances = page.getByRole('navigation', { name: 'Dances' });
    for (const { name, heading } of made) {
      await rounds.getByRole('button', { name }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The last couple's cell: its tile, and in a final the place picker under it.
      const last = page.locator('.judge-grid > *').last();
      const lastControl = page.locator('.judge-grid').last().locator('button, select').last();
      const clear = async (how: string) => {
        const tile = (await last.boundingBox())!;
        const bar = (await page.locator('.judge-bar').boundingBox())!;
        expect
          .soft(tile.y + tile.height, `${name}: ${how}, the last tile runs under the bar`)
          .toBeLessThanOrEqual(bar.y);
        expect.soft(tile.y, `${name}: ${how}, the last tile is above the window`).toBeGreaterThanOrEqual(0);
        expect.soft(bar.y + bar.height, `${name}: the bar runs off the window`).toBeLessThanOrEqual(845);
      };
      // A thumb scrolling to the end of the page.
      await page.mouse.move(195, 400);
      await page.mouse.wheel(0, 5_000);
      await expect
        .poll(() => page.evaluate(() => window.scrollY + window.innerHeight))
        .toBeGreaterThanOrEqual(await page.evaluate(() => document.documentElement.scrollHeight - 1));
      await clear('scrolled to the bottom');
      // A keyboard (or switch) user moving to the last tile from the top: the browser scrolls it in.
      await page.evaluate(() => window.scrollTo(0, 0));
      await lastControl.focus();
      await expect(lastControl).toBeFocused();
      await clear('focused from the top');
      // Likewise an element brought into view by the browser (find in page, a screen reader's cursor).
      await page.evaluate(() => window.scrollTo(0, 0));
      await last.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
      await clear('scrolled into view');
      await shot(page, {
        path: `shots/judge-phone-last-tile-${name.endsWith('Final') ? 'final' : 'recall'}.png`,
      });
    }
    // The round tabs: another shape than the dance tabs, and each named as a round.
    const shape = (tab: Locator) =>
      tab.evaluate((b) => {
        const s = getComputedStyle(b);
        return `${s.borderTopLeftRadius} ${s.borderLeftWidth}`;
      });
    const roundShapes = new Set(await Promise.all((await rounds.getByRole('button').all()).map(shape)));
    const danceShapes = new Set(await Promise.all((await dances.getByRole('button').all()).map(shape)));
    expect(
      [...roundShapes].filter((s) => danceShapes.has(s)),
      'a round tab shaped as a dance tab',
    ).toEqual([]);
    for (const tab of await rounds.getByRole('button').all())
      await expect(tab).toHaveAccessibleName(/^Round /);
    await shot(page, { path: 'shots/judge-phone-tabs.png' });
    await context.close();
  });
});
