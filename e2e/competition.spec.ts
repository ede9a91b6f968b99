import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { E2E_PORT, test } from './support/test.ts';
import { E2E_ADMIN, ok, openSignedIn, scrutineerSignsIn, startShownRound, shot } from './fixtures.ts';
import { spawnServer, type SpawnedServer } from './support/server.ts';
import { placeMultiDance, type FinalMarks } from '../src/domain/scoring/index.ts';
import type { RoundMarksView } from '../src/domain/schemas/marks.ts';

/**
 * One whole competition, from nothing to results compared on a second server.
 *
 * The web app's staff and public screens work on the competition the server serves at / (GET /site),
 * so the competition is built on a server of our own (fresh database, no demo, PROMENADE_COMPETITION =
 * our new key): the setup, officials, events, rounds, schedule, judges' tablets, scrutineer, chairman,
 * /live, /results and the print sheets are then all the real screens on the new competition. The
 * export is imported into a second fresh server and every result compared. The competition has no
 * DELETE API; it goes with its server's temporary data folder at the end.
 */
const KEY = `e2e${Date.now().toString(36)}`;
const API = `/api/v1/competitions/${KEY}`;
const STAFF = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const OFFICIALS = [
  { name: 'Ada Lindqvist', role: 'Judge' },
  { name: 'Bruno Castell', role: 'Judge' },
  { name: 'Carmen Oduya', role: 'Judge' },
  { name: 'Sam Reyes', role: 'Scrutineer' },
  { name: 'Helena Park', role: 'Chairman' },
  { name: 'Dev Patel', role: 'Deck Captain' },
  { name: 'Marlo Quinn', role: 'MC' },
] as const;
type OfficialName = (typeof OFFICIALS)[number]['name'];

/** Four events: single-dance, five-dance, 30 couples in three rounds, final only. */
const RUMBA = { name: 'Bronze Rumba', style: 'Latin', level: 'Bronze', dances: ['Rumba'] };
const GOLD = {
  name: 'Gold Standard (W/T/VW/F/Q)',
  style: 'Standard',
  level: 'Gold',
  dances: ['Waltz', 'Tango', 'Viennese Waltz', 'Foxtrot', 'Quickstep'],
};
const LATIN = { name: 'Silver Latin (C/R)', style: 'Latin', level: 'Silver', dances: ['ChaCha', 'Rumba'] };
const SMOOTH = {
  name: 'Newcomer Smooth (W/F)',
  style: 'Smooth',
  level: 'Newcomer',
  dances: ['Waltz', 'Foxtrot'],
};
const EVENTS = [RUMBA, GOLD, LATIN, SMOOTH];

/** Couple i (0–29) dances the Latin; 0–8 the Rumba too, 9–16 the Gold Standard, 17–22 the Smooth. */
function eventsOfCouple(i: number): (typeof EVENTS)[number][] {
  return [
    LATIN,
    ...(i <= 8 ? [RUMBA] : []),
    ...(i >= 9 && i <= 16 ? [GOLD] : []),
    ...(i >= 17 && i <= 22 ? [SMOOTH] : []),
  ];
}
const TEAMS = ['Cornell DanceSport', 'Riverside University', 'Studio Allegro'];
const FIRST = {
  lead: ['Rafael', 'Tomas', 'Jonah', 'Elias', 'Mateo', 'Kenji', 'Omar', 'Felix', 'Arjun', 'Lucas'],
  follow: ['Mira', 'Ines', 'Sofia', 'Lena', 'Aiko', 'Nadia', 'Clara', 'Priya', 'Elena', 'Zoe'],
};
const LAST = ['Quint', 'Vidal', 'Brandt'];
/** Thirty couples, each dancer with a name of their own (the database is fresh: no clashes). */
const personOf = (i: number, part: 'lead' | 'follow') => {
  const first = FIRST[part][i % 10]!;
  const last = LAST[Math.floor(i / 10)]!;
  return { name: `${first} ${last}`, email: `${first}.${last}.${part}@example.edu`.toLowerCase() };
};

