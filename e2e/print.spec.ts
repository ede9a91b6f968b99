import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.ts';
import { E2E_ADMIN, ok, shot, SHOTS } from './fixtures.ts';

/**
 * Print sheets for an event of our own with 40 couples, run through every round by the API
 * (marks entered as the scrutineer would from paper), so that recalls and results are posted. Each
 * kind of sheet is rendered to PDF with Chromium on A4 and US Letter; the PDF's page count is read
 * from its structure (one `/Type /Page` object per page) and the text from the print-media DOM, which
 * is what Chromium lays out into the PDF (its text is glyph-encoded in the PDF itself).
 */
const API = '/api/v1/competitions/demo';
const JUDGES = [1, 2, 3];
const DANCES = ['Waltz', 'Tango', 'Foxtrot'];
const COUPLES = 40;
const TEAMS = ['Riverside University', 'Hilltop College', 'Studio Allegro', 'Other'];
const name = `Print E2E ${Date.now()}`;
let eventKey = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
  const event = await ok<{ key: string }>(
    await request.post(`${API}/events`, {
      data: { name, style: 'Standard', level: 'Silver', dances: DANCES },
    }),
  );
  eventKey = event.key;
  const ev = `${API}/events/${eventKey}`;
  for (let i = 1; i <= COUPLES; i++) {
    await ok(
      await request.post(`${ev}/entries`, {
        data: { leadName: `Lead ${i} ${name}`, followName: `Follow ${i} ${name}`, affiliation: TEAMS[i % 4] },
      }),
    );
  }
  await ok(await request.put(`${ev}/panel`, { data: { officialIds: JUDGES } }));
  await ok(await request.post(`${ev}/rounds/generate`, { data: {} }));
  // Every round: started, the judges agree (the first `asked` couples by number; finals in number
  // order), so no tie needs a decision; compute and post, which places the recalled couples into the
  // next round (waiting there to be started).
  for (let n = 1; ; n++) {
    await ok(await request.post(`${ev}/rounds/${n}/start`, { data: {} }));
    const marks = await ok<{ round: { kind: string; couples: string[]; marksPerDance: number | null } }>(
      await request.get(`${ev}/rounds/${n}/marks`),
    );
    const { couples, kind, marksPerDance } = marks.round;
    for (const id of JUDGES) {
      const value =
        kind === 'recall'
          ? couples.slice(0, marksPerDance ?? 1)
          : Object.fromEntries(couples.map((c, i) => [c, i + 1]));
      await ok(
        await request.put(`${ev}/rounds/${n}/marks/${id}?source=paper`, {
          data: Object.fromEntries(DANCES.map((d) => [d, value])),
        }),
      );
    }
    await ok(await request.post(`${ev}/rounds/${n}/results`, { data: {} }));
    await ok(await request.post(`${ev}/rounds/${n}/post`, { data: {} }));
    if (kind === 'final') break;
  }
});

test.afterAll(async ({ request }) => {
  if (!eventKey) return;
  await request.post('/api/v1/auth/login', { data: E2E_ADMIN });
  await request.delete(`${API}/events/${eventKey}?confirm=true`);
});

/** Opens a print-out, waits for its preview and returns its page count as the screen states it. */
async function openPrintOut(page: Page, query: string): Promise<number> {
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`/print-sheets?${query}`);
  const summary = page.getByTestId('print-summary');
  await expect(summary).toBeVisible({ timeout: 15_000 });
  return Number(await summary.getAttribute('data-pages'));
}

/** Pages in a Chromium PDF: one `/Type /Page` object each (`/Type /Pages` is the tree). */
function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

/** Prints to PDF on the given paper; checks the PDF's pages are the pages the sheets number. */
async function printAndCount(page: Page, paper: 'A4' | 'Letter', expected: number) {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: paper, printBackground: true });
  expect(pdfPageCount(pdf)).toBe(expected);
  const headers = page.locator('.sheet-pageno');
  await expect(headers).toHaveCount(expected);
  await expect(headers.first()).toHaveText(`Page 1 of ${expected}`);
  await expect(headers.last()).toHaveText(`Page ${expected} of ${expected}`);
  // Nothing cut off: every page's body fits its box (the layout's millimetres hold).
  const overflowing = await page
    .locator('.sheet-body')
    .evaluateAll((bodies) => bodies.filter((b) => b.scrollHeight > b.clientHeight + 1).length);
  expect(overflowing).toBe(0);
  await expect(page.locator('.print-controls')).toBeHidden();
  return pdf;
}

