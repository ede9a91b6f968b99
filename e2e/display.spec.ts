import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, shot, judgeSessions } from './fixtures.ts';

/**
 * The projector display: a screen in the ballroom shows /live/display for its floor (a
 * second floor of the demo) while
 * the floor's staff start rounds and the scrutineer posts. It follows by itself — no reload — from the
 * round on the floor to its recalled numbers, the final on the floor, and the final's placings.
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2, 3, 4, 5];
const DANCES = ['Waltz', 'Tango'];
const FULL_HD = { width: 1920, height: 1080 };
const SMALL = { width: 1280, height: 720 };

interface MarksView {
  round: { marksPerDance: number | null; recallSize: number; couples: string[] };
}

test('the display follows its floor live: on the floor, recalled numbers, then placings', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(FULL_HD);
  const admin = await playwrightRequest.newContext({ baseURL });
  const judgeContexts: APIRequestContext[] = [];
  const name = `Display E2E ${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;
  let ev = '';
  let floorsBefore: string[] | null = null;
  const floor = 'Display E2E floor';
  try {
    await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    // A second floor for this event (the demo has one): the display follows that floor alone.
    const comp = await ok<{ floors: string[]; version: number }>(await admin.get(API));
    floorsBefore = comp.floors;
    await ok(await admin.patch(API, { data: { floors: [...comp.floors, floor], version: comp.version } }));
    const event = await ok<{ key: string }>(
      await admin.post(`${API}/events`, { data: { name, style: 'Standard', level: 'Gold', dances: DANCES } }),
    );
    ev = `${API}/events/${event.key}`;
    for (let i = 1; i <= 9; i++) {
      await ok(
        await admin.post(`${ev}/entries`, {
          data: { leadName: `Lead${i} Show`, followName: `Follow${i} Show`, affiliation: 'E2E University' },
        }),
      );
    }
    await ok(await admin.put(`${ev}/panel`, { data: { officialIds: JUDGES } }));
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));
    for (const n of [1, 2]) await ok(await admin.patch(`${ev}/rounds/${n}`, { data: { floor } }));
    const judges = await judgeSessions(admin, baseURL, JUDGES, judgeContexts);

    await page.goto(`/live/display?floor=${encodeURIComponent(floor)}`);
    await page.evaluate(() => {
      (window as unknown as { displayMarker: string }).displayMarker = 'not reloaded';
    });
    const now = page.getByTestId('display-now');
    const next = page.getByTestId('display-next');
    const result = page.getByTestId('display-result');
    await expect(page.getByText('updating live')).toBeVisible();

    // The semi-final goes on the floor; the other floor's screen does not show it.
    const other = await page.context().newPage();
    await other.goto(`/live/display?floor=${encodeURIComponent(floorsBefore[0]!)}`);
    await expect(other.getByText('updating live')).toBeVisible();
    await ok(await admin.post(`${ev}/rounds/1/start`, { data: {} }));
    await expect(now).toContainText(name);
    await expect(now).toContainText('Semi-Final');
    await expect(now).toContainText('Waltz · Tango');
    await expect(next).toContainText(`${name}, Final`);

    // Judges mark, the scrutineer posts: the recalled numbers appear on the screen.
    const semi = await ok<MarksView>(await admin.get(`${ev}/rounds/1/marks`));
    const through = semi.round.couples.slice(0, semi.round.marksPerDance ?? semi.round.recallSize);
    for (const id of JUDGES)
      await ok(
        await judges.get(id)!.put(`${ev}/rounds/1/marks/${id}`, { data: { Waltz: through, Tango: through } }),
      );
    await ok(await admin.post(`${ev}/rounds/1/results`, { data: {} }));
    await ok(await admin.post(`${ev}/rounds/1/post`, { data: {} }));
    const recalled = page.getByTestId('display-recalled').getByRole('listitem');
    await expect(recalled).toHaveCount(through.length);
    await expect(result).toContainText(`${name}, Semi-Final`);
    await expect(result).toContainText(`${through.length} recalled to the Final`);
    await expect(now).not.toContainText(name);
    await expect(other.getByTestId('display-now')).not.toContainText(name);
    await expect(other.getByTestId('display-result')).not.toContainText(name);
    await other.close();

    // The final on the floor, beside the semi-final's recall.
    await ok(await admin.post(`${ev}/rounds/2/start`, { data: {} }));
    await expect(now).toContainText(`${name}Final`);
    await shot(page, { path: 'shots/display-1920-recalled.png' });
    await page.setViewportSize(SMALL);
    await shot(page, { path: 'shots/display-1280-recalled.png' });

    // The final is posted: its placings replace the recall.
    const finalists = (await ok<MarksView>(await admin.get(`${ev}/rounds/2/marks`))).round.couples;
    for (const [j, id] of JUDGES.entries()) {
      const places = (shift: number) =>
        Object.fromEntries(finalists.map((c, i) => [c, ((i + shift) % finalists.length) + 1]));
      await ok(
        await judges.get(id)!.put(`${ev}/rounds/2/marks/${id}`, {
          data: { Waltz: places(j < 3 ? 0 : 1), Tango: places(0) },
        }),
      );
    }
    await ok(await admin.post(`${ev}/rounds/2/results`, { data: {} }));
    await ok(await admin.post(`${ev}/rounds/2/post`, { data: {} }));
    const placings = page.getByTestId('display-placings').getByRole('listitem');
    await expect(placings).toHaveCount(finalists.length);
    await expect(placings.first()).toContainText(`1st${finalists[0]}`);
    await expect(result).toContainText(`${name}, Final`);
    await shot(page, { path: 'shots/display-1280-placings.png' });
    await page.setViewportSize(FULL_HD);
    await shot(page, { path: 'shots/display-1920-placings.png' });
    // Nothing scrolls on the ballroom's screen, at either size.
    for (const size of [FULL_HD, SMALL]) {
      await page.setViewportSize(size);
      const overflow = await page.evaluate(() => ({
        x: document.documentElement.scrollWidth - window.innerWidth,
        y: document.documentElement.scrollHeight - window.innerHeight,
      }));
      expect(overflow).toEqual({ x: 0, y: 0 });
    }
    expect(await page.evaluate(() => (window as unknown as { displayMarker?: string }).displayMarker)).toBe(
      'not reloaded',
    );

    // Without ?floor: every floor side by side.
    await page.setViewportSize(FULL_HD);
    await page.goto('/live/display');
    await expect(page.getByRole('region', { name: floorsBefore[0]! })).toBeVisible();
    await expect(page.getByRole('region', { name: floor }).getByTestId('display-placings')).toContainText(
      `1st${finalists[0]}`,
    );
    await shot(page, { path: 'shots/display-1920-all-floors.png' });
  } finally {
    for (const ctx of judgeContexts) await ctx.dispose();
    if (ev) {
      const del = await admin.delete(`${ev}?confirm=true`);
      expect(del.ok(), `cleanup: ${del.status()}`).toBe(true);
    }
    if (floorsBefore) {
      const { version } = await ok<{ version: number }>(await admin.get(API));
      await ok(await admin.patch(API, { data: { floors: floorsBefore, version } }));
    }
    await admin.dispose();
  }
});
