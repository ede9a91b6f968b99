/** The administrator the e2e servers are started with (support/server.ts). */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'secret123' };
/** The e2e servers hash passwords and access codes at a test-only lower cost (src/server/auth/passwords.ts). */
export const E2E_SCRYPT_N = '1024';

import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from '@playwright/test';

/**
 * Screenshots into shots/ are for people reviewing the screens, not checks: no test reads
 * them back. Each costs a layout and a PNG encode (a full page of a long table, a second on a busy
 * 2-core machine), so they are taken only when asked for: `E2E_SHOTS=1 npx playwright test` (README).
 */
export const SHOTS = Boolean(process.env.E2E_SHOTS);

/** `target.screenshot(options)` when screenshots are asked for (SHOTS); otherwise nothing. */
export async function shot(
  target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> },
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (SHOTS) await target.screenshot(options);
}

/** The JSON of a successful API answer; anything else fails the test with the server's words. */
export async function ok<T>(res: APIResponse): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Signs the page's browser context in as the administrator through the API (the session cookie lands
 * in the context) and opens `path` — `base` for a server other than the config's. Signing in on the
 * form, and coming back to the page asked for, is what admin.spec.ts's first test proves (and the
 * form's checks its second); every other staff screen is tested already signed in.
 */
export async function openSignedIn(page: Page, path: string, base = ''): Promise<void> {
  await ok(await page.request.post(`${base}/api/v1/auth/login`, { data: E2E_ADMIN }));
  await page.goto(`${base}${path}`);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?.]/g, '\\$&')}$`));
}

/**
 * The scrutineer signs in as they would: their screen is behind the admin guard, which sends them to
 * the sign-in page; "Sign in with an access code" takes their code there and brings them back to
 * `path` (the demo's one scrutineer is chosen already).
 */
export async function scrutineerSignsIn(page: Page, code: string, path = '/admin/scrutineer', base = '') {
  await page.goto(`${base}${path}`);
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in with an access code' }).click();
  const form = page.getByRole('form', { name: 'Scrutineer sign-in' });
  await form.getByLabel('Access code').fill(code);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/^Signed in as /)).toBeVisible();
}

/** Starts the round a staff screen shows: its Start button, then the dialog that names the round. */
export async function startShownRound(page: Page, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Start round' }).click();
  const dialog = page.getByRole('dialog', { name: `Start ${label}?` });
  await dialog.getByRole('button', { name: 'Start round' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The spec files of one worker share its server (support/test.ts); a test that changes the competition
 * puts back what it changed, so the others see the demo as created.
 */
export async function restoreCompetition(
  request: APIRequestContext,
  fields: Record<string, unknown>,
): Promise<void> {
  const login = await request.post('/api/v1/auth/login', { data: E2E_ADMIN });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
  const res = await request.patch('/api/v1/competitions/demo', { data: fields });
  if (!res.ok()) throw new Error(`restore failed: ${res.status()} ${await res.text()}`);
}

export async function restoreSettings(
  request: APIRequestContext,
  fields: Record<string, unknown>,
): Promise<void> {
  await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const res = await request.put('/api/v1/competitions/demo/settings/events', { data: fields });
  if (!res.ok()) throw new Error(`restore failed: ${res.status()}`);
}

/**
 * An event of our own on the demo competition (admin API): `couples` entries of team `team` (the
 * first with `first` added), judged by the demo judges `judges`, its rounds generated.
 */
export async function createEvent(
  admin: APIRequestContext,
  data: { name: string; style: string; level: string; dances: string[] },
  couples: number,
  team: string,
  first: Record<string, unknown> = {},
  judges: readonly number[] = [1, 2, 3, 4, 5],
): Promise<{ key: string; path: string; couples: string[] }> {
  const api = '/api/v1/competitions/demo';
  const event = await ok<{ key: string }>(await admin.post(`${api}/events`, { data }));
  const path = `${api}/events/${event.key}`;
  const numbers: string[] = [];
  for (let i = 1; i <= couples; i++) {
    const e = await ok<{ leadNumber: number }>(
      await admin.post(`${path}/entries`, {
        data: {
          leadName: `Lead ${i} ${data.name}`,
          followName: `Follow ${i} ${data.name}`,
          affiliation: team,
          ...(i === 1 ? first : {}),
        },
      }),
    );
    numbers.push(String(e.leadNumber));
  }
  await ok(await admin.put(`${path}/panel`, { data: { officialIds: judges } }));
  await ok(await admin.post(`${path}/rounds/generate`, { data: {} }));
  return { key: event.key, path, couples: numbers.sort((a, b) => +a - +b) };
}

/**
 * An official's own "tablet": a fresh access code from the admin, a new request context signed in
 * with it. `keep` collects the contexts for the test to dispose of.
 */
export async function officialSession(
  admin: APIRequestContext,
  baseURL: string | undefined,
  id: number,
  keep: APIRequestContext[],
  competition = 'demo',
): Promise<APIRequestContext> {
  const api = `/api/v1/competitions/${competition}`;
  const { accessCode } = await ok<{ accessCode: string }>(await admin.post(`${api}/officials/${id}/code`));
  const ctx = await playwrightRequest.newContext({ baseURL });
  keep.push(ctx);
  await ok(await ctx.post(`${api}/officials/${id}/session`, { data: { code: accessCode } }));
  return ctx;
}

/** Each judge on their own tablet (officialSession), by official id. */
export async function judgeSessions(
  admin: APIRequestContext,
  baseURL: string | undefined,
  ids: readonly number[],
  keep: APIRequestContext[],
): Promise<Map<number, APIRequestContext>> {
  const judges = new Map<number, APIRequestContext>();
  for (const id of ids) judges.set(id, await officialSession(admin, baseURL, id, keep));
  return judges;
}