async function sheetShot(page: Page, file: string) {
  if (!SHOTS) return;
  await page.emulateMedia({ media: 'print' });
  await shot(page.locator('.sheet-page').first(), { path: `shots/${file}` });
}

test.describe('print sheets', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("judges' marking sheets: recall round and final, one sheet per judge, paper-entry order", async ({
    page,
    request,
  }) => {
    const ev = `${API}/events/${eventKey}`;
    await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    const paperForm = await ok<{ round: { couples: string[]; marksPerDance: number } }>(
      await request.get(`${ev}/rounds/1/marks`),
    );
    const judges = (
      await ok<{ id: number; name: string; role: string }[]>(await request.get(`${API}/officials`))
    ).filter((o) => JUDGES.includes(o.id));

    // 40 couples: 27 rows fit an A4 page and 25 a Letter page → two pages per judge, three judges.
    for (const paper of ['A4', 'Letter'] as const) {
      const pages = await openPrintOut(
        page,
        `kind=judge&scope=round&event=${eventKey}&round=${eventKey}-R1&paper=${paper}`,
      );
      expect(pages).toBe(6);
      await printAndCount(page, paper, 6);
    }
    const sheets = page.locator('.sheet-page');
    await expect(sheets.first()).toContainText(name);
    await expect(sheets.first()).toContainText('1/16 Final');
    await expect(sheets.first()).toContainText(`Mark ${paperForm.round.marksPerDance} couples in each dance`);
    await expect(sheets.first().locator('thead')).toHaveText(/Couple\s*Waltz\s*Tango\s*Foxtrot/);
    // One sheet (two pages) per judge with their letter and name, in the panel order of paper entry.
    for (const [i, j] of judges.entries()) {
      await expect(sheets.nth(i * 2)).toContainText(new RegExp(`Judge: [A-Z] — ${j.name}`));
      await expect(sheets.nth(i * 2 + 1)).toContainText(`(part 2 of 2)`);
    }
    // The couples in the order the scrutineer's paper-entry form lists them.
    const printed = await sheets.nth(0).or(sheets.nth(1)).locator('td.couple-no').allTextContents();
    expect(printed.slice(0, 40)).toEqual(paperForm.round.couples);
    await sheetShot(page, 'print-judge-recall.png');

    // The final: couples × dances for places.
    const pages = await openPrintOut(
      page,
      `kind=judge&scope=round&event=${eventKey}&round=${eventKey}-R5&paper=A4`,
    );
    expect(pages).toBe(3);
    await printAndCount(page, 'A4', 3);
    await expect(sheets.first()).toContainText('Final');
    await expect(sheets.first()).toContainText('Give every couple a place in each dance, 1 to 7');
    await expect(sheets.first().locator('td.couple-no')).toHaveCount(7);
    await sheetShot(page, 'print-judge-final.png');
  });

  test('deck captain heat lists: couples by number with names and check-in boxes', async ({ page }) => {
    // 40 couples whose names ("Follow 40 Print E2E 1795823517199") wrap to two lines in their column,
    // with a heading per heat when the floor splits the round: 2 or 3 pages, as many as the screen says.
    for (const paper of ['A4', 'Letter'] as const) {
      const pages = await openPrintOut(
        page,
        `kind=heats&scope=round&event=${eventKey}&round=${eventKey}-R1&paper=${paper}`,
      );
      expect(pages).toBeGreaterThanOrEqual(2);
      expect(pages).toBeLessThanOrEqual(3);
      await printAndCount(page, paper, pages);
    }
    // The screen itself: choices on top, the preview below (staff laptop).
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('button', { name: /Print [23] pages/ })).toBeVisible();
    await shot(page, { path: 'shots/print-screen.png' });
    const rows = page.locator('.sheet-page tbody tr:not(.heat-heading)');
    await expect(rows).toHaveCount(COUPLES);
    await expect(rows.first()).toContainText(`Lead`);
    await expect(rows.first()).toContainText(name);
    await expect(page.locator('.sheet-page').first()).toContainText('Tick each couple as they check in');
    await sheetShot(page, 'print-heats.png');
  });

  test('recall lists: only posted rounds, big numbers', async ({ page }) => {
    // Four posted recall rounds: 38 (two pages: 32 fit A4, 28 Letter), then 28, 14 and 7 (a page each).
    for (const paper of ['A4', 'Letter'] as const) {
      expect(await openPrintOut(page, `kind=recalls&scope=event&event=${eventKey}&paper=${paper}`)).toBe(5);
      await printAndCount(page, paper, 5);
    }
    const first = page.locator('.sheet-page').first();
    await expect(first).toContainText('38 couples recalled to the 1/8 Final');
    await expect(page.locator('.big-number')).toHaveCount(38 + 28 + 14 + 7);
    await sheetShot(page, 'print-recalls.png');
  });

  test('results: the Skating System table of the posted final', async ({ page }) => {
    const pages = await openPrintOut(page, `kind=results&scope=event&event=${eventKey}&paper=A4`);
    expect(pages).toBeGreaterThanOrEqual(1);
    await printAndCount(page, 'A4', pages);
    const sheets = page.locator('.sheet-page');
    await expect(sheets.first()).toContainText('Final placings');
    // The checksum of all the final's marks, as the round's results answer it.
    await expect(sheets.first().locator('.sheet-meta')).toContainText(
      /Marks checksum: [0-9A-Z]{5}-[0-9A-Z]{5}/,
    );
    // The Skating System tables as on /results/{event} (the shared results components).
    for (const dance of DANCES) await expect(page.getByTestId(`skating-${dance}`)).toHaveCount(1);
    await expect(page.getByTestId('skating-Waltz')).toContainText('majority 2 of 3');
    await expect(page.getByTestId('final-summary')).toHaveCount(1);
    await expect(page.locator('.result-table').first().locator('tbody tr')).toHaveCount(7);
    const letter = await openPrintOut(page, `kind=results&scope=event&event=${eventKey}&paper=Letter`);
    await printAndCount(page, 'Letter', letter);
    await sheetShot(page, 'print-results.png');
  });

  test('competitor number cards: two per page, 40 couples', async ({ page }) => {
    for (const paper of ['A4', 'Letter'] as const) {
      expect(await openPrintOut(page, `kind=numbers&scope=event&event=${eventKey}&paper=${paper}`)).toBe(20);
      await printAndCount(page, paper, 20);
    }
    await expect(page.locator('.number-card')).toHaveCount(COUPLES);
    await expect(page.locator('.number-card').first()).toContainText(`Lead 1 ${name}`);
    // Each card carries the QR code of its couple (check-in and the dancer's day).
    await expect(
      page.getByRole('img', { name: /^QR code: check-in and the day of couple \d+$/ }),
    ).toHaveCount(COUPLES);
    await sheetShot(page, 'print-numbers.png');
  });

  test('per-competitor schedules: each couple’s rounds with times', async ({ page }) => {
    for (const [paper, expected] of [
      ['A4', 8],
      ['Letter', 10],
    ] as const) {
      expect(await openPrintOut(page, `kind=schedules&scope=event&event=${eventKey}&paper=${paper}`)).toBe(
        expected,
      );
      await printAndCount(page, paper, expected);
    }
    await expect(page.locator('.couple-schedule')).toHaveCount(COUPLES);
    const first = page.locator('.couple-schedule').first();
    await expect(first).toContainText(`Lead 1 ${name}`);
    await expect(first.locator('tr')).toHaveCount(5);
    await expect(first).toContainText('Final');
    await sheetShot(page, 'print-schedules.png');
  });

  test("the whole day's judge sheets for the demo render to PDF, every page counted", async ({ page }) => {
    test.setTimeout(120_000);
    // How fast is measured by `npm run bench` (print row), not here: a gate never depends on the speed
    // of a shared machine. Here: the whole day opens, paginates and prints page for page.
    await openPrintOut(page, 'kind=numbers&scope=round&round=none');
    const started = Date.now();
    const pages = await openPrintOut(page, 'kind=judge&scope=day&paper=A4');
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4' });
    console.log(`whole day's judge sheets (demo): ${pages} pages in ${Date.now() - started} ms`);
    expect(pages).toBeGreaterThan(20);
    expect(pdfPageCount(pdf)).toBe(pages);
  });
});

