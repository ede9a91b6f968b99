import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, judgeSessions, ok, shot } from './fixtures.ts';
import { PHONE, expectFits, overflow, settled } from './support/screens.ts';
import { KEY_NAME, stringsOf, translatedShare, visibleWords, wordsOf } from './support/language.ts';

/**
 * Languages (docs/i18n.md). A reader whose browser is in German or Spanish reads /register, /live,
 * /results and the judge's tablet in it, never a key name, and <html lang> says which; the switcher
 * changes the language without a reload and keeps it. Then a day in three languages: a dancer
 * registers in Spanish, a judge marks the final on a German tablet while the scrutineer works in
 * English, and the projector shows the result in the competition's own language.
 */
const API = '/api/v1/competitions/demo';
const stamp = Date.now().toString(36).slice(-5);
type Lang = 'en' | 'de' | 'es';
const BROWSER_LOCALE: Record<Lang, string> = { en: 'en-US', de: 'de-DE', es: 'es-ES' };
const JUDGES = [1, 2, 3];
const DANCES = ['Waltz', 'Tango'];
const sport = { de: wordsOf('domain/i18n/sport', 'de') };
const judgeWords = {
  en: wordsOf('web/pages/judge', 'en'),
  de: wordsOf('web/pages/judge', 'de'),
  es: wordsOf('web/pages/judge', 'es'),
};
const register = { es: wordsOf('web/pages/register', 'es') };

async function signedInAdmin(baseURL: string | undefined): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({ baseURL });
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  return admin;
}

/** An event of ours with `couples` couples entered by the organizer and the three judges. */
async function ourEvent(admin: APIRequestContext, name: string, couples: number) {
  const { key } = await ok<{ key: string }>(
    await admin.post(`${API}/events`, { data: { name, style: 'Standard', level: 'Gold', dances: DANCES } }),
  );
  const path = `${API}/events/${key}`;
  for (let i = 1; i <= couples; i++)
    await ok(
      await admin.post(`${path}/entries`, {
        data: { leadName: `Lead ${i} ${stamp}`, followName: `Follow ${i} ${stamp}`, affiliation: 'E2E Club' },
      }),
    );
  await ok(await admin.put(`${path}/panel`, { data: { officialIds: JUDGES } }));
  return { key, path };
}

/** The judge signs in on the tablet's form, in its language, and opens our round. */
async function judgeSignIn(page: Page, lang: Lang, code: string, round: string) {
  const words = judgeWords[lang];
  await page.getByLabel(words('signIn.code')).fill(code);
  await page.getByRole('button', { name: words('signIn.submit') }).click();
  const ours = page.getByRole('button', { name: new RegExp(round) });
  const heading = page.getByRole('heading', { name: new RegExp(round) });
  await expect(ours.or(heading).first()).toBeVisible();
  if (await ours.isVisible()) await ours.click();
  await expect(heading).toBeVisible();
}

function newReader(
  browser: Browser,
  baseURL: string | undefined,
  lang: Lang,
  viewport: { width: number; height: number } = PHONE,
) {
  return browser.newContext({ baseURL, locale: BROWSER_LOCALE[lang], viewport, hasTouch: true });
}