/** Local wall-clock "YYYY-MM-DDTHH:mm" for a datetime-local input, `days` from now. */
function localDateTime(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

async function pickOption(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Closes the notifications saying what was done, as a person may, for a screenshot of the screen
 * (waiting for each to fade by itself took four seconds). Clicked in one step in the page, so none can
 * fade away between being found and being clicked; again while queued ones (three show at a time) come.
 */
async function quiet(page: Page) {
  const notices = page.locator('.mantine-Notification-root');
  await expect(async () => {
    await notices.evaluateAll((roots) =>
      roots.forEach((r) => r.querySelector<HTMLButtonElement>('.mantine-Notification-closeButton')?.click()),
    );
    await expect(notices).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** A judge's tablet: its own browser context, signed in on screen with the judge's code. */
async function tablet(browser: Browser, base: string, judgeId: number, code: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${base}/judges/${judgeId}`);
  await page.getByLabel('Access code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

const tile = (page: Page, couple: string) =>
  page.locator('.judge-grid .judge-tile').filter({
    has: page.locator('.judge-tile-number', { hasText: new RegExp(`^${couple}$`) }),
  });

/** Whatever stays the same when a competition moves to another server. */
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
/**
 * Dropped before comparing: `exportedAt` is the moment of the export. Everything else — ids, versions,
 * computed/posted/approved times, marks' submitters — the import keeps as exported.
 */
const VOLATILE = new Set(['exportedAt']);
function stable(value: unknown): Json {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !VOLATILE.has(k))
        .map(([k, v]) => [k, stable(v)]),
    );
  }
  return value as Json;
}

interface ExportDoc {
  exportedAt: string;
  competition: Record<string, unknown>;
  tables: Record<string, Record<string, unknown>[]>;
}
/** Columns that point at another table's row. */
const REFERENCES: Record<string, string> = {
  event_id: 'events',
  round_id: 'rounds',
  entry_id: 'entries',
  mark_id: 'marks',
  official_id: 'officials',
  registration_id: 'registrations',
  lead_id: 'competitors',
  follow_id: 'competitors',
};
/** An export with every id replaced by its row's position in its table (and references likewise). */
function canonicalExport(doc: ExportDoc): Json {
  const position = new Map<string, Map<unknown, number>>();
  for (const [table, rows] of Object.entries(doc.tables)) {
    if (rows.some((r) => 'id' in r)) position.set(table, new Map(rows.map((r, i) => [r.id, i])));
  }
  const tables = Object.fromEntries(
    Object.entries(doc.tables).map(([table, rows]) => {
      const out = rows.map((r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => {
            if (k === 'id') return [k, position.get(table)!.get(v) ?? null];
            const target = REFERENCES[k];
            if (target && v !== null)
              return [k, `${target}#${position.get(target)?.get(v) ?? `missing ${String(v)}`}`];
            return [k, v];
          }),
        ),
      );
      // Rows without an id of their own are listed by their parents' ids: sort them canonically.
      if (!position.has(table)) out.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
      return [table, out];
    }),
  );
  return stable({ competition: doc.competition, tables });
}

interface AdminEvent {
  key: string;
  name: string;
  rounds: { roundNumber: number; roundName: string; roundState: number; entries: unknown[] }[];
}

