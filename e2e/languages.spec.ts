import { expect, request as playwrightRequest, type APIRequestContext, type Browser } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, judgeSessions, ok, shot } from './fixtures.ts';
import { LAPTOP, PHONE, catalogWords, expectFits, overflow, settled } from './support/screens.ts';
import { KEY_NAME, stringsOf, translatedShare, visibleWords } from './support/language.ts';

/**
 * Languages (docs/i18n.md): a reader whose browser is in German or Spanish reads the public pages and
 * the judge's tablet in it, without a key name anywhere; the switcher changes the language without a
 * reload and keeps it; a dancer registers in Spanish while a judge marks on a German tablet and the
 * scrutineer works in English; the projector shows the competition's own language.
 */
const API = '/api/v1/competitions/demo';
const stamp = Date.now().toString(36).slice(-5);
type Lang = 'en' | 'de' | 'es';
const BROWSER_LOCALE: Record<Lang, string> = { en: 'en-US', de: 'de-DE', es: 'es-ES' };

/** A screen's word in `lang`, found by its English text in the screen's catalog. */
function word(folder: string, english: string, lang: Lang): string {
  const en = catalogWords(folder, 'en');
  const key = Object.keys(en).find((k) => en[k] === english);
  if (!key) throw new Error(`${folder}: no message reads "${english}"`);
  return catalogWords(folder, lang)[key]!;
}
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The data the pages show as the organizer and the dancers typed it (not measured as words). */
async function dataStrings(admin: APIRequestContext): Promise<Set<string>> {
  const data = new Set<string>();
  for (const path of ['', '/events', '/competitors', '/schedule', '/officials'])
    stringsOf(await (await admin.get(`${API}${path}`)).json(), data);
  return data;
}

async function newReader(browser: Browser, baseURL: string | undefined, lang: Lang, viewport = PHONE) {
  return browser.newContext({ baseURL, locale: BROWSER_LOCALE[lang], viewport, hasTouch: true });
}

let eventKey = '';
let eventPath = '';
let judgeCode = '';
const JUDGE = 1;
const JUDGES = [1, 2, 3];
const admins: APIRequestContext[] = [];

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(90_000);
  const admin = await playwrightRequest.newContext({ baseURL });
  admins.push(admin);
  await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const event = await ok<{ key: string }>(
    await admin.post(`${API}/events`, {
      data: { name: `Sprachen ${stamp} Standard`, style: 'Standard', level: 'Gold', dances: ['Waltz', 'Tango'] },
    }),
  );
  eventKey = event.key;
  eventPath = `${API}/events/${event.key}`;
  await ok(await admin.put(`${eventPath}/panel`, { data: { officialIds: JUDGES } }));
  judgeCode = (await ok<{ accessCode: string }>(await admin.post(`${API}/officials/${JUDGE}/code`))).accessCode;
});

test.afterAll(async () => {
  const admin = admins[0]!;
  if (eventPath) await admin.delete(`${eventPath}?confirm=true`);
  for (const a of admins) await a.dispose();
});
