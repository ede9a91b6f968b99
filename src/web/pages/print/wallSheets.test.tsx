// @vitest-environment jsdom
/**
 * The sheets pinned on the wall after a round: who a recall list sends where (a redance, star
 * couples), and a final's results with its disqualified and withdrawn couples as /results shows them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, within } from '@testing-library/react';
import { blockHeight, buildPrintOut, heatRowHeight, sentenceLines } from './sheets.ts';
import { bodyHeight } from './pagination.ts';
import { placeMultiDance } from '../../../domain/scoring/multiDance.ts';
import { SheetPages } from './SheetPages.tsx';
import type { FinalResultsView, PrintData, PrintEntry, PrintEvent, PrintRound } from './types.ts';
import { goldLatin, oneEventPrintData, printEntry, printRound } from './printData.fixture.ts';

afterEach(cleanup);

const POSTED = 5;
const EMPTY = 1;
const INITIALIZED = 0;

const entry = (n: number, over: Partial<PrintEntry> = {}) =>
  printEntry(n, { affiliation: 'Riverside', ...over });

const round = (
  n: number,
  roundName: string,
  roundState: number,
  placed: readonly number[],
  type: 'regular' | 'redance' = 'regular',
) => printRound(n, roundName, placed, { recallSize: 7, roundState, type });

function data(event: PrintEvent, recalled: Record<number, number[]>, final?: FinalResultsView): PrintData {
  return {
    ...oneEventPrintData(event, 'Riverside Classic'),
    recalls: new Map(
      Object.entries(recalled).map(([n, couples]) => [
        `gold-latin-R${n}`,
        {
          kind: 'recall' as const,
          posted: true,
          recalled: couples.map(String),
          marksChecksum: 'AAAAA-BBBBB',
        },
      ]),
    ),
    finals: new Map(final ? [['gold-latin', final]] : []),
  };
}

const event = (entries: PrintEntry[], rounds: PrintRound[]) =>
  goldLatin(entries, rounds, ['Cha Cha', 'Samba', 'Rumba', 'Paso Doble', 'Jive']);

/** `couples` dance round 1, posted: the first `kept` go on to round 3, the others dance the redance. */
const withRedance = (couples: number[], first: string, kept: number, next: string) =>
  event(
    couples.map((n) => entry(n)),
    [
      round(1, first, POSTED, couples),
      round(2, 'Redance', EMPTY, couples.slice(kept), 'redance'),
      round(3, next, EMPTY, couples.slice(0, kept)),
    ],
  );

const FIRST_ROUND = { kind: 'round', roundId: 'gold-latin-R1' } as const;

/** The recall list of the first round, which sent on the couples `recalled`. */
const recallList = (ev: PrintEvent, recalled: number[]) =>
  buildPrintOut(data(ev, { 1: recalled }), 'recalls', FIRST_ROUND, 'A4');

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

function renderPages(out: ReturnType<typeof buildPrintOut>, paper: 'A4' | 'Letter' = 'A4') {
  return render(
    <SheetPages pages={out.pages} paper={paper} competition="Riverside Classic" timeZone="UTC" clock="24h" />,
  );
}