test('a whole competition from nothing: setup, registrations, the day, public results, export and import', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const servers: SpawnedServer[] = [];
  const apiContexts: APIRequestContext[] = [];
  const pages: Page[] = [];
  const newApi = async (baseURL: string) => {
    const ctx = await playwrightRequest.newContext({ baseURL });
    apiContexts.push(ctx);
    return ctx;
  };
  const newPage = async (viewport = STAFF) => {
    const p = await (await browser.newContext({ viewport })).newPage();
    pages.push(p);
    return p;
  };
  try {
    // ─── 1. A competition from nothing ────────────────────────────────────────────────────────────
    const home = await spawnServer(E2E_PORT + 49, { competition: KEY });
    servers.push(home);
    const base = home.url;
    const admin = await newApi(base);
    await ok(await admin.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    const startDate = localDateTime(7).slice(0, 10);
    await ok(
      await admin.post('/api/v1/competitions', {
        data: { key: KEY, fullName: `Whole Competition ${KEY}`, startDate, endDate: startDate },
      }),
    );
    expect((await ok<{ competition: string }>(await admin.get('/api/v1/site'))).competition).toBe(KEY);

    const office = await newPage();
    await openSignedIn(office, '/admin/setup', base);
    // Registration open (early fee ended, open fee for a week more, closing in three weeks) and fees.
    await office.getByLabel('Early registration until').fill(localDateTime(-2));
    await office.getByLabel('Open registration until').fill(localDateTime(7));
    await office.getByLabel('Registration closes').fill(localDateTime(21));
    await office.getByLabel(/^Early fee/).fill('20');
    await office.getByLabel(/^Open fee/).fill('30');
    await office.getByLabel(/^Late fee/).fill('45');
    await office.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(office.getByText('The competition details are updated.')).toBeVisible();
    const meta = await ok<{ registration: { tier: string; isOpen: boolean; fee: number } }>(
      await admin.get(API),
    );
    expect(meta.registration).toEqual({ tier: 'OPEN', isOpen: true, fee: 30 });

    // Officials, each code shown once on screen.
    await office.goto(`${base}/admin/officials`);
    const codes = new Map<OfficialName, string>();
    for (const o of OFFICIALS) {
      await office.getByRole('button', { name: 'Add official' }).click();
      const dialog = office.getByRole('dialog');
      await dialog.getByLabel('Name').fill(o.name);
      await pickOption(office, dialog, 'Role', o.role);
      await dialog.getByRole('button', { name: 'Add and show the code' }).click();
      const code = office.getByTestId('access-code');
      await expect(code).toHaveText(/^.{7}$/);
      codes.set(o.name, (await code.textContent())!.trim());
      await office.getByRole('button', { name: 'I have noted it' }).click();
      await expect(office.getByRole('dialog')).toHaveCount(0);
    }
    const officials = await ok<{ id: number; name: string; role: string }[]>(
      await admin.get(`${API}/officials`),
    );
    const idOf = (name: OfficialName) => officials.find((o) => o.name === name)!.id;
    const JUDGES = ['Ada Lindqvist', 'Bruno Castell', 'Carmen Oduya'] as const;
    const judgeIds = JUDGES.map(idOf);
    await quiet(office);
    await shot(office, { path: 'shots/competition-officials.png', fullPage: true });

    // ─── 2. Four events ───────────────────────────────────────────────────────────────────────────
    await office.goto(`${base}/admin/setup/events`);
    for (const e of EVENTS) {
      await office.getByRole('button', { name: 'New event' }).click();
      const dialog = office.getByRole('dialog', { name: 'New event' });
      await dialog.getByLabel('Event name').fill(e.name);
      await pickOption(office, dialog, 'Style', e.style);
      await pickOption(office, dialog, 'Level', e.level);
      for (const d of e.dances) await dialog.getByLabel(d, { exact: true }).check();
      await dialog.getByRole('button', { name: 'Create event' }).click();
      await expect(office.getByRole('dialog')).toHaveCount(0);
    }
    const created = await ok<AdminEvent[]>(await admin.get(`${API}/events`));
    const keyOf = new Map(created.map((e) => [e.name, e.key]));
    expect([...keyOf.keys()].sort()).toEqual(EVENTS.map((e) => e.name).sort());
    const ev = (e: (typeof EVENTS)[number]) => `${API}/events/${keyOf.get(e.name)}`;

    // Registrations: two couples on the phone form, the other 28 through the public API.
    const phone = await newPage(PHONE);
    for (const i of [0, 1]) {
      await phone.goto(`${base}/register`);
      await expect(phone.getByText(/Registration open/)).toBeVisible();
      for (const [part, legend] of [
        ['lead', 'Lead'],
        ['follow', 'Follow'],
      ] as const) {
        const set = phone.getByRole('group', { name: legend });
        await set.getByLabel('Full name').fill(personOf(i, part).name);
        await set.getByLabel('Email').fill(personOf(i, part).email);
      }
      const team = phone.getByRole('textbox', { name: 'Team or studio' });
      await team.fill(TEAMS[0]!);
      // The keys pick from the list a person sees: wait for it, or ArrowDown lands before the options do.
      await expect(phone.getByRole('option', { name: TEAMS[0]!, exact: true })).toBeVisible();
      await phone.keyboard.press('ArrowDown');
      await phone.keyboard.press('Enter');
      await expect(team).toHaveValue(TEAMS[0]!);
      for (const e of eventsOfCouple(i)) await phone.getByRole('checkbox', { name: e.name }).check();
      const liability = phone.getByLabel('I accept the liability release');
      await liability.nth(0).check();
      await liability.nth(1).check();
      if (i === 0) await shot(phone, { path: 'shots/competition-register.png', fullPage: true });
      await phone.getByRole('button', { name: 'Register', exact: true }).click();
      await expect(phone.getByRole('heading', { name: 'You are registered' })).toBeVisible();
      // Two dancers in two events (the Latin and the Rumba) at the open tier's $30, per dancer per event.
      await expect(phone.getByText(/Amount due: \$120/)).toBeVisible();
    }
    const publicApi = await newApi(base);
    for (let i = 2; i < 30; i++) {
      await ok(
        await publicApi.post(`${API}/registrations`, {
          data: {
            lead: personOf(i, 'lead'),
            follow: personOf(i, 'follow'),
            affiliation: TEAMS[i % TEAMS.length],
            events: eventsOfCouple(i).map((e) => keyOf.get(e.name)),
            consents: { liability: true, media: i % 2 === 0 },
          },
        }),
      );
    }

    // Rounds from the entry counts, on the events screen. 30 couples make four rounds by default; the
    // organizer deletes the first so the Latin has a quarter-final, a semi-final and a final.
    await office.reload();
    for (const [e, names] of [
      [RUMBA, ['Semi-Final', 'Final']],
      [GOLD, ['Semi-Final', 'Final']],
      [LATIN, ['1/8 Final', 'Quarter-Final', 'Semi-Final', 'Final']],
      [SMOOTH, ['Final']],
    ] as const) {
      await office
        .getByTestId(`event-${keyOf.get(e.name)}`)
        .getByRole('button', { name: 'Rounds' })
        .click();
      const dialog = office.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Generate rounds' }).click();
      for (const [i, n] of names.entries())
        await expect(dialog.getByTestId(`round-${i + 1}`)).toContainText(n);
      if (e === LATIN) {
        await dialog.getByTestId('round-1').getByRole('button', { name: 'Delete' }).click();
        await office
          .getByRole('dialog', { name: 'Delete 1/8 Final?' })
          .getByRole('button', { name: 'Delete round' })
          .click();
        await expect(dialog.getByTestId('round-1')).toContainText('Quarter-Final');
        await expect(dialog.getByTestId('round-1').getByLabel('30 couples')).toBeVisible();
        await expect(dialog.getByTestId('round-3')).toContainText('Final');
        await expect(dialog.getByTestId('round-4')).toHaveCount(0);
        await expect(dialog.getByLabel('Recall size of Quarter-Final')).toHaveValue('14');
        await quiet(office);
        await shot(office, { path: 'shots/competition-rounds.png' });
      }
      await office.keyboard.press('Escape');
      await expect(office.getByRole('dialog')).toHaveCount(0);
    }

    // The schedule: the final-only Smooth opens the day, then a first start time.
    await office.goto(`${base}/admin/eventschedule`);
    const smoothFinal = `${keyOf.get(SMOOTH.name)}-R1`;
    const slotOrder = () =>
      office
        .locator('[data-testid^="slot-"]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')?.slice(5)));
    await expect.poll(async () => (await slotOrder()).indexOf(smoothFinal)).toBe(7);
    for (let at = 7; at > 0; at--) {
      await office.getByRole('button', { name: `Move ${SMOOTH.name} Final up` }).click();
      await expect.poll(async () => (await slotOrder()).indexOf(smoothFinal)).toBe(at - 1);
    }
    // The first start time of the day, in the settings beside the other timings.
    await office.goto(`${base}/admin/settings`);
    await office.getByLabel('First start time').fill(`${startDate}T09:00`);
    await office.getByRole('button', { name: 'Save settings' }).click();
    await expect(office.getByText('Event settings are updated.')).toBeVisible();
    await office.goto(`${base}/admin/eventschedule`);
    // Two minutes a dance and one between rounds: the Smooth final (2 dances) at 9:00, the Rumba at 9:05.
    await expect(office.getByTestId(`slot-${smoothFinal}`).getByTestId('estimate')).toHaveText(/9:00/);
    await expect(office.getByTestId(`slot-${keyOf.get(RUMBA.name)}-R1`).getByTestId('estimate')).toHaveText(
      /9:05/,
    );
    await shot(office, { path: 'shots/competition-schedule.png', fullPage: true });
    const schedule = await ok<{ items: { roundId: string }[]; timing: { firstStartTime: string | null } }>(
      await admin.get(`${API}/schedule`),
    );
    expect(schedule.timing.firstStartTime).toBeTruthy();
    expect(schedule.items.map((i) => i.roundId)).toEqual([
      smoothFinal,
      ...[RUMBA, GOLD].flatMap((e) => [1, 2].map((n) => `${keyOf.get(e.name)}-R${n}`)),
      ...[1, 2, 3].map((n) => `${keyOf.get(LATIN.name)}-R${n}`),
    ]);

    // ─── 3. Running the day ───────────────────────────────────────────────────────────────────────
    const signInApi = async (name: OfficialName) => {
      const ctx = await newApi(base);
      await ok(await ctx.post(`${API}/officials/${idOf(name)}/session`, { data: { code: codes.get(name) } }));
      return ctx;
    };
    const judges = await Promise.all(JUDGES.map(signInApi));
    const scrutineer = await signInApi('Sam Reyes');
    const roundOf = async (e: (typeof EVENTS)[number], n: number) =>
      ok<RoundMarksView>(await admin.get(`${ev(e)}/rounds/${n}/marks`));
    const start = async (e: (typeof EVENTS)[number], n: number) =>
      ok(await scrutineer.post(`${ev(e)}/rounds/${n}/start`, { data: {} }));
    const putMarks = async (
      e: (typeof EVENTS)[number],
      n: number,
      body: (j: number) => Record<string, unknown>,
    ) => {
      await Promise.all(
        judges.map(async (ctx, j) =>
          ok(await ctx.put(`${ev(e)}/rounds/${n}/marks/${judgeIds[j]}`, { data: body(j) })),
        ),
      );
    };
    const computeAndPost = async (e: (typeof EVENTS)[number], n: number) => {
      await ok(await scrutineer.post(`${ev(e)}/rounds/${n}/results`, { data: {} }));
      await ok(await scrutineer.post(`${ev(e)}/rounds/${n}/post`, { data: {} }));
    };
    /** Final places: judge j shifts the couples by a dance- and judge-dependent step, so majorities vary. */
    const sentFinals = new Map<string, FinalMarks>();
    const runFinal = async (e: (typeof EVENTS)[number], n: number) => {
      const { round } = await roundOf(e, n);
      const sent: FinalMarks = {};
      const bodies = judges.map(() => ({}) as Record<string, Record<string, number>>);
      for (const [d, dance] of round.dances.entries()) {
        sent[dance] = Object.fromEntries(round.couples.map((c) => [c, [] as number[]]));
        for (let j = 0; j < judges.length; j++) {
          const shift = (j * (d + 1)) % 3;
          const order = [...round.couples.slice(shift), ...round.couples.slice(0, shift)];
          bodies[j]![dance] = Object.fromEntries(order.map((c, i) => [c, i + 1]));
          for (const [i, c] of order.entries()) sent[dance]![c]!.push(i + 1);
        }
      }
      await putMarks(e, n, (j) => bodies[j]!);
      sentFinals.set(e.name, sent);
      await computeAndPost(e, n);
    };
    const runRecall = async (e: (typeof EVENTS)[number], n: number) => {
      const { round } = await roundOf(e, n);
      const top = round.couples.slice(0, round.marksPerDance ?? round.recallSize);
      await putMarks(e, n, () => Object.fromEntries(round.dances.map((d) => [d, top])));
      await computeAndPost(e, n);
    };

    // The Smooth final opens the day (API: three judges' sessions, the scrutineer's session).
    await start(SMOOTH, 1);
    await runFinal(SMOOTH, 1);

    // The Rumba semi-final: the scrutineer's laptop and the three judges' tablets, side by side.
    const scr = await newPage();
    await scrutineerSignsIn(
      scr,
      codes.get('Sam Reyes')!,
      `/admin/scrutineer?event=${keyOf.get(RUMBA.name)}&round=1`,
      base,
    );
    await expect(scr.getByRole('heading', { name: `${RUMBA.name}, Semi-Final` })).toBeVisible();
    await startShownRound(scr, `${RUMBA.name}, Semi-Final`);
    await expect(scr.getByText(/is running: 9 couples on the floor/)).toBeVisible();
    await expect(scr.getByTestId('marks-progress')).toHaveText('3 of 3 still to come');

    const rumbaSemi = (await roundOf(RUMBA, 1)).round;
    expect(rumbaSemi.couples).toHaveLength(9);
    expect(rumbaSemi.marksPerDance ?? rumbaSemi.recallSize).toBe(7);
    // A and B recall the first seven; C swaps the seventh for the eighth: seven recalled, no tie.
    const rumbaPicks = [
      rumbaSemi.couples.slice(0, 7),
      rumbaSemi.couples.slice(0, 7),
      [...rumbaSemi.couples.slice(0, 6), rumbaSemi.couples[7]!],
    ];
    const tablets = await Promise.all(
      JUDGES.map((name, j) => tablet(browser, base, judgeIds[j]!, codes.get(name)!)),
    );
    pages.push(...tablets);
    await Promise.all(
      tablets.map(async (t, j) => {
        await expect(t.getByRole('heading', { name: `${RUMBA.name} — Semi-Final` })).toBeVisible();
        const danceTab = t.getByRole('button', { name: 'Rumba', exact: true });
        if (await danceTab.isVisible()) await danceTab.click();
        for (const c of rumbaPicks[j]!) await tile(t, c).click();
        await expect(t.getByText('7 of 7 marked')).toBeVisible();
        if (j === 2) await shot(t, { path: 'shots/competition-judge-tablet.png' });
        await t.getByRole('button', { name: 'Submit' }).click();
        await expect(t.getByText("Sent — confirmed by the scrutineer's server")).toBeVisible();
      }),
    );
    await expect(scr.getByTestId('marks-progress')).toHaveText('Every judge has submitted every dance.');
    await scr.getByRole('button', { name: 'Compute' }).click();
    await expect(scr.getByTestId('recall-summary')).toContainText('7 couples recalled');
    await shot(scr, { path: 'shots/competition-scrutineer.png', fullPage: true });
    await scr.getByRole('button', { name: 'Post', exact: true }).click();
    await scr
      .getByRole('dialog', { name: /Post .*Semi-Final/ })
      .getByRole('button', { name: 'Post' })
      .click();
    await expect(scr.getByText(/posted: 7 couples recalled to the Final/)).toBeVisible();
    for (const t of tablets) await t.context().close();
    const rumbaRecalled = (await ok<{ recalled: string[] }>(await admin.get(`${ev(RUMBA)}/rounds/1/results`)))
      .recalled;
    expect([...rumbaRecalled].sort()).toEqual([...rumbaSemi.couples.slice(0, 7)].sort());
    // Posting leaves the final waiting for its turn: it runs once started.
    expect((await roundOf(RUMBA, 2)).round.roundState).toBe(1);
    await start(RUMBA, 2);
    await runFinal(RUMBA, 2);

    // The Gold Standard: five dances in the semi-final and the final.
    await start(GOLD, 1);
    await runRecall(GOLD, 1);
    await start(GOLD, 2);
    await runFinal(GOLD, 2);

    // The Latin quarter-final: a tie at the cut-off, settled by the chairman on the chairman's screen.
    const chair = await newPage();
    await chair.goto(`${base}/admin/chairman`);
    await chair.getByLabel('Access code').fill(codes.get('Helena Park')!);
    await chair.getByRole('button', { name: 'Sign in' }).click();
    await expect(chair.getByText('Signed in as Helena Park')).toBeVisible();
    await start(LATIN, 1);
    const quarter = (await roundOf(LATIN, 1)).round;
    expect(quarter.couples).toHaveLength(30);
    expect(quarter.marksPerDance ?? quarter.recallSize).toBe(14);
    const q = quarter.couples;
    // Everyone marks the first 13; the 14th mark goes to c14 (A both dances, C ChaCha) and c15
    // (B both dances, C Rumba): 3 marks each, tied at the cut-off.
    const fourteenth = (j: number, dance: string) =>
      j === 0 || (j === 2 && dance === 'ChaCha') ? q[13]! : q[14]!;
    await putMarks(LATIN, 1, (j) =>
      Object.fromEntries(quarter.dances.map((d) => [d, [...q.slice(0, 13), fourteenth(j, d)]])),
    );
    const card = chair.getByTestId(`chair-round-${keyOf.get(LATIN.name)}-1`);
    // The round appears by the live feed, then its marks: allow for a busy 2-core CI machine.
    await expect(card.getByTestId('chair-progress')).toHaveText('Every judge has submitted every dance.', {
      timeout: 15_000,
    });
    const tie = card.getByTestId('chair-tie');
    await expect(tie).toContainText(`(${q[13]}, ${q[14]}) are tied at the cut-off with 3 marks`);
    await expect(tie.getByLabel(`Recall all 15 (couples ${q[13]}, ${q[14]} tied) (default)`)).toBeChecked();
    await tie.getByLabel('Recall none of the tied couples: 13').check();
    await shot(chair, { path: 'shots/competition-chairman-tie.png', fullPage: true });
    await tie.getByRole('button', { name: 'Record decision' }).click();
    await expect(card.getByTestId('chair-tie-decided')).toContainText(
      'none of the tied couples recalled (13)',
    );
    await expect(card.getByTestId('recall-summary')).toContainText('13 couples recalled');
    await ok(await scrutineer.post(`${ev(LATIN)}/rounds/1/post`, { data: {} }));
    const semi = (await roundOf(LATIN, 2)).round;
    expect([...semi.couples].sort()).toEqual([...q.slice(0, 13)].sort());
    await start(LATIN, 2);
    await runRecall(LATIN, 2);
    await start(LATIN, 3);
    await runFinal(LATIN, 3);

    // Every round of every event is posted.
    const afterDay = await ok<AdminEvent[]>(await admin.get(`${API}/events`));
    expect(afterDay.map((e) => [e.name, e.rounds.map((r) => r.roundState)])).toEqual(
      EVENTS.map((e) => [e.name, e === LATIN ? [5, 5, 5] : e === SMOOTH ? [5] : [5, 5]]),
    );

    // ─── 4. The public side ───────────────────────────────────────────────────────────────────────
    await office.goto(`${base}/admin/setup`);
    await office.getByLabel('Show the results page').check();
    await office.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(office.getByText('The competition details are updated.')).toBeVisible();

    await phone.goto(`${base}/live`);
    const rows = phone.getByTestId('live-row');
    await expect(rows).toHaveCount(8);
    await expect(rows.filter({ hasText: 'Results posted' })).toHaveCount(8);
    await shot(phone, { path: 'shots/competition-live.png', fullPage: true });

    await phone.goto(`${base}/results`);
    for (const e of EVENTS)
      await expect(phone.getByTestId(`event-${keyOf.get(e.name)}`)).toContainText(e.name);
    await shot(phone, { path: 'shots/competition-results.png', fullPage: true });

    // ─── 6. The Gold Standard's placings are the Skating System's for the marks sent ─────────────
    const goldExpected = placeMultiDance(sentFinals.get(GOLD.name)!).places;
    const goldPublished = await ok<{ placements: Record<string, number> }>(
      await publicApi.get(`${ev(GOLD)}/results`),
    );
    expect(goldPublished.placements).toEqual(goldExpected);
    const goldWinner = Object.entries(goldExpected).sort((a, b) => a[1] - b[1])[0]!;
    await phone.goto(`${base}/results/${keyOf.get(GOLD.name)}`);
    const placings = phone.getByTestId('final-placings').getByRole('listitem');
    await expect(placings).toHaveCount(7);
    await expect(placings.first()).toContainText(goldWinner[0]);
    await shot(phone, { path: 'shots/competition-results-gold.png' });

    // Print sheets: the Gold Standard's judges' sheets for the final and its results, as PDF.
    const printer = await newPage();
    for (const query of [
      `kind=judge&scope=round&event=${keyOf.get(GOLD.name)}&round=${keyOf.get(GOLD.name)}-R2&paper=A4`,
      `kind=results&scope=event&event=${keyOf.get(GOLD.name)}&paper=A4`,
    ]) {
      await printer.emulateMedia({ media: 'screen' });
      await printer.goto(`${base}/print-sheets?${query}`);
      const summary = printer.getByTestId('print-summary');
      await expect(summary).toBeVisible({ timeout: 15_000 });
      const stated = Number(await summary.getAttribute('data-pages'));
      // The judges' sheets of a seven-couple final: one page for each of the three judges.
      if (query.startsWith('kind=judge')) expect(stated).toBe(3);
      else expect(stated).toBeGreaterThan(0);
      await expect(printer.locator('.sheet-page').first()).toContainText(GOLD.name);
      await printer.emulateMedia({ media: 'print' });
      const pdf = await printer.pdf({ format: 'A4', printBackground: true });
      expect((pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length).toBe(stated);
      await shot(printer.locator('.sheet-page').first(), {
        path: `shots/competition-print-${query.slice(5, query.indexOf('&'))}.png`,
      });
    }

    // ─── 5. Export, import into a fresh server, compare every result ──────────────────────────────
    const exported = await ok<ExportDoc>(await admin.get(`${API}/export`));
    const fresh = await spawnServer(E2E_PORT + 50);
    servers.push(fresh);
    const other = await newApi(fresh.url);
    await ok(await other.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    await ok(await other.post('/api/v1/competitions/import', { data: exported }));

    const both = async (path: string, drop: (v: Json) => Json = (v) => v) => {
      const [a, b] = await Promise.all([
        ok<unknown>(await admin.get(path)),
        ok<unknown>(await other.get(path)),
      ]);
      expect(drop(stable(b)), `${path} differs after the import`).toEqual(drop(stable(a)));
      return a;
    };
    await both(API);
    await both(`${API}/competitors`);
    await both(`${API}/officials`);
    // The schedule's version is a hash over the rounds' database ids, which the import assigns anew.
    await both(`${API}/schedule`, (v) => ({ ...(v as Record<string, Json>), version: null }));
    await both(`${API}/results`);
    await both(`${API}/registrations`);
    const events = (await both(`${API}/events`)) as AdminEvent[];
    let compared = 0;
    for (const e of events) {
      await both(`${API}/events/${e.key}/results`);
      await both(`${API}/results/${e.key}`);
      for (const r of e.rounds) {
        const results = (await both(`${API}/events/${e.key}/rounds/${r.roundNumber}/results`)) as {
          posted: boolean;
        };
        expect(results.posted).toBe(true);
        await both(`${API}/events/${e.key}/rounds/${r.roundNumber}/marks`);
        compared++;
      }
    }
    expect(compared).toBe(8);
    // A second export of the imported competition holds the same rows, references and all. Row ids
    // may be assigned anew (the rounds' are: the deleted Latin round left a gap), so ids are compared
    // as "the n-th row of that table"; the audit log gains the import's own entry at its end.
    const again = await ok<ExportDoc>(await other.get(`${API}/export`));
    const importEntry = again.tables.audit_log!.pop();
    expect(importEntry).toMatchObject({ action: 'competition.import' });
    expect(canonicalExport(again)).toEqual(canonicalExport(exported));
  } finally {
    for (const p of pages)
      await p
        .context()
        .close()
        .catch(() => undefined);
    for (const ctx of apiContexts) await ctx.dispose();
    for (const s of servers) await s.stop();
  }
});
