import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test, E2E_PORT } from './support/test.ts';
import { spawnServer, type SpawnedServer } from './support/server.ts';
import { startFaultProxy, type FaultProxy } from '../src/server/test/faultProxy.ts';
import { E2E_ADMIN, ok, shot } from './fixtures.ts';

/**
 * The venue and the public site (docs/mirror.md): a spectator's phone is on the public site's /live
 * while the scrutineer runs the day at the venue; the venue's internet drops and comes back; the
 * phone follows by itself, without a reload.
 */
const TOKEN = 'e2e-mirror-secret-0123456789';
const API = '/api/v1/competitions/demo';
const PHONE = { width: 390, height: 844 };

let site: SpawnedServer;
let venue: SpawnedServer;
let proxy: FaultProxy;

test.beforeAll(async () => {
  site = await spawnServer(E2E_PORT + 53, {
    competition: 'demo',
    env: { PROMENADE_MIRROR_ACCEPT_TOKEN: TOKEN },
  });
  proxy = await startFaultProxy({ target: { host: '127.0.0.1', port: E2E_PORT + 53 } });
  venue = await spawnServer(E2E_PORT + 54, {
    demo: true,
    env: {
      PROMENADE_MIRROR_URL: proxy.url,
      PROMENADE_MIRROR_TOKEN: TOKEN,
      PROMENADE_MIRROR_COMPETITIONS: 'demo',
      PROMENADE_MIRROR_VENUE: 'Ballroom laptop',
    },
  });
});

test.afterAll(async () => {
  await venue?.stop();
  await proxy?.close();
  await site?.stop();
});

/** A final of six couples run at the venue: marks from the judges' paper, computed and posted. */
async function runFinal(admin: APIRequestContext, name: string, post = true): Promise<string> {
  const event = await ok<{ key: string }>(
    await admin.post(`${API}/events`, {
      data: { name, style: 'Standard', level: 'Gold', dances: ['Waltz'] },
    }),
  );
  const ev = `${API}/events/${event.key}`;
  for (let i = 1; i <= 6; i++)
    await ok(
      await admin.post(`${ev}/entries`, {
        data: { leadName: `Lead${i} Mirror`, followName: `Follow${i} Mirror`, affiliation: 'Venue Club' },
      }),
    );
  await ok(await admin.put(`${ev}/panel`, { data: { officialIds: [1, 2, 3] } }));
  await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));
  await ok(await admin.post(`${ev}/rounds/1/start`, { data: {} }));
  if (!post) return event.key;
  const couples = (await ok<{ round: { couples: string[] } }>(await admin.get(`${ev}/rounds/1/marks`))).round
    .couples;
  for (const [j, id] of [1, 2, 3].entries())
    await ok(
      await admin.put(`${ev}/rounds/1/marks/${id}?source=paper`, {
        data: { Waltz: Object.fromEntries(couples.map((c, i) => [c, ((i + j) % couples.length) + 1])) },
      }),
    );
  await ok(await admin.post(`${ev}/rounds/1/results`, { data: {} }));
  await ok(await admin.post(`${ev}/rounds/1/post`, { data: {} }));
  return event.key;
}

test('a phone on the public site follows the venue, through an outage, without a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await playwrightRequest.newContext({ baseURL: venue.url });
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  // The public site has the competition once the venue's first batch is in.
  await expect.poll(async () => (await fetch(`${site.url}${API}`)).status, { timeout: 30_000 }).toBe(200);

  const phone = await browser.newContext({ baseURL: site.url, viewport: PHONE });
  const page = await phone.newPage();
  await page.goto('/live');
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'not reloaded'));
  await expect(page.getByText(/Live from the venue/)).toBeVisible();

  // The scrutineer posts at the venue: the phone shows it by itself.
  const first = `Mirror Live ${Date.now()}`;
  await runFinal(admin, first);
  const rows = page.getByTestId('live-row');
  await expect(rows.filter({ hasText: first })).toContainText('Results posted');

  // The venue's internet drops; the day goes on there.
  proxy.setMode('drop');
  const second = `Mirror Outage ${Date.now()}`;
  await runFinal(admin, second);
  // The venue knows the public site lacks what it posted meanwhile.
  await expect
    .poll(async () => {
      const { link } = await ok<{ link: { state: string; behind: number } }>(
        await admin.get(`${API}/mirror`),
      );
      return link.state === 'offline' && link.behind > 0;
    })
    .toBe(true);
  await expect(
    page.getByText('The venue is offline; results will appear here when it reconnects.'),
  ).toBeVisible({
    timeout: 40_000,
  });
  await expect(rows.filter({ hasText: second })).toHaveCount(0);
  // The page's own stream is fine, but nothing new can come: the header says so, not "updating live".
  await expect(page.getByRole('heading', { level: 1 })).toContainText('waiting for the venue');
  await shot(page, { path: 'shots/mirror-offline-phone.png' });

  // The link is back: the phone catches up by itself.
  proxy.setMode('pass');
  await expect(rows.filter({ hasText: second })).toContainText('Results posted', { timeout: 30_000 });
  await expect(page.getByText(/Live from the venue/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('updating live');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('not reloaded');
  await shot(page, { path: 'shots/mirror-live-phone.png' });

  // The public site is read-only for the mirrored competition.
  const cloudAdmin = await playwrightRequest.newContext({ baseURL: site.url });
  await ok(await cloudAdmin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const refused = await cloudAdmin.post(`${API}/events`, {
    data: { name: 'Not here', style: 'Standard', level: 'Gold', dances: ['Waltz'] },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.code).toBe('mirrored');
  await Promise.all([admin.dispose(), cloudAdmin.dispose(), phone.close()]);
});