test('German and Spanish readers get /register, /live, /results and the judge’s tablet in their language', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInAdmin(baseURL);
  const event = await ourEvent(admin, `Sprachen ${stamp} Standard`, 6);
  try {
    await ok(await admin.post(`${event.path}/rounds/generate`, { data: {} }));
    await ok(await admin.post(`${event.path}/rounds/1/start`, { data: {} }));
    const { accessCode } = await ok<{ accessCode: string }>(await admin.post(`${API}/officials/1/code`));
    // What the organizer and the dancers typed is shown as typed in every language: not measured.
    const data = new Set<string>();
    for (const path of ['', '/events', '/competitors', '/schedule', '/officials'])
      stringsOf(await (await admin.get(`${API}${path}`)).json(), data);
    // Names of other services are the same in every language (the footer's links).
    for (const brand of ['Facebook', 'Instagram']) data.add(brand);

    const pages = ['/register', '/live', '/results', '/judges/1'];
    const seen = new Map<string, string[]>();
    for (const lang of ['en', 'de', 'es'] as const) {
      const context = await newReader(browser, baseURL, lang);
      const page = await context.newPage();
      for (const path of pages) {
        await page.goto(path);
        if (path === '/judges/1') await judgeSignIn(page, lang, accessCode, `Sprachen ${stamp}`);
        await settled(page);
        expect(await page.locator('html').getAttribute('lang'), `${path} in ${lang}`).toBe(lang);
        const words = await visibleWords(page);
        expect(
          words.filter((w) => KEY_NAME.test(w)),
          `${path} in ${lang}: key names`,
        ).toEqual([]);
        seen.set(`${lang} ${path}`, words);
        // German words are long: nothing wider than the phone.
        if (lang === 'de') expectFits(`${path} in German`, PHONE.width, await overflow(page));
        await shot(page, { path: `shots/languages/${lang}${path.replaceAll('/', '_')}.png`, fullPage: true });
      }
      await context.close();
    }
    for (const path of pages)
      for (const lang of ['de', 'es'] as const) {
        const { share, untranslated } = translatedShare(
          seen.get(`en ${path}`)!,
          seen.get(`${lang} ${path}`)!,
          data,
        );
        // For the record (the closing note): how much of the page reads in the language.
        console.log(
          `${path} in ${lang}: ${Math.round(share * 100)}% translated; same: ${untranslated.join(' | ')}`,
        );
        expect
          .soft(share, `${path} in ${lang}: still in English: ${untranslated.join(' | ')}`)
          .toBeGreaterThanOrEqual(0.8);
      }
  } finally {
    await admin.delete(`${event.path}?confirm=true`);
    await admin.dispose();
  }
});

