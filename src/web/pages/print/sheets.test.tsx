// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { selectRounds } from './selection.ts';
import { buildPrintOut } from './sheets.ts';
import { SheetPages } from './SheetPages.tsx';
import type { PrintData, PrintEvent, PostedRecall } from './types.ts';
import { scheduleItem } from '../../test/fixtures.ts';

const POSTED = 5;
const RUNNING = 2;
const INITIALIZED = 0;

/** One event of 40 couples: 1st Round (posted, 38 recalled), 2nd Round running, Final not known yet. */
function fixture(): PrintData {
  const entries = Array.from({ length: 40 }, (_, i) => ({
    entryId: i + 1,
    leadName: `Lead ${i + 1}`,
    followName: `Follow ${i + 1}`,
    affiliation: 'Riverside',
    leadNumber: 140 - i, // entered in reverse: sheets must still list couples by number
    checkedIn: false,
    scratched: i === 39,
    joinsRound: null,
    withdrawal: null,
  }));
  const round = (n: number, name: string, state: number, placed: number[]) => ({
    roundNumber: n,
    roundName: name,
    roundId: `silver-standard-R${n}`,
    scheduleIndex: 10 + n,
    roundStartTime: null,
    recallSize: n === 1 ? 38 : 7,
    roundState: state,
    entries: placed.map((id) => ({ entryId: id, leadNumber: entries[id - 1]!.leadNumber, heat: 1 })),
  });
  const event: PrintEvent = {
    key: 'silver-standard',
    name: 'Silver Standard',
    style: 'Standard',
    level: 'Silver',
    dances: ['Waltz', 'Tango', 'Foxtrot'],
    entries,
    rounds: [
      round(
        1,
        '1st Round',
        POSTED,
        entries.slice(0, 39).map((e) => e.entryId),
      ),
      round(
        2,
        '2nd Round',
        RUNNING,
        entries.slice(0, 38).map((e) => e.entryId),
      ),
      round(3, 'Final', INITIALIZED, []),
    ],
  };
  const recalled: PostedRecall = {
    kind: 'recall',
    posted: true,
    recalled: entries.slice(0, 38).map((e) => String(e.leadNumber)),
    marksChecksum: '7KQ2M-X4D9P',
    chainHead: 'c0ffee'.repeat(10) + 'abcd',
  };
  return {
    competition: {
      fullName: 'Riverside Classic',
      timeZone: 'UTC',
      startDate: '2026-11-21',
      endDate: '2026-11-21',
    },
    events: [event],
    panels: [
      {
        eventKey: event.key,
        eventName: event.name,
        isDefault: false,
        judges: [
          { id: 1, name: 'Margaret Ellison', letter: 'A', label: 'A' },
          { id: 2, name: 'Roberto Alvarez', letter: 'B', label: 'B' },
        ],
      },
    ],
    schedule: {
      version: 'v',
      timing: { firstStartTime: null, perDanceSeconds: 120, transitionSeconds: 60 },
      floors: [{ name: 'Main floor', pace: 1, minutesLate: null }],
      items: [],
    },
    recalls: new Map([['silver-standard-R1', recalled]]),
    finals: new Map(),
  };
}

