import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, restoreCompetition, ok, shot } from './fixtures.ts';

/**
 * The chairman's screen on an event of its own, with approval required for the length of
 * the test: the chairman signs in with their code, watches the panel's progress come in (an overridden
 * count flagged), settles a tie at the cut-off on screen, approves, and only then can the scrutineer post.
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2, 3, 4, 5];
const SCRUTINEER = 7;
const CHAIRMAN = 8;

test('the chairman follows the panel, settles a cut-off tie and approves before the post', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const contexts: APIRequestContext[] = [];
  const newContext = async () => {
    const ctx = await playwrightRequest.newContext({ baseURL });
    contexts.push(ctx);
    return ctx;
  };
  // The admin works from their own "laptop": the chairman's browser has only the chairman's code.
  const admin = await newContext();
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const before = await ok<{ requireApproval: boolean }>(await admin.get(API));
  await ok(await admin.patch(API, { data: { requireApproval: true } }));

  const name = `Chairman E2E ${Date.now()}`;
  const event = await ok<{ key: string }>(
    await admin.post(`${API}/events`, {
      data: { name, style: 'Standard', level: 'Silver', dances: ['Waltz', 'Tango'] },
    }),
  );
  const ev = `${API}/events/${event.key}`;
  try {
    for (let i = 1; i <= 10; i++) {
      await ok(
        await admin.post(`${ev}/entries`, {
          data: { leadName: `Lead ${i} ${name}`, followName: `Follow ${i} ${name}` },
        }),
      );
    }
    await ok(await admin.put(`${ev}/panel`, { data: { officialIds: JUDGES } }));
    await ok(await admin.post(`${ev}/rounds/generate`, { data: {} }));

    const signIn = async (id: number) => {
      const { accessCode } = await ok<{ accessCode: string }>(
        await admin.post(`${API}/officials/${id}/code`),
      );
      const ctx = await newContext();
      await ok(await ctx.post(`${API}/officials/${id}/session`, { data: { code: accessCode } }));
      return ctx;
    };
    const judges = new Map<number, APIRequestContext>();
    for (const id of JUDGES) judges.set(id, await signIn(id));
    const scrutineer = await signIn(SCRUTINEER);
    await ok(await scrutineer.post(`${ev}/rounds/1/start`, { data: {} }));

    // The chairman signs in on the screen with a fresh code.
    const { accessCode, name: chairmanName } = await ok<{ accessCode: string; name: string }>(
      await admin.post(`${API}/officials/${CHAIRMAN}/code`),
    );
    await page.goto('/admin/chairman');
    await expect(page.getByRole('heading', { name: 'Chairman' })).toBeVisible();
    await page.getByLabel('Access code').fill(accessCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(`Signed in as ${chairmanName}`)).toBeVisible();
    await expect(page.getByTestId('approval-rule')).toContainText('requires your approval');

    const round = page.getByTestId(`chair-round-${event.key}-1`);
    await expect(round.getByRole('heading', { name: `${name}, Semi-Final` })).toBeVisible();
    await expect(round.getByTestId('chair-progress')).toHaveText('10 of 10 still to come');

    const couples = (await ok<{ round: { couples: string[] } }>(await admin.get(`${ev}/rounds/1/marks`)))
      .round.couples;
    expect(couples).toHaveLength(10);
    // Everyone marks the first six; the seventh mark goes to c7, c7, c8, c8, c9: c7 and c8 tie at the
    // cut-off with 4 marks (recall all → 8, none → 6). Judge E marks eight in the Tango (an override).
    const [c1, c2, c3, c4, c5, c6, c7, c8, c9, c10] = couples as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const top6 = [c1, c2, c3, c4, c5, c6];
    const seventh = [c7, c7, c8, c8, c9];
    const put = (id: number, body: Record<string, string[]>, override = false) =>
      judges.get(id)!.put(`${ev}/rounds/1/marks/${id}${override ? '?override=true' : ''}`, { data: body });
    for (const [i, id] of JUDGES.slice(0, 4).entries()) {
      const marks = [...top6, seventh[i]!];
      await ok(await put(id, { Waltz: marks, Tango: marks }));
    }
    // Live on the chairman's screen, without a reload.
    await expect(round.getByTestId('chair-progress')).toHaveText('2 of 10 still to come', {
      timeout: 10_000,
    });
    await expect(round.getByTestId('chair-cell-5-Waltz')).toHaveText('missing');
    await ok(await put(5, { Waltz: [...top6, c9] }));
    await ok(await put(5, { Tango: [...top6, c9, c10] }, true));
    await expect(round.getByTestId('chair-progress')).toHaveText('Every judge has submitted every dance.', {
      timeout: 10_000,
    });
    await expect(round.getByTestId('chair-cell-5-Tango')).toContainText('override');
    await expect(round.getByTestId('chair-cell-5-Waltz')).not.toContainText('override');

    // The tie, with both options and their counts; "recall all tied" is the default.
    const tie = round.getByTestId('chair-tie');
    await expect(tie).toContainText(`(${c7}, ${c8}) are tied at the cut-off with 4 marks`);
    await expect(tie.getByLabel(`Recall all 8 (couples ${c7}, ${c8} tied) (default)`)).toBeChecked();
    await expect(tie.getByLabel('Recall none of the tied couples: 6')).toBeVisible();
    await shot(page, { path: 'shots/chairman-tie.png', fullPage: true });

    // The chairman chooses none, records it, and the screen says what was done.
    await tie.getByLabel('Recall none of the tied couples: 6').check();
    await tie.getByRole('button', { name: 'Record decision' }).click();
    await expect(
      page.getByText(/none of the tied couples recalled, 6 couples in the next round/),
    ).toBeVisible();
    await expect(round.getByTestId('chair-tie-decided')).toContainText(
      'none of the tied couples recalled (6)',
    );
    await expect(round.getByTestId('recall-summary')).toContainText('6 couples recalled');

    // Not approved yet: the scrutineer cannot post.
    const refused = await scrutineer.post(`${ev}/rounds/1/post`, { data: {} });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('approval_needed');
    await shot(page, { path: 'shots/chairman-approve.png', fullPage: true });

    await round.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(/result approved; the scrutineer can post it now/)).toBeVisible();
    await expect(round.getByTestId('chair-result')).toContainText(`Approved by ${chairmanName}`);

    const posted = await ok<{ message: string }>(await scrutineer.post(`${ev}/rounds/1/post`, { data: {} }));
    expect(posted.message).toContain('6 couples recalled to the Final');
    // The posted semi leaves the chairman's list; the final waits for its turn, and once started it
    // takes the semi's place.
    await expect(page.getByTestId(`chair-round-${event.key}-1`)).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByTestId(`chair-round-${event.key}-2`)).toHaveCount(0);
    await ok(await scrutineer.post(`${ev}/rounds/2/start`, { data: {} }));
    await expect(page.getByTestId(`chair-round-${event.key}-2`)).toContainText('6 couples');
    await shot(page, { path: 'shots/chairman-final-running.png', fullPage: true });
  } finally {
    await admin.post('/api/v1/auth/login', { data: E2E_ADMIN });
    const del = await admin.delete(`${ev}?confirm=true`);
    await restoreCompetition(admin, { requireApproval: before.requireApproval });
    for (const ctx of contexts) await ctx.dispose();
    expect(del.ok(), `cleanup: ${del.status()}`).toBe(true);
  }
});
