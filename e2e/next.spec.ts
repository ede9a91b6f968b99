import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import { createEvent, E2E_ADMIN, ok, restoreSettings, shot } from './fixtures.ts';

/**
 * "Next" is the same on every screen when rounds are started out of order: a semi-final danced
 * before a quarter-final that comes earlier in the running order, posted, then two finals on the
 * floor. The projector, the MC's "Coming up" and /live all name the quarter-final the day passed
 * over (the round the estimates put next), not the round after the last one started, hours away.
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2, 3];

/** A clock time as every screen prints it ("5:22 PM" or "17:22"). */
const CLOCK = /\d{1,2}:\d\d(?:\s?[AP]M)?/;

test('rounds started out of order: the projector, the MC and /live agree on what is next', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const admin: APIRequestContext = page.request;
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const settings = await ok<{ scheduleFirstStartTime: string | null }>(
    await admin.get(`${API}/settings/events`),
  );
  const stamp = Date.now();
  const created: string[] = [];
  const event = async (name: string, couples: number) => {
    const e = await createEvent(
      admin,
      { name: `${name} ${stamp}`, style: 'Standard', level: 'Gold', dances: ['Waltz', 'Tango'] },
      couples,
      'Next University',
      {},
      JUDGES,
    );
    created.push(e.path);
    return e;
  };
  try {
    await ok(
      await admin.put(`${API}/settings/events`, {
        data: { scheduleFirstStartTime: new Date(stamp - 3_600_000).toISOString() },
      }),
    );
    // Ahead of the demo's day, in this running order: Passed's quarter-final (16 couples), Early's
    // semi-final and final (9 couples), Other's final, Late's final.
    const passed = await event('Passed', 16);
    const early = await event('Early', 9);
    const other = await event('Other', 5);
    const late = await event('Late', 5);
    const order = [
      [passed, 1],
      [early, 1],
      [early, 2],
      [other, 1],
      [late, 1],
    ] as const;
    for (const [i, [ev, n]] of order.entries()) {
      await ok(await admin.patch(`${ev.path}/rounds/${n}`, { data: { scheduleIndex: 0.1 * (i + 1) } }));
    }

    // Early's semi-final is started before Passed's quarter-final, marked from paper and posted.
    await ok(await admin.post(`${early.path}/rounds/1/start`, { data: {} }));
    const { round } = await ok<{
      round: { couples: string[]; marksPerDance: number | null; dances: string[] };
    }>(await admin.get(`${early.path}/rounds/1/marks`));
    const recalled = round.couples.slice(0, round.marksPerDance ?? 1);
    for (const id of JUDGES) {
      await ok(
        await admin.put(`${early.path}/rounds/1/marks/${id}?source=paper`, {
          data: Object.fromEntries(round.dances.map((d) => [d, recalled])),
        }),
      );
    }
    await ok(await admin.post(`${early.path}/rounds/1/results`, { data: {} }));
    await ok(await admin.post(`${early.path}/rounds/1/post`, { data: {} }));
    // Then Early's final and Other's final go on the floor.
    await ok(await admin.post(`${early.path}/rounds/2/start`, { data: {} }));
    await ok(await admin.post(`${other.path}/rounds/1/start`, { data: {} }));

    const passedName = `Passed ${stamp}`;
    const lateName = `Late ${stamp}`;

    // The projector, at a projector's size.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/live/display');
    const display = page.getByTestId('display-next');
    await expect(page.getByTestId('display-now')).toContainText(`Other ${stamp}`);
    await expect(display).toContainText(`${passedName}, Quarter-Final`);
    await expect(display).not.toContainText(lateName);
    const displayText = (await display.textContent()) ?? '';
    const time = CLOCK.exec(displayText)?.[0];
    expect(time, `a time on the projector's Next: ${displayText}`).toBeTruthy();
    await shot(page, { path: 'shots/next-display-1920.png' });
    await shot(display, { path: 'shots/next-display-next-1920.png' });

    // The MC: the first round coming up is the same round, at the same time.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/mc');
    const first = page.getByTestId('mc-next').getByTestId('mc-round').first();
    await expect(page.getByTestId('mc-on-floor')).toContainText(`Other ${stamp}`);
    await expect(first).toContainText(passedName);
    await expect(first).toContainText('Quarter-Final');
    await expect(first).toContainText(time!);
    await shot(page, { path: 'shots/next-mc-1280.png' });

    // /live: the first round still to come in its list is the same round, at the same time.
    await page.goto('/live');
    const comingUp = page.getByTestId('live-row').filter({ hasText: 'Coming up' }).first();
    await expect(comingUp).toContainText(passedName);
    await expect(comingUp).toContainText('Quarter-Final');
    await expect(comingUp.locator('.live-row-time')).toContainText(time!);
  } finally {
    for (const path of created.reverse()) await admin.delete(`${path}?confirm=true`);
    await restoreSettings(admin, { scheduleFirstStartTime: settings.scheduleFirstStartTime });
  }
});
