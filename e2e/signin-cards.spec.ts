import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, openSignedIn, shot } from './fixtures.ts';

/**
 * From Officials to a judge's tablet. Each official has a sign-in card (name, role,
 * the tablet's address and its QR code); a new code shows on the card once, works on the tablet the
 * card names, and the code before it stops working. Printing every card gives everyone a new code
 * after a confirmation. The judge is our own (unique name) and deleted at the end.
 */
const API = '/api/v1/competitions/demo';
const stamp = Date.now().toString(36).slice(-5);
const NAME = `Anna Keller ${stamp}`;
let judgeId = 0;
let firstCode = '';

async function signIn(request: APIRequestContext, code: string) {
  return request.post(`${API}/officials/${judgeId}/session`, { data: { code } });
}

test.beforeAll(async ({ request }) => {
  await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const made = await ok<{ id: number; accessCode: string }>(
    await request.post(`${API}/officials`, { data: { name: NAME, role: 'Judge' } }),
  );
  judgeId = made.id;
  firstCode = made.accessCode;
});

test.afterAll(async ({ request }) => {
  await request.post('/api/v1/auth/login', { data: E2E_ADMIN });
  if (judgeId) await request.delete(`${API}/officials/${judgeId}`);
});

function cardOf(page: Page) {
  return page.getByRole('dialog').getByTestId('signin-card');
}

test("an official's sign-in card: address and QR code, a new code that works and ends the old one", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, '/admin/officials');
  const letter = (
    await ok<{ id: number; letter: string }[]>(await page.request.get(`${API}/officials`))
  ).find((o) => o.id === judgeId)!.letter;
  // The card names the competition: it opens this one whichever competition the site shows at '/'.
  const address = `${baseURL}/c/demo/judges/${judgeId}`;
  const row = page.getByTestId(`official-${judgeId}`);
  await expect(row.getByRole('link', { name: `/judges/${judgeId}` })).toBeVisible();
  await shot(page, { path: 'shots/officials-1280.png', fullPage: true });

  // The card without a code: who, the address and its QR code; the code is not kept to show.
  await row.getByRole('button', { name: `Sign-in card of ${NAME}` }).click();
  const card = cardOf(page);
  await expect(card).toContainText(NAME);
  await expect(card).toContainText(`Judge ${letter}`);
  await expect(card.getByTestId('signin-url')).toHaveText(address);
  const qr = card.getByRole('img', { name: `QR code of ${address}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
  expect((await qr.locator('path').getAttribute('d'))!.length).toBeGreaterThan(200);
  await expect(card).toContainText('Not shown');
  await shot(page, { path: 'shots/signin-card-1280.png' });

  // A new code, asked first in the app's own dialog; shown once on the card.
  await page.getByRole('dialog').getByRole('button', { name: 'New code' }).click();
  const ask = page.getByRole('dialog', { name: `New code for ${NAME}?` });
  await ask.getByRole('button', { name: 'Give a new code' }).click();
  const code = card.getByTestId('access-code');
  await expect(code).toHaveText(/^.{7}$/);
  await expect(card).toContainText('Code shown once — print now.');
  const newCode = (await code.textContent())!.trim();
  await shot(page, { path: 'shots/signin-card-code-1280.png' });
  await page.emulateMedia({ media: 'print' });
  await shot(page, { path: 'shots/signin-card-print.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The old code stops working; the new one signs in on the tablet the card's address opens.
  expect((await signIn(request, firstCode)).status()).toBe(401);
  const tablet = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await tablet.goto(address);
  await expect(tablet.getByRole('heading', { name: `Tablet of Judge ${letter} — ${NAME}` })).toBeVisible();
  await shot(tablet, { path: 'shots/signin-judge-tablet-390.png' });
  await tablet.getByLabel('Access code').fill(newCode);
  await tablet.getByRole('button', { name: 'Sign in' }).click();
  await expect(tablet.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await tablet.context().close();

  // At phone size the card still fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(code).toBeVisible();
  await shot(page, { path: 'shots/signin-card-code-390.png' });
  await page.getByRole('button', { name: 'I have noted it' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, { path: 'shots/officials-390.png', fullPage: true });
});

test('every card at once: new codes for all after a confirmation, printed two by two', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, '/admin/officials');
  const officials = await ok<{ id: number }[]>(await page.request.get(`${API}/officials`));
  await page.getByRole('button', { name: 'Print all sign-in cards' }).click();
  const ask = page.getByRole('dialog', { name: `New codes for all ${officials.length} officials?` });
  // Cancelled: nothing changes.
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Print all sign-in cards' }).click();
  await ask.getByRole('button', { name: 'Give new codes and show the cards' }).click();
  const cards = page.getByRole('dialog', { name: /Sign-in cards/ }).getByTestId('signin-card');
  await expect(cards).toHaveCount(officials.length);
  const mine = page.getByRole('article', { name: `Sign-in card of ${NAME}` });
  const code = (await mine.getByTestId('access-code').textContent())!.trim();
  expect(code).toMatch(/^.{7}$/);
  expect((await signIn(request, code)).status()).toBe(200);
  await shot(page, { path: 'shots/signin-cards-all-1280.png' });
  await page.emulateMedia({ media: 'print' });
  await shot(page, { path: 'shots/signin-cards-all-print.png', fullPage: true });
  // On paper: only the cards, four to an A4 page, none cut in two.
  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(Math.ceil(officials.length / 4));
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, { path: 'shots/signin-cards-all-390.png' });
});