/**
 * The sheets pinned on the wall in a championship format: a star couple joins at
 * the semi-final, a redance after it brings one couple back into an 8-couple 5-dance final; after the
 * final is posted, one finalist withdraws and another is disqualified. Printed on A4 and Letter; with
 * `PRINT_PNG_DIR` set, each PDF's pages are also written there as PNGs (pdftoppm) to look at.
 */
test.describe('print sheets of a star couple, a redance, a withdrawal and a disqualification', () => {
  const FIVE = ['Waltz', 'Tango', 'Viennese Waltz', 'Foxtrot', 'Quickstep'];
  const fname = `Print Formats ${Date.now()}`;
  const LONG_TEAM = 'Riverside University Ballroom Dance Team';
  let key = '';
  const numbers: string[] = [];
  let star = '';
  let semiRecalled: string[] = [];
  let redancers: string[] = [];
  let finalists: string[] = [];

  /** The three judges agree: the first `recall` couples by number, or (final) places in number order. */
  async function markAndPost(request: APIRequestContext, n: number, recall: number | null) {
    const ev = `${API}/events/${key}`;
    await ok(await request.post(`${ev}/rounds/${n}/start`, { data: {} }));
    const marks = await ok<{ round: { couples: string[] } }>(await request.get(`${ev}/rounds/${n}/marks`));
    const couples = [...marks.round.couples].sort((a, b) => Number(a) - Number(b));
    const value =
      recall === null ? Object.fromEntries(couples.map((c, i) => [c, i + 1])) : couples.slice(0, recall);
    for (const id of JUDGES)
      await ok(
        await request.put(`${ev}/rounds/${n}/marks/${id}?source=paper`, {
          data: Object.fromEntries(FIVE.map((d) => [d, value])),
        }),
      );
    await ok(await request.post(`${ev}/rounds/${n}/results`, { data: {} }));
    await ok(await request.post(`${ev}/rounds/${n}/post`, { data: {} }));
    return couples;
  }

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    await ok(await request.post('/api/v1/auth/login', { data: E2E_ADMIN }));
    key = (
      await ok<{ key: string }>(
        await request.post(`${API}/events`, {
          data: { name: fname, style: 'Standard', level: 'Gold', dances: FIVE },
        }),
      )
    ).key;
    const ev = `${API}/events/${key}`;
    const entries: { entryId: number; leadNumber: number }[] = [];
    for (let i = 1; i <= 16; i++) {
      entries.push(
        await ok(
          await request.post(`${ev}/entries`, {
            data: {
              leadName: `Lead ${i} ${fname}`,
              followName: `Follow ${i} ${fname}`,
              affiliation: i === 1 ? LONG_TEAM : TEAMS[i % 4],
            },
          }),
        ),
      );
    }
    numbers.push(...entries.map((e) => String(e.leadNumber)));
    await ok(await request.put(`${ev}/panel`, { data: { officialIds: JUDGES } }));
    await ok(await request.post(`${ev}/rounds/generate`, { data: {} }));
    const rounds = async () =>
      (await ok<{ key: string; rounds: { roundName: string }[] }[]>(await request.get(`${API}/events`)))
        .find((e) => e.key === key)!
        .rounds.map((r) => r.roundName);
    expect(await rounds()).toEqual(['Quarter-Final', 'Semi-Final', 'Final']);
    // The last couple is a star couple joining at the semi-final; a redance after the semi-final
    // brings one couple back into the final.
    const starEntry = entries.at(-1)!;
    star = String(starEntry.leadNumber);
    await ok(await request.put(`${ev}/entries/${starEntry.entryId}/star`, { data: { joinsRound: 2 } }));
    await ok(await request.post(`${ev}/rounds/2/redance`, { data: { recallSize: 1 } }));
    expect(await rounds()).toEqual(['Quarter-Final', 'Semi-Final', 'Redance', 'Final']);
    await ok(await request.patch(`${ev}/rounds/1`, { data: { recallSize: 11 } }));
    await ok(await request.patch(`${ev}/rounds/2`, { data: { recallSize: 7 } }));

    await markAndPost(request, 1, 11); // 15 couples dance, 11 recalled; the star couple joins them
    const semi = await markAndPost(request, 2, 7);
    semiRecalled = semi.slice(0, 7);
    redancers = semi.slice(7);
    const back = await markAndPost(request, 3, 1);
    finalists = await markAndPost(request, 4, null);
    expect(finalists).toHaveLength(8);
    expect(finalists).toContain(back[0]);
    // After the final is posted: the 3rd withdraws (keeps the last place), the 5th is disqualified.
    const entryOf = (n: string) => entries.find((e) => String(e.leadNumber) === n)!.entryId;
    await ok(
      await request.post(`${ev}/entries/${entryOf(finalists[2]!)}/withdrawal`, {
        data: { kind: 'withdrew', reason: 'Injury' },
      }),
    );
    await ok(
      await request.post(`${ev}/entries/${entryOf(finalists[4]!)}/withdrawal`, {
        data: { kind: 'disqualified', reason: 'Costume rule' },
      }),
    );
  });

  test.afterAll(async ({ request }) => {
    if (!key) return;
    await request.post('/api/v1/auth/login', { data: E2E_ADMIN });
    await request.delete(`${API}/events/${key}?confirm=true`);
  });

  test("the semi-final's recall list names the finalists, the redance's couples; the quarter-final's the star couple", async ({
    page,
  }) => {
    const semiId = `${key}-R2`;
    for (const paper of ['A4', 'Letter'] as const) {
      expect(await openPrintOut(page, `kind=recalls&scope=round&round=${semiId}&paper=${paper}`)).toBe(1);
      const pdf = await printAndCount(page, paper, 1);
      await pngs(pdf, `recalls-semi-redance-${paper}`);
    }
    const groups = page.getByTestId('recall-group');
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0).locator('.sheet-note')).toHaveText('7 couples recalled to the Final');
    await expect(groups.nth(0).locator('.big-number')).toHaveText(semiRecalled);
    await expect(groups.nth(1).locator('.sheet-note')).toHaveText(
      `${redancers.length} couples dancing the Redance`,
    );
    await expect(groups.nth(1).locator('.big-number')).toHaveText(redancers);

    expect(await openPrintOut(page, `kind=recalls&scope=round&round=${key}-R1&paper=A4`)).toBe(1);
    await expect(groups.nth(0).locator('.sheet-note')).toHaveText('11 couples recalled to the Semi-Final');
    await expect(groups.nth(1).locator('.sheet-note')).toHaveText(
      '1 star couple (seeded) joining the Semi-Final',
    );
    await expect(groups.nth(1).locator('.big-number')).toHaveText([`${star}★`]);
    // The redance's own list: the one couple back in the final.
    expect(await openPrintOut(page, `kind=recalls&scope=round&round=${key}-R3&paper=A4`)).toBe(1);
    await expect(groups.nth(0).locator('.sheet-note')).toHaveText('1 couple recalled to the Final');
  });

  test('heat lists wrap a long team name instead of cutting it', async ({ page }) => {
    for (const paper of ['A4', 'Letter'] as const) {
      const pages = await openPrintOut(page, `kind=heats&scope=round&round=${key}-R1&paper=${paper}`);
      await pngs(await printAndCount(page, paper, pages), `heats-long-team-${paper}`);
      const teams = page.locator('.heat-table tbody td:nth-child(4)');
      await expect(teams.filter({ hasText: LONG_TEAM })).toHaveCount(1);
      // No cell cut: each shows all its text within its box.
      const cut = await page
        .locator('.heat-table tbody td')
        .evaluateAll((cells) =>
          cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent),
        );
      expect(cut, paper).toEqual([]);
    }
  });

  test('the results sheet: Withdrew beside the kept place, the disqualified couple listed; the dances packed', async ({
    page,
  }) => {
    const counts: Record<string, number> = {};
    for (const paper of ['A4', 'Letter'] as const) {
      const pages = await openPrintOut(page, `kind=results&scope=event&event=${key}&paper=${paper}`);
      const pdf = await printAndCount(page, paper, pages);
      counts[paper] = pages;
      await pngs(pdf, `results-withdrew-disqualified-${paper}`);
      // Dances share pages, each whole on one (the final's working has the 6 couples still placed by
      // the judges: before packing it took 4 A4 pages and 5 Letter pages).
      expect(pages, paper).toBeLessThanOrEqual(paper === 'A4' ? 3 : 4);
      const perPage = await page
        .locator('.sheet-page')
        .evaluateAll((ps) => ps.map((p) => p.querySelectorAll('[data-testid^="skating-"]').length));
      expect(
        perPage.some((n) => n >= 2),
        paper,
      ).toBe(true);
      for (const d of FIVE) await expect(page.getByTestId(`skating-${d}`)).toHaveCount(1);
    }
    console.log(`8-couple 5-dance final's results: ${counts.A4} A4 pages, ${counts.Letter} Letter pages`);
    const rows = page.locator('.placings-table tbody tr');
    await expect(rows).toHaveCount(8);
    // 1st, 2nd, then the couples below the disqualified one move up; the withdrawn keeps the last place.
    const placed = finalists.filter((_, i) => i !== 2 && i !== 4);
    for (const [i, n] of placed.entries())
      await expect(rows.nth(i)).toContainText(new RegExp(`^${i + 1}${n}Lead`));
    await expect(rows.nth(6)).toHaveText(new RegExp(`^7${finalists[2]}Lead.*Withdrew$`));
    await expect(rows.nth(7)).toHaveText(new RegExp(`^${finalists[4]}Lead.*Disqualified$`));
  });
});

/** With PRINT_PNG_DIR: the PDF's pages as PNGs (pdftoppm, 60 dpi) for a person to look at. */
async function pngs(pdf: Buffer, name: string) {
  const dir = process.env.PRINT_PNG_DIR;
  if (!dir) return;
  const { execFileSync } = await import('node:child_process');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/${name}.pdf`, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', `${dir}/${name}.pdf`, `${dir}/${name}`]);
}
