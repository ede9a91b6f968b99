import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { createEvent, E2E_ADMIN, ok, restoreSettings, shot } from './fixtures.ts';

/**
 * The running order through a day: three rounds of one event and the final of
 * another, interleaved — A quarter-final, A semi-final, B final, A final — run through the real
 * server (marks entered from paper through the API). After each post, /live in the browser: no round
 * starts by itself (the next one waits, coming up, until it is started), times never go backwards
 * down the page, and no round still to come shows a time in the past.
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2, 3];

interface Row {
  title: string;
  state: string;
  /** data-kind of the time: danced, started, scheduled, estimated, tba. */
  kind: string;
  /** The instant the row shows (ISO), or null for TBA. */
  at: string | null;
}

/** Every row of /live's running order as the page shows it, top to bottom. */
const readRows = (page: Page): Promise<Row[]> =>
  page.getByTestId('live-row').evaluateAll((rows) =>
    rows.map((row) => ({
      title: row.querySelector('.live-row-main')?.textContent ?? '',
      state: row.querySelector('.live-state')?.textContent ?? '',
      kind: row.querySelector('.live-row-time')?.getAttribute('data-kind') ?? '',
      at: row.querySelector('time')?.getAttribute('datetime') ?? null,
    })),
  );

/**
 * What must hold on the page: rounds still to come have a time, none before `since` (the moment
 * before the last change, so the page's data is newer), and times never go backwards down the page —
 * over our rounds and every round still to come (a round another test started is its own fact).
 */
async function expectTimesInOrder(page: Page, since: number, ours: string) {
  const rows = await readRows(page);
  const toCome = rows.filter((r) => r.kind === 'estimated' || r.kind === 'scheduled');
  expect(toCome.length, 'rounds still to come').toBeGreaterThan(0);
  for (const r of rows.filter((x) => x.state !== 'Not danced')) {
    expect(r.at, `${r.title} has a time`).not.toBeNull();
  }
  for (const r of toCome) {
    expect(Date.parse(r.at!), `${r.title} (${r.at}) is not in the past`).toBeGreaterThanOrEqual(since - 1000);
  }
  const checked = rows.filter((r) => r.at !== null && (r.title.includes(ours) || toCome.includes(r)));
  for (let i = 1; i < checked.length; i++) {
    const [above, here] = [checked[i - 1]!, checked[i]!];
    expect(
      Date.parse(here.at!),
      `${here.title} (${here.at}) is not before ${above.title} (${above.at})`,
    ).toBeGreaterThanOrEqual(Date.parse(above.at!));
  }
}

test('running order: a post never starts the next round; /live times follow the order, never in the past', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const admin: APIRequestContext = page.request;
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const settings = await ok<{ scheduleFirstStartTime: string | null }>(
    await admin.get(`${API}/settings/events`),
  );
  const stamp = Date.now();
  const created: string[] = [];
  try {
    // The day was planned to start an hour ago: everything runs late from here on.
    await ok(
      await admin.put(`${API}/settings/events`, {
        data: { scheduleFirstStartTime: new Date(stamp - 3_600_000).toISOString() },
      }),
    );
    // A: 16 couples → Quarter-Final (recall 14), Semi-Final (recall 7), Final. B: 5 couples → Final.
    const a = await createEvent(
      admin,
      { name: `Order A ${stamp}`, style: 'Standard', level: 'Gold', dances: ['Waltz', 'Tango'] },
      16,
      'Order University',
      {},
      JUDGES,
    );
    created.push(a.path);
    const b = await createEvent(
      admin,
      { name: `Order B ${stamp}`, style: 'Latin', level: 'Gold', dances: ['ChaCha'] },
      5,
      'Order College',
      {},
      JUDGES,
    );
    created.push(b.path);
    // They open the day, interleaved: A QF, A SF, B F, A F.
    const order = [
      [a, 1],
      [a, 2],
      [b, 1],
      [a, 3],
    ] as const;
    for (const [i, [ev, n]] of order.entries()) {
      await ok(await admin.patch(`${ev.path}/rounds/${n}`, { data: { scheduleIndex: 0.1 * (i + 1) } }));
    }

    await page.goto('/live');
    const rows = page.getByTestId('live-row');
    const row = (ev: { key: string }, n: number) => page.locator(`#live-${ev.key}-R${n}`);
    const ours = [row(a, 1), row(a, 2), row(b, 1), row(a, 3)];
    await expect(rows.first()).toHaveAttribute('id', `live-${a.key}-R1`);
    await expect(ours[0]!).toContainText('Coming up');
    await expect(ours[0]!).toContainText(/running \d+ min late/);
    await expectTimesInOrder(page, stamp, `${stamp}`);

    const onFloor = page.getByTestId('on-the-floor').filter({ hasText: `${stamp}` });
    /** Starts, marks (from paper), computes and posts one round; answers the moment before the post. */
    const run = async (ev: typeof a, n: number) => {
      await ok(await admin.post(`${ev.path}/rounds/${n}/start`, { data: {} }));
      await expect(row(ev, n)).toContainText('On the floor');
      const { round } = await ok<{
        round: { kind: string; couples: string[]; marksPerDance: number | null; dances: string[] };
      }>(await admin.get(`${ev.path}/rounds/${n}/marks`));
      const value =
        round.kind === 'recall'
          ? round.couples.slice(0, round.marksPerDance ?? 1)
          : Object.fromEntries(round.couples.map((c, i) => [c, i + 1]));
      for (const id of JUDGES) {
        await ok(
          await admin.put(`${ev.path}/rounds/${n}/marks/${id}?source=paper`, {
            data: Object.fromEntries(round.dances.map((d) => [d, value])),
          }),
        );
      }
      await ok(await admin.post(`${ev.path}/rounds/${n}/results`, { data: {} }));
      const before = Date.now();
      await ok(await admin.post(`${ev.path}/rounds/${n}/post`, { data: {} }));
      await expect(row(ev, n)).toContainText('Results posted');
      return before;
    };

    // A's quarter-final: posted, its semi-final has the 14 couples but waits to be started.
    let since = await run(a, 1);
    await expect(ours[1]!).toContainText('Coming up');
    await expect(onFloor).toHaveCount(0);
    await expect(ours[0]!.locator('.live-row-time')).toHaveAttribute('data-kind', 'danced');
    await expectTimesInOrder(page, since, `${stamp}`);
    await shot(page, { path: 'shots/running-order-after-qf-390.png', fullPage: false });

    // A's semi-final: its final is ready but B's final comes first; neither starts by itself.
    since = await run(a, 2);
    await expect(ours[3]!).toContainText('Coming up');
    await expect(ours[2]!).toContainText('Coming up');
    await expect(onFloor).toHaveCount(0);
    await expectTimesInOrder(page, since, `${stamp}`);

    // B's final: A's final still waits for its start.
    since = await run(b, 1);
    await expect(ours[3]!).toContainText('Coming up');
    await expect(onFloor).toHaveCount(0);
    await expectTimesInOrder(page, since, `${stamp}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, { path: 'shots/running-order-before-a-final-1280.png' });

    // A's final: the day's first four rounds are danced, in order.
    since = await run(a, 3);
    for (const r of ours) await expect(r.locator('.live-row-time')).toHaveAttribute('data-kind', 'danced');
    await expectTimesInOrder(page, since, `${stamp}`);
  } finally {
    for (const path of created) await admin.delete(`${path}?confirm=true`);
    await restoreSettings(admin, { scheduleFirstStartTime: settings.scheduleFirstStartTime });
  }
});