describe('recall lists', () => {
  it('after a semi-final with a redance: the couples recalled to the Final and those dancing the Redance', () => {
    // 10 couples dance the semi-final; 7 go straight to the final, the other 3 dance the redance.
    const couples = range(101, 10);
    const ev = withRedance(couples, 'Semi-Final', 7, 'Final');
    const out = recallList(ev, couples.slice(0, 7));
    expect(out.pages).toHaveLength(1);
    const body = out.pages[0]!.body;
    expect(body.type === 'recalls' && body.groups).toEqual([
      { label: '7 couples recalled to the Final', numbers: couples.slice(0, 7).map(String) },
      { label: '3 couples dancing the Redance', numbers: ['108', '109', '110'] },
    ]);
    const page = renderPages(out).getByTestId('sheet-page');
    expect(page.textContent).toContain('7 couples recalled to the Final');
    expect(page.textContent).not.toContain('recalled to the Redance');
    expect(within(page).getAllByTestId('recall-group')[1]!.textContent).toBe(
      '3 couples dancing the Redance108109110',
    );
  });

  it("a quarter-final's list names the star couples (seeded) who join the semi-final, and says 1 couple", () => {
    const couples = range(201, 13);
    const ev = event(
      [...couples.map((n) => entry(n)), entry(250, { joinsRound: 2 }), entry(251, { joinsRound: 2 })],
      [
        round(1, 'Quarter-Final', POSTED, couples),
        round(2, 'Semi-Final', EMPTY, [...couples.slice(0, 12), 250, 251]),
        round(3, 'Final', INITIALIZED, []),
      ],
    );
    const out = recallList(ev, couples.slice(0, 12));
    const body = out.pages[0]!.body;
    expect(body.type === 'recalls' && body.groups).toEqual([
      { label: '12 couples recalled to the Semi-Final', numbers: couples.slice(0, 12).map(String) },
      { label: '2 star couples (seeded) joining the Semi-Final', numbers: ['250', '251'], star: true },
    ]);
    const page = renderPages(out).getByTestId('sheet-page');
    expect(within(page).getAllByLabelText('star couple')).toHaveLength(2);

    // One couple recalled: "1 couple", never "1 couples".
    const one = recallList(ev, [201]);
    const only = one.pages[0]!.body;
    expect(only.type === 'recalls' && only.groups[0]!.label).toBe('1 couple recalled to the Semi-Final');
  });

  it('a long list runs onto the next page under its sentence again, (continued)', () => {
    const couples = range(301, 80);
    const ev = withRedance(couples, '1st Round', 40, 'Semi-Final');
    const out = recallList(ev, couples.slice(0, 40));
    const groups = out.pages.map((p) => (p.body.type === 'recalls' ? p.body.groups : []));
    // A4 holds a sentence and 8 rows of 4: the 40 recalled run onto page 2, where the redance's
    // sentence and 5 rows follow; its last 20 go on under its sentence again on page 3.
    expect(groups.map((g) => g.map((x) => [x.label, x.numbers.length, x.continued ?? false]))).toEqual([
      [['40 couples recalled to the Semi-Final', 32, false]],
      [
        ['40 couples recalled to the Semi-Final', 8, true],
        ['40 couples dancing the Redance', 20, false],
      ],
      [['40 couples dancing the Redance', 20, true]],
    ]);
    expect(out.pages.map((p) => `${p.sheetPage}/${p.sheetPages}`)).toEqual(['1/3', '2/3', '3/3']);
  });
});

describe('results sheets', () => {
  it('prints a withdrawn couple\'s place with "Withdrew" and a disqualified finalist as /results does', () => {
    // An 8-couple final: 108 withdrew during it (keeps the last place), 105 was disqualified (no place).
    const couples = range(101, 8);
    const ev = event(
      couples.map((n) =>
        entry(n, n === 108 ? { withdrawal: 'withdrew' } : n === 105 ? { withdrawal: 'disqualified' } : {}),
      ),
      [round(1, 'Final', POSTED, couples)],
    );
    const placements = { '101': 1, '102': 2, '103': 3, '104': 4, '106': 5, '107': 6, '108': 7 };
    const final: FinalResultsView = {
      kind: 'final',
      placements,
      finalTable: null,
      posted: true,
      postedAt: '2026-11-21T20:00:00Z',
    };
    const out = buildPrintOut(
      data(ev, {}, final),
      'results',
      { kind: 'event', eventKey: 'gold-latin' },
      'A4',
    );
    const body = out.pages[0]!.body;
    const placings = body.type === 'results' ? body.blocks[0]!.placings! : [];
    expect(placings.map((p) => [p.place, p.number, p.status ?? null])).toEqual([
      [1, '101', null],
      [2, '102', null],
      [3, '103', null],
      [4, '104', null],
      [5, '106', null],
      [6, '107', null],
      [7, '108', 'withdrew'],
      [null, '105', 'disqualified'],
    ]);
    const rows = within(renderPages(out).getByTestId('sheet-page')).getAllByRole('row');
    expect(rows.at(-2)!.textContent).toBe('7108Lead 108Follow 108RiversideWithdrew');
    expect(rows.at(-1)!.textContent).toBe('105Lead 105Follow 105RiversideDisqualified');
  });

  it('packs an 8-couple 5-dance final: dances share pages, never split, none cut off', () => {
    // The judges agree (as in e2e/print.spec.ts): each dance's eight couples are placed by Rule 5.
    const couples = range(101, 8).map(String);
    const dances = ['Waltz', 'Tango', 'Viennese Waltz', 'Foxtrot', 'Quickstep'];
    const marks = Object.fromEntries(
      dances.map((d) => [d, Object.fromEntries(couples.map((c, i) => [c, [i + 1, i + 1, i + 1]]))]),
    );
    const table = placeMultiDance(marks);
    const ev = {
      ...event(
        couples.map((n) => entry(Number(n))),
        [round(1, 'Final', POSTED, couples.map(Number))],
      ),
      dances,
    };
    const placements = Object.fromEntries(couples.map((c, i) => [c, i + 1]));
    const final: FinalResultsView = {
      kind: 'final',
      placements,
      finalTable: table,
      posted: true,
      postedAt: 'x',
    };
    for (const paper of ['A4', 'Letter'] as const) {
      const out = buildPrintOut(
        data(ev, {}, final),
        'results',
        { kind: 'event', eventKey: 'gold-latin' },
        paper,
      );
      const kinds = out.pages.map((p) => (p.body.type === 'results' ? p.body.blocks.map((b) => b.kind) : []));
      // Each dance whole on one page, every dance printed once; two dances share a page (each took a
      // page of its own: 5 A4 pages, 7 Letter).
      expect(
        kinds.flat().filter((k) => k === 'dance'),
        paper,
      ).toHaveLength(5);
      expect(out.pages.length, paper).toBeLessThanOrEqual(4);
      expect(
        kinds.some((k) => k.filter((x) => x === 'dance').length === 2),
        paper,
      ).toBe(true);
      // What the layout counts fits its page.
      for (const p of out.pages) {
        const blocks = p.body.type === 'results' ? p.body.blocks : [];
        expect(blocks.reduce((h, b) => h + blockHeight(b), 0)).toBeLessThanOrEqual(bodyHeight(paper));
      }
    }
  });

  it('gives a dance the lines its sentences take: long reasons more, short ones fewer', () => {
    expect(sentenceLines('1st couple 101: Rule 5: only couple with a majority (2 of 3) in column 1')).toBe(1);
    expect(sentenceLines('x'.repeat(200))).toBe(3);
  });
});