test('the language switcher changes the page without a reload and keeps the choice', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Register', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.getByRole('heading', { name: 'Anmelden', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Anmelden', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Register', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a dancer registers in Spanish; a judge marks the final in German; the scrutineer posts in English; the projector speaks the competition’s language', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInAdmin(baseURL);
  const judgeContexts: APIRequestContext[] = [];
  const name = `Idiomas ${stamp} Final`;
  const event = await ourEvent(admin, name, 5);
  const before = await ok<{ language: string; version: number }>(await admin.get(API));
  try {
    // The competition's own language is German.
    await ok(await admin.patch(API, { data: { language: 'de', version: before.version } }));

    // A dancer registers on a phone in Spanish.
    const dancer = await newReader(browser, baseURL, 'es');
    const reg = await dancer.newPage();
    await reg.goto('/register');
    const es = register.es;
    await expect(reg.getByRole('heading', { name: es('title'), exact: true })).toBeVisible();
    for (const [role, who] of [
      ['lead', `Javier Ortega ${stamp}`],
      ['follow', `Lucía Romero ${stamp}`],
    ] as const) {
      const set = reg.getByRole('group', { name: es(role) });
      await set.getByLabel(es('fullName')).fill(who);
      await set.getByLabel(es('email')).fill(`${role}.${stamp}@example.es`);
    }
    const team = reg.getByRole('textbox', { name: es('team.label') });
    await team.fill('Cornell DanceSport');
    // The keys pick from the list a person sees: wait for it, or ArrowDown lands before the options do.
    await expect(reg.getByRole('option', { name: 'Cornell DanceSport', exact: true })).toBeVisible();
    await reg.keyboard.press('ArrowDown');
    await reg.keyboard.press('Enter');
    await expect(team).toHaveValue('Cornell DanceSport');
    await reg.getByRole('checkbox', { name }).check();
    for (const box of await reg.getByLabel(es('consent.liability')).all()) await box.check();
    await shot(reg, { path: 'shots/languages/es_register_filled.png', fullPage: true });
    await reg.getByRole('button', { name: es('submit'), exact: true }).click();
    await expect(reg.getByRole('heading', { name: es('done.title') })).toBeVisible();
    await shot(reg, { path: 'shots/languages/es_register_done.png', fullPage: true });
    await dancer.close();

    // Six couples: the final straight away.
    await ok(await admin.post(`${event.path}/rounds/generate`, { data: {} }));

    // The projector in the ballroom: a laptop set to English, showing the competition's German.
    const projector = await newReader(browser, baseURL, 'en', { width: 1920, height: 1080 });
    const display = await projector.newPage();
    await display.goto('/live/display');
    await ok(await admin.post(`${event.path}/rounds/1/start`, { data: {} }));
    await expect(display.getByTestId('display-now')).toContainText(name);
    await expect(display.getByTestId('display-now')).toContainText(sport.de('round.final'));

    // Judge 1 marks on a German tablet; the other two send theirs.
    const { accessCode } = await ok<{ accessCode: string }>(await admin.post(`${API}/officials/1/code`));
    const tablet = await newReader(browser, baseURL, 'de', { width: 1024, height: 768 });
    const judge = await tablet.newPage();
    const de = judgeWords.de;
    await judge.goto('/judges/1');
    await judgeSignIn(judge, 'de', accessCode, name);
    await expect(judge.locator('html')).toHaveAttribute('lang', 'de');
    for (const dance of DANCES) {
      await judge.getByRole('button', { name: sport.de(`dance.${dance}`), exact: true }).click();
      const tiles = judge.locator('.judge-grid .judge-tile');
      await expect(tiles).toHaveCount(6);
      for (const tile of await tiles.all()) await tile.click();
      await expect(judge.getByText(de('final.count', { placed: 6, count: 6 }))).toBeVisible();
      await judge.getByRole('button', { name: de('review.button') }).click();
      await shot(judge, { path: `shots/languages/de_judge_final_review_${dance}.png` });
      await judge.getByRole('button', { name: de('review.send', { given: 'places' }) }).click();
      await expect(judge.getByText(de('sync.confirmed'))).toBeVisible();
    }
    const judges = await judgeSessions(admin, baseURL, [2, 3], judgeContexts);
    const marks = await ok<{ round: { couples: string[] } }>(await admin.get(`${event.path}/rounds/1/marks`));
    const couples = marks.round.couples;
    const places = Object.fromEntries(couples.map((c, i) => [c, i + 1]));
    for (const id of [2, 3])
      await ok(
        await judges
          .get(id)!
          .put(`${event.path}/rounds/1/marks/${id}`, { data: { Waltz: places, Tango: places } }),
      );

    // The scrutineer, in English, computes and posts.
    await ok(await page.request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin/scrutineer?event=${event.key}&round=1`);
    await expect(page.getByRole('heading', { name: `${name}, Final` })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText('Every judge has submitted every dance.')).toBeVisible();
    await page.getByRole('button', { name: 'Compute' }).click();
    await expect(page.getByTestId('final-summary')).toBeVisible();
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page
      .getByRole('dialog', { name: /Post .*Final/ })
      .getByRole('button', { name: 'Post' })
      .click();
    await expect(page.getByRole('button', { name: 'Un-post' })).toBeVisible();

    // The projector shows the placings in German: "Endrunde", "1.".
    const result = display.getByTestId('display-result');
    await expect(result).toContainText(`${name}, ${sport.de('round.final')}`);
    await expect(display.getByTestId('display-placings').getByRole('listitem').first()).toContainText(
      sport.de('place', { place: 1 }),
    );
    await shot(display, { path: 'shots/languages/display_competition_language.png' });
    await projector.close();
    await tablet.close();
  } finally {
    for (const ctx of judgeContexts) await ctx.dispose();
    const now = await ok<{ version: number }>(await admin.get(API));
    await admin.patch(API, { data: { language: before.language, version: now.version } });
    await admin.delete(`${event.path}?confirm=true`);
    await admin.dispose();
  }
});