describe('print-outs', () => {
  it("judges' sheets: one per judge, couples by number without the scratched one, two pages on A4", () => {
    const data = fixture();
    const out = buildPrintOut(data, 'judge', { kind: 'round', roundId: 'silver-standard-R1' }, 'A4');
    expect(out.pages).toHaveLength(4);
    expect(out.pages.map((p) => p.judge)).toEqual([
      'A — Margaret Ellison',
      'A — Margaret Ellison',
      'B — Roberto Alvarez',
      'B — Roberto Alvarez',
    ]);
    const couples = out.pages
      .slice(0, 2)
      .flatMap((p) => (p.body.type === 'judgeRecall' ? p.body.couples : []));
    expect(couples).toHaveLength(39);
    expect(couples).toEqual([...couples].sort((a, b) => Number(a) - Number(b)));
    expect(couples).not.toContain('101'); // the scratched couple
    const first = out.pages[0]!.body;
    expect(first.type === 'judgeRecall' && first.mark).toBe(38);
  });

  it("judges' sheets carry each dance's stored receipt for that judge, a blank box where none is stored", () => {
    const data: PrintData = {
      ...fixture(),
      // Judge A's Waltz came from the tablet, her Tango from the paper sheet; judge B sent nothing yet.
      receipts: new Map([
        ['silver-standard-R2', { Waltz: { '1': 'K3F9Q-2QXA7' }, Tango: { '1': 'P8M2D-71CQX' } }],
      ]),
    };
    const out = buildPrintOut(data, 'judge', { kind: 'round', roundId: 'silver-standard-R2' }, 'A4');
    const receiptsOf = (judge: string) =>
      out.pages
        .filter((p) => p.judge === judge)
        .map((p) => (p.body.type === 'judgeRecall' ? p.body.receipts : []));
    expect(receiptsOf('A — Margaret Ellison')[0]).toEqual(['K3F9Q-2QXA7', 'P8M2D-71CQX', null]);
    expect(receiptsOf('B — Roberto Alvarez')[0]).toEqual([null, null, null]);
    const sheet = render(
      <SheetPages
        pages={out.pages.slice(0, 1)}
        paper="A4"
        competition="Riverside"
        timeZone="UTC"
        clock="24h"
      />,
    );
    expect(sheet.getAllByTestId('sheet-receipt').map((c) => c.textContent)).toEqual([
      'K3F9Q-2QXA7',
      'P8M2D-71CQX',
      '',
    ]);
    sheet.unmount();
  });

  it("AJS: each judge's sheet asks for their components in every dance (ajsRounds 2: the 2nd Round is AJS)", () => {
    const data = fixture();
    const event = data.events[0]!;
    Object.assign(event, { scoringSystem: 'ajs', ajsRounds: 2, ajsComponents: null });
    const out = buildPrintOut(data, 'judge', { kind: 'round', roundId: 'silver-standard-R2' }, 'A4');
    expect(out.pages.every((p) => p.body.type === 'judgeAjs')).toBe(true);
    const byJudge = new Set(
      out.pages.map((p) => `${p.judge}: ${p.body.type === 'judgeAjs' ? p.body.components.join('+') : ''}`),
    );
    expect([...byJudge]).toEqual(['A — Margaret Ellison: TQ+PS', 'B — Roberto Alvarez: MM+CP']);
    // The 1st Round stays a recall with crosses.
    const first = buildPrintOut(data, 'judge', { kind: 'round', roundId: 'silver-standard-R1' }, 'A4');
    expect(first.pages[0]!.body.type).toBe('judgeRecall');
  });

  it("AJS: the round's own split is printed, with one box per couple where one score counts for both components", () => {
    const base = fixture();
    const event = base.events[0]!;
    Object.assign(event, { scoringSystem: 'ajs', ajsRounds: 2, ajsComponents: null });
    const data: PrintData = {
      ...base,
      // Drawn for the round: judge A scores MM + CP (the default would give her TQ + PS).
      ajsPanels: new Map([
        [
          'silver-standard-R2',
          { ajsComponents: { '1': ['MM', 'CP'], '2': ['TQ', 'PS'] }, separateDances: [event.dances[0]!] },
        ],
      ]),
    };
    const out = buildPrintOut(data, 'judge', { kind: 'round', roundId: 'silver-standard-R2' }, 'A4');
    const a = out.pages.find((p) => p.judge === 'A — Margaret Ellison')!;
    expect(a.body).toMatchObject({
      type: 'judgeAjs',
      components: ['MM', 'CP'],
      separateDances: [event.dances[0]],
    });
    const sheet = render(
      <SheetPages pages={[a]} paper="A4" competition="Riverside" timeZone="UTC" clock="24h" />,
    );
    const [first, second] = event.dances;
    const heads = sheet.getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads).toContain(`${first} MM`);
    expect(heads).toContain(`${first} CP`);
    expect(heads).toContain(`${second} MM + CP`);
    expect(heads).not.toContain(`${second} MM`);
    expect(sheet.getByText(/you score MM \+ CP/)).toBeTruthy();
    sheet.unmount();
  });

  it('names the floor on every sheet of a round when the competition has several', () => {
    const base = fixture();
    const onStudio = (roundNumber: number) =>
      scheduleItem({ eventKey: 'silver-standard', roundNumber, floor: 'Studio B' });
    const data: PrintData = {
      ...base,
      schedule: {
        ...base.schedule,
        floors: [
          { name: 'Ballroom', pace: 1, minutesLate: null },
          { name: 'Studio B', pace: 1, minutesLate: null },
        ],
        items: [onStudio(1), onStudio(2)],
      },
    };
    const scope = { kind: 'round', roundId: 'silver-standard-R1' } as const;
    for (const kind of ['judge', 'heats', 'recalls'] as const) {
      const pages = buildPrintOut(data, kind, scope, 'A4').pages;
      expect(pages.length, kind).toBeGreaterThan(0);
      expect(new Set(pages.map((p) => p.floor)), kind).toEqual(new Set(['Studio B']));
    }
    // One floor: nothing to say.
    expect(buildPrintOut(base, 'heats', scope, 'A4').pages[0]?.floor).toBeUndefined();
  });

  it('says which rounds cannot be printed yet instead of printing blank sheets', () => {
    const out = buildPrintOut(fixture(), 'judge', { kind: 'event', eventKey: 'silver-standard' }, 'Letter');
    expect(out.notPrinted).toEqual([
      '1 round already posted: left out',
      'Final of Silver Standard: couples not known until the round before is posted',
    ]);
    expect(out.pages.every((p) => p.round !== 'Final')).toBe(true);
  });

  it('recall lists only for posted rounds; results only for a posted final', () => {
    const data = fixture();
    const recalls = buildPrintOut(data, 'recalls', { kind: 'event', eventKey: 'silver-standard' }, 'A4');
    expect(recalls.pages.map((p) => p.round)).toEqual(['1st Round', '1st Round']);
    // Every page of the recall list carries the checksum of all the round's marks.
    expect(recalls.pages.map((p) => p.checksum)).toEqual(['7KQ2M-X4D9P', '7KQ2M-X4D9P']);
    // And the record's head noted when it was posted: records cut after it are found by verify.
    expect(recalls.pages.map((p) => p.seal)).toEqual(Array(2).fill('c0ffee'.repeat(10) + 'abcd'));
    expect(recalls.notPrinted).toEqual(['2nd Round of Silver Standard: not posted yet']);
    const results = buildPrintOut(data, 'results', { kind: 'event', eventKey: 'silver-standard' }, 'A4');
    expect(results.pages).toEqual([]);
    expect(results.notPrinted).toEqual(['Silver Standard: the final is not posted yet']);
  });

  it('selects a session by schedule index range and a day (untimed rounds belong to the first day)', () => {
    const data = fixture();
    expect(selectRounds(data, { kind: 'session', from: 12, to: 13 }).map((r) => r.round.roundName)).toEqual([
      '2nd Round',
      'Final',
    ]);
    expect(selectRounds(data, { kind: 'day', day: '2026-11-21' })).toHaveLength(3);
    expect(selectRounds(data, { kind: 'day', day: '2026-11-22' })).toHaveLength(0);
  });

  it('counts a round estimated before the first day on the first day, after the last on the last', () => {
    const data = fixture();
    data.competition.endDate = '2026-11-22';
    const timed = (roundId: string, at: string) => ({
      ...scheduleItem({ eventKey: 'silver-standard', roundNumber: Number(roundId.slice(-1)) }),
      estimatedStart: at,
    });
    // Rounds run two weeks ahead of the dates (a rehearsal): their estimates follow today's clock.
    data.schedule.items = [
      timed('silver-standard-R1', '2026-11-07T10:00:00Z'),
      timed('silver-standard-R2', '2026-11-22T10:00:00Z'),
      timed('silver-standard-R3', '2026-11-30T10:00:00Z'),
    ];
    const names = (day: string) => selectRounds(data, { kind: 'day', day }).map((r) => r.round.roundName);
    expect(names('2026-11-21')).toEqual(['1st Round']);
    expect(names('2026-11-22')).toEqual(['2nd Round', 'Final']);
  });

  it('renders every page with the header: competition, event, round, judge and "Page x of y"', () => {
    const out = buildPrintOut(fixture(), 'judge', { kind: 'round', roundId: 'silver-standard-R2' }, 'Letter');
    render(
      <SheetPages
        pages={out.pages}
        paper="Letter"
        competition="Riverside Classic"
        timeZone="UTC"
        clock="12h"
      />,
    );
    const pages = screen.getAllByTestId('sheet-page');
    expect(pages).toHaveLength(4);
    expect(pages[0]!.textContent).toContain('Riverside Classic');
    expect(pages[0]!.textContent).toContain('Event: Silver Standard');
    expect(pages[0]!.textContent).toContain('Round: 2nd Round');
    expect(pages[0]!.textContent).toContain('Judge: A — Margaret Ellison');
    expect(pages[0]!.textContent).toContain('Mark 7 couples in each dance');
    expect(pages[3]!.textContent).toContain('Page 4 of 4');
    expect(pages[3]!.textContent).toContain('(part 2 of 2)');
  });

  it('number cards carry a QR code of the dancer’s page with the entry', () => {
    const data = fixture();
    data.events[0]!.entries[0]!.leadId = 31;
    const out = buildPrintOut(data, 'numbers', { kind: 'event', eventKey: 'silver-standard' }, 'A4');
    const first = out.pages[0]!.body;
    expect(first.type === 'numbers' && first.cards[0]).toEqual({
      number: '102',
      lead: 'Lead 39',
      team: 'Riverside',
      entryId: 39,
      competitorId: null,
    });
    const last = out.pages.at(-1)!.body;
    expect(last.type === 'numbers' && last.cards.at(-1)).toMatchObject({ number: '140', competitorId: 31 });
    render(
      <SheetPages
        pages={out.pages.slice(-1)}
        paper="A4"
        competition="Riverside Classic"
        timeZone="UTC"
        clock="12h"
        cardCode={(c) =>
          `https://x.org/c/demo/competitors/${c.competitorId}?n=${c.number}&entry=${c.entryId}`
        }
      />,
    );
    expect(screen.getByRole('img', { name: 'QR code: check-in and the day of couple 140' }).tagName).toBe(
      'svg',
    );
    // The short link under the name, for a phone without a camera.
    expect(screen.getByText('Your day: x.org/c/demo/competitors/31').className).toBe('number-card-link');
  });
});