describe('heat lists', () => {
  it('give a couple with a long team name the lines it wraps to, so nothing is cut and pages still fit', () => {
    const long = 'Riverside University Ballroom Dance Team';
    const couples = range(401, 40);
    const ev = event(
      couples.map((n) => entry(n, { affiliation: n % 2 ? long : 'Hilltop' })),
      [round(1, '1st Round', 0, couples), round(2, 'Final', INITIALIZED, [])],
    );
    for (const paper of ['A4', 'Letter'] as const) {
      const out = buildPrintOut(data(ev, {}), 'heats', FIRST_ROUND, paper);
      const rows = out.pages.flatMap((p) => (p.body.type === 'heats' ? p.body.rows : []));
      expect(rows.map((r) => r.couple?.number)).toEqual(couples.map(String));
      const long = rows.find((r) => r.couple?.number === '401')!;
      const short = rows.find((r) => r.couple?.number === '402')!;
      expect(heatRowHeight(short, paper)).toBe(8);
      expect(heatRowHeight(long, paper)).toBeGreaterThanOrEqual(3 * 4.3);
      const room = bodyHeight(paper) - 10 - 9;
      for (const p of out.pages) {
        const lines = p.body.type === 'heats' ? p.body.rows : [];
        expect(lines.reduce((h, r) => h + heatRowHeight(r, paper), 0)).toBeLessThanOrEqual(room);
      }
    }
    const out = buildPrintOut(data(ev, {}), 'heats', FIRST_ROUND, 'A4');
    const page = renderPages(out).getAllByTestId('sheet-page')[0]!;
    expect(within(page).getAllByText(long)[0]!.tagName).toBe('TD');
  });
});

describe("judges' sheets", () => {
  it('a whole day leaves out the rounds already posted; one round chosen on its own still prints', () => {
    const couples = range(501, 12);
    const ev = event(
      couples.map((n) => entry(n)),
      [round(1, 'Semi-Final', POSTED, couples), round(2, 'Final', EMPTY, couples.slice(0, 7))],
    );
    const d = {
      ...data(ev, { 1: couples.slice(0, 7) }),
      panels: [
        {
          eventKey: 'gold-latin',
          eventName: 'Gold Latin',
          isDefault: false,
          judges: [{ id: 1, name: 'Margaret Ellison', letter: 'A', label: 'A' }],
        },
      ],
    };
    const day = buildPrintOut(d, 'judge', { kind: 'day', day: '2026-11-21' }, 'A4');
    expect(day.pages.map((p) => p.round)).toEqual(['Final']);
    expect(day.notPrinted).toEqual(['1 round already posted: left out']);
    const event_ = buildPrintOut(d, 'judge', { kind: 'event', eventKey: 'gold-latin' }, 'A4');
    expect(event_.pages.map((p) => p.round)).toEqual(['Final']);
    const one = buildPrintOut(d, 'judge', FIRST_ROUND, 'A4');
    expect(one.pages.map((p) => p.round)).toEqual(['Semi-Final']);
    expect(one.notPrinted).toEqual([]);
  });
});
