/**
 * What to print, as data: the rounds a selection covers, and for each kind of sheet its pages
 * (cut by `pagination.ts`). Pure, so the page count is known before anything is rendered.
 */
import type { MultiDanceResult, PlacingTable } from '../../../domain/scoring/types.ts';
import {
  LAYOUT_MM,
  PAPER_MM,
  bodyHeight,
  chunk,
  numberPages,
  packBlocks,
  rowsPerPage,
  type PageNumbering,
  type Paper,
} from './pagination.ts';
import { RoundState } from '../../shared/roundStates.ts';
import type { PrintData, PrintEntry, PrintEvent } from './types.ts';
import { nextRegularRound, redanceOf } from '../../../domain/rounds/formats.ts';
import { FINAL } from '../../../domain/rounds/names.ts';
import type { RoundState as RoundStateValue } from '../../../domain/rounds/state.ts';
import { roundLabel } from '../../../domain/i18n/sport.ts';
import { englishPrintWords, type PrintKey, type PrintWords } from './text.ts';
import { danceReasons } from '../../components/results/reasons.ts';
import type { WithdrawalKind } from '../../../domain/rounds/formats.ts';
import { roundAjsSplit, roundsUnderAjs, type StoredAjsResult } from '../../../domain/scoring/ajs.ts';
import {
  type Scope,
  type SelectedRound,
  dancedRounds,
  selectRounds,
  type Couple,
  couplesOf,
  printedNumber,
  floorCouples,
} from './selection.ts';

/** The kinds of sheet; `label` is the kind's name in the print catalog. */
export const SHEET_KINDS = [
  { value: 'judge', label: 'kind.judge' },
  { value: 'heats', label: 'kind.heats' },
  { value: 'recalls', label: 'kind.recalls' },
  { value: 'results', label: 'kind.results' },
  { value: 'numbers', label: 'kind.numbers' },
  { value: 'schedules', label: 'kind.schedules' },
] as const satisfies readonly { value: string; label: PrintKey }[];
export type SheetKind = (typeof SHEET_KINDS)[number]['value'];

/**
 * One list of numbers on a recall sheet under its sentence: the couples recalled to the next regular
 * round, those dancing the redance, the star couples joining the next round.
 */
export interface RecallGroup {
  label: string;
  numbers: string[];
  /** Star couples: each number is printed with ★. */
  star?: boolean;
  /** The list began on the page before. */
  continued?: boolean;
}

export interface HeatRow {
  heading?: { heat: number; couples: number };
  couple?: Couple;
}

/** A line of a final's placings; a couple out without a place (disqualified) has none. */
export interface ResultPlacing {
  place: number | null;
  number: string;
  lead: string;
  follow: string;
  team: string;
  /** Disqualified, or withdrew: printed beside the couple, as /results says it. */
  status?: WithdrawalKind;
}

export interface ResultBlock {
  kind: 'placings' | 'dance' | 'summary' | 'ajs';
  title: string;
  placings?: ResultPlacing[];
  table?: PlacingTable;
  /** The whole final (summary with its Rule 10/11 steps). */
  result?: MultiDanceResult;
  /** An AJS final's component scores and totals. */
  ajs?: StoredAjsResult;
}

/** A competitor's number card; `entryId` and `competitorId` go into its QR code (shared/entryCode.ts). */
export interface NumberCard {
  number: string;
  lead: string;
  team: string;
  entryId: number;
  competitorId: number | null;
}

export interface CoupleSchedule {
  number: string;
  names: string;
  team: string;
  lines: {
    time: string | null;
    scheduleIndex: number;
    event: string;
    round: string;
    status: string;
    floor?: string;
  }[];
}

export type PageBody =
  | { type: 'judgeRecall'; dances: string[]; couples: string[]; mark: number; receipts: (string | null)[] }
  | { type: 'judgeFinal'; dances: string[]; couples: string[]; receipts: (string | null)[] }
  /** An AJS round: a box per couple, dance and the judge's component. */
  | {
      type: 'judgeAjs';
      dances: string[];
      couples: string[];
      components: string[];
      /** The dances with a box per component; in the others one box per couple counts for all. */
      separateDances: string[];
      receipts: (string | null)[];
    }
  | { type: 'heats'; rows: HeatRow[]; heats: number }
  | { type: 'recalls'; groups: RecallGroup[] }
  | { type: 'results'; blocks: ResultBlock[] }
  | { type: 'numbers'; cards: NumberCard[] }
  | { type: 'schedules'; couples: CoupleSchedule[] };

export interface SheetPage {
  /** Sheet kind as printed in the header. */
  title: string;
  event?: string;
  round?: string;
  judge?: string;
  /** The floor the round is danced on, when there are several. */
  floor?: string;
  /** The checksum of every mark of the round (results and recall sheets). */
  checksum?: string;
  /**
   * The audit trail's head noted when the result was posted (results and recall sheets): a sheet on
   * the wall names a point the record must still hold, so records cut after it are found.
   */
  seal?: string;
  body: PageBody;
}

export type PrintedPage = SheetPage & PageNumbering;

export interface PrintOut {
  pages: PrintedPage[];
  /** What the selection covers but cannot be printed, in words ("Final of X: couples not known yet"). */
  notPrinted: string[];
}

/** A round's sheet header: its event, round (in the reader's language) and, with several floors, its floor. */
const roundHead = (r: SelectedRound, words: PrintWords) => ({
  event: r.event.name,
  round: roundLabel(words.sport, r.round.roundName),
  ...(r.floor ? { floor: r.floor } : {}),
});

/** Builds the pages; `words` gives them the reader's language (English when absent). */
export function buildPrintOut(
  data: PrintData,
  kind: SheetKind,
  scope: Scope,
  paper: Paper,
  words: PrintWords = englishPrintWords(),
): PrintOut {
  const { t } = words;
  const rounds = selectRounds(data, scope);
  const notPrinted: string[] = [];
  const sheets: SheetPage[][] = [];
  const of = (r: SelectedRound) => ({
    round: roundLabel(words.sport, r.round.roundName),
    event: r.event.name,
  });

  if (kind === 'judge') {
    const panels = new Map(data.panels.map((p) => [p.eventKey, p.judges]));
    // A posted round is judged: a day's, session's or event's sheets are for the rounds still to
    // mark. One round chosen on its own still prints (a copy for the record).
    const posted =
      scope.kind === 'round' ? [] : rounds.filter((r) => r.round.roundState === RoundState.Posted);
    if (posted.length) notPrinted.push(t('notPrinted.posted', { count: posted.length }));
    for (const r of rounds) {
      if (posted.includes(r)) continue;
      const couples = couplesOf(r)?.filter((c) => !c.entry.scratched);
      if (!couples) {
        notPrinted.push(t('notPrinted.couplesUnknown', of(r)));
        continue;
      }
      const judges = panels.get(r.event.key) ?? [];
      if (!judges.length) notPrinted.push(t('notPrinted.noJudges', of(r)));
      const numbers = couples.map(printedNumber);
      const judgeRows = (row: number) =>
        rowsPerPage(paper, row, LAYOUT_MM.note + LAYOUT_MM.tableHead + LAYOUT_MM.receiptRow);
      const danced = r.event.rounds
        .filter((x) => x.roundState !== RoundState.Skipped && x.type !== 'redance')
        .map((x) => x.roundNumber);
      const ajs = roundsUnderAjs(danced, r.event.scoringSystem ?? 'skating', r.event.ajsRounds ?? 1).includes(
        r.round.roundNumber,
      );
      // The round's own panel when it was read (drawn or set by the scrutineer), else as the server
      // would start it: the event's split or the default, the default dances with separate scores.
      const own = data.ajsPanels?.get(r.round.roundId);
      const fallback = roundAjsSplit(
        judges.map((j) => String(j.id)),
        r.event.dances,
        r.kind !== 'recall',
        null,
        r.event.ajsComponents ?? null,
      );
      const split = ajs
        ? (own ?? { ajsComponents: fallback.assignments, separateDances: fallback.separateDances })
        : null;
      for (const j of judges) {
        // Each dance's receipt as stored (tablet or paper entry); blank boxes where none is known yet.
        const stored = data.receipts?.get(r.round.roundId);
        const receipts = r.event.dances.map((d) => stored?.[d]?.[String(j.id)] ?? null);
        const base = {
          title: t('title.judge'),
          ...roundHead(r, words),
          judge: `${j.label} — ${j.name}`,
        };
        if (ajs) {
          sheets.push(
            chunk(numbers, judgeRows(LAYOUT_MM.finalRow)).map((page) => ({
              ...base,
              body: {
                type: 'judgeAjs',
                dances: r.event.dances,
                couples: page,
                components: [...(split?.ajsComponents[String(j.id)] ?? [])],
                separateDances: [...(split?.separateDances ?? [])],
                receipts,
              },
            })),
          );
        } else if (r.kind === 'recall') {
          const mark = Math.max(1, Math.min(r.round.recallSize, numbers.length));
          sheets.push(
            chunk(numbers, judgeRows(LAYOUT_MM.recallRow)).map((page) => ({
              ...base,
              body: { type: 'judgeRecall', dances: r.event.dances, couples: page, mark, receipts },
            })),
          );
        } else {
          sheets.push(
            chunk(numbers, judgeRows(LAYOUT_MM.finalRow)).map((page) => ({
              ...base,
              body: { type: 'judgeFinal', dances: r.event.dances, couples: page, receipts },
            })),
          );
        }
      }
    }
  }

  if (kind === 'heats') {
    for (const r of rounds) {
      const floor = data.roundCouples?.get(r.round.roundId);
      const couples = floor ? floorCouples(floor) : couplesOf(r);
      if (!couples) {
        notPrinted.push(t('notPrinted.couplesUnknown', of(r)));
        continue;
      }
      const heats = new Set(couples.map((c) => c.heat)).size;
      const rows: HeatRow[] = [];
      for (const c of couples) {
        const last = rows[rows.length - 1];
        if (heats > 1 && (!last?.couple || last.couple.heat !== c.heat)) {
          rows.push({ heading: { heat: c.heat, couples: couples.filter((x) => x.heat === c.heat).length } });
        }
        rows.push({ couple: c });
      }
      const room = bodyHeight(paper) - LAYOUT_MM.note - LAYOUT_MM.tableHead;
      sheets.push(
        orOnePage(packBlocks(rows, (row) => heatRowHeight(row, paper), room)).map((page) => ({
          title: t('title.heats'),
          ...roundHead(r, words),
          body: { type: 'heats', rows: page, heats },
        })),
      );
    }
  }

  if (kind === 'recalls') {
    for (const r of rounds) {
      if (r.kind !== 'recall') continue;
      const result = data.recalls.get(r.round.roundId);
      if (r.round.roundState !== RoundState.Posted || !result?.posted) {
        notPrinted.push(t('notPrinted.notPosted', of(r)));
        continue;
      }
      const pages = packRecallGroups(recallGroups(r, result.recalled, words), paper);
      sheets.push(
        pages.map((groups) => ({
          title: t('title.recalls'),
          ...roundHead(r, words),
          ...(result.marksChecksum ? { checksum: result.marksChecksum } : {}),
          ...(result.chainHead ? { seal: result.chainHead } : {}),
          body: { type: 'recalls', groups },
        })),
      );
    }
  }

  const selectedEvents = [...new Map(rounds.map((r) => [r.event.key, r.event])).values()];

  if (kind === 'results') {
    for (const event of selectedEvents) {
      const final = data.finals.get(event.key);
      if (!final?.posted) {
        notPrinted.push(t('notPrinted.finalNotPosted', { event: event.name }));
        continue;
      }
      const blocks = resultBlocks(
        event,
        final.placements,
        final.finalTable as MultiDanceResult | null,
        final.ajs ?? null,
        t,
      );
      const pages = packBlocks(blocks, (b) => blockHeight(b, words), bodyHeight(paper));
      sheets.push(
        pages.map((page) => ({
          title: t('title.results'),
          event: event.name,
          round: roundLabel(words.sport, FINAL),
          ...(final.marksChecksum ? { checksum: final.marksChecksum } : {}),
          ...(final.chainHead ? { seal: final.chainHead } : {}),
          body: { type: 'results', blocks: page },
        })),
      );
    }
  }

  if (kind === 'numbers' || kind === 'schedules') {
    const couples = new Map<string, PrintEntry>();
    for (const e of selectedEvents)
      for (const entry of e.entries) {
        if (!entry.scratched && !couples.has(String(entry.leadNumber)))
          couples.set(String(entry.leadNumber), entry);
      }
    const numbers = [...couples.keys()].sort((a, b) => Number(a) - Number(b));
    if (kind === 'numbers') {
      const cards = numbers.map((n): NumberCard => {
        const entry = couples.get(n)!;
        return {
          number: n,
          lead: entry.leadName,
          team: entry.affiliation,
          entryId: entry.entryId,
          competitorId: entry.leadId ?? null,
        };
      });
      sheets.push(
        chunk(cards, 2).map((page) => ({
          title: t('title.number'),
          body: { type: 'numbers', cards: page },
        })),
      );
    } else {
      const all = dancedRounds(data);
      const schedules = numbers.map((n) => coupleSchedule(n, couples.get(n)!, all, words));
      const pages = packBlocks(schedules, scheduleHeight, bodyHeight(paper));
      sheets.push(
        pages.map((page) => ({ title: t('title.schedules'), body: { type: 'schedules', couples: page } })),
      );
    }
  }

  if (sheets.length === 0) return { pages: [], notPrinted };
  return { pages: numberPages(sheets), notPrinted };
}

/**
 * Millimetres a heat list's line takes: its names and team wrap in their columns (never cut), so a
 * line is as tall as its longest cell's lines, at least the 8 mm a tick box wants. A name column is
 * a third of the page's width less the number, heat and check-in columns; 2.3 mm a character at
 * 10 pt is wider than the average (and leaves room for a line broken early at a space), so a cell
 * gets at least the lines it takes.
 */
export function heatRowHeight(row: HeatRow, paper: Paper): number {
  const c = row.couple;
  if (!c) return LAYOUT_MM.heatRow;
  const column = (PAPER_MM[paper].width - 2 * LAYOUT_MM.padding - 16 - 12 - 24) / 3 - 3;
  const perLine = Math.floor(column / 2.3);
  const lines = Math.max(
    ...[c.entry.leadName, c.entry.followName, c.entry.affiliation].map((t) =>
      Math.max(1, Math.ceil(t.length / perLine)),
    ),
  );
  return lines === 1 ? LAYOUT_MM.heatRow : Math.max(LAYOUT_MM.heatRow, lines * LAYOUT_MM.textLine + 2);
}

/** A sheet is printed even with nothing on it. */
const orOnePage = <T>(pages: T[][]): T[][] => (pages.length ? pages : [[]]);

const byNumberText = (a: string, b: string) => Number(a) - Number(b);

/**
 * Who a posted recall round sends where, as the floor does on posting it (server: handOnCouples):
 * the recalled couples to the next regular round (a redance in between is not where they go), the
 * couples not recalled to the redance when the round has one, and the star couples joining the next
 * regular round beside the recalled ones.
 */
export function recallGroups(
  r: SelectedRound,
  recalled: readonly string[],
  words: PrintWords = englishPrintWords(),
): RecallGroup[] {
  const { t } = words;
  const rounds = r.event.rounds.map((x) => ({ ...x, roundState: x.roundState as RoundStateValue }));
  const next = nextRegularRound(rounds, r.round.roundNumber);
  const nextName = next ? roundLabel(words.sport, next.roundName) : null;
  const numbers = [...recalled].sort(byNumberText);
  const groups: RecallGroup[] = [
    {
      label:
        nextName === null
          ? t('recall.recalledNext', { count: numbers.length })
          : t('recall.recalled', { count: numbers.length, round: nextName }),
      numbers,
    },
  ];
  if (r.round.type === 'redance' || !next) return groups;
  const redance = redanceOf(rounds, r.round.roundNumber);
  if (redance) {
    // The redance's couples as posting placed them; out of the event (disqualified) or scratched: not there.
    const entryById = new Map(r.event.entries.map((e) => [e.entryId, e]));
    const dancing = redance.entries
      .filter((x) => !entryById.get(x.entryId)?.withdrawal)
      .map((x) => String(x.leadNumber))
      .sort(byNumberText);
    groups.push({
      label: t('recall.redance', {
        count: dancing.length,
        round: roundLabel(words.sport, redance.roundName),
      }),
      numbers: dancing,
    });
  }
  const stars = r.event.entries
    .filter((e) => e.joinsRound === next.roundNumber && !e.withdrawal && !e.scratched)
    .map((e) => String(e.leadNumber))
    .sort(byNumberText);
  if (stars.length) {
    groups.push({
      label: t('recall.stars', { count: stars.length, round: nextName ?? '' }),
      numbers: stars,
      star: true,
    });
  }
  return groups;
}

/**
 * A recall sheet's groups cut into pages: each group is its sentence and rows of big numbers; a group
 * that runs onto the next page repeats its sentence there, and a sentence never ends a page alone.
 */
export function packRecallGroups(groups: readonly RecallGroup[], paper: Paper): RecallGroup[][] {
  const { note, bigNumberRow, bigNumberColumns } = LAYOUT_MM;
  const height = bodyHeight(paper);
  const pages: RecallGroup[][] = [];
  let page: RecallGroup[] = [];
  let used = 0;
  const newPage = () => {
    pages.push(page);
    page = [];
    used = 0;
  };
  for (const g of groups) {
    const rows = chunk(g.numbers, bigNumberColumns);
    let current: RecallGroup | null = null;
    for (const [i, row] of rows.entries()) {
      const rowHeight = row.length ? bigNumberRow : 0;
      // A sentence starts a page's part of its group, and goes with its first row.
      const head = current ? 0 : note;
      if (page.length && used + head + rowHeight > height) {
        newPage();
        current = null;
      }
      if (!current) {
        current = {
          label: g.label,
          numbers: [],
          ...(g.star ? { star: true } : {}),
          ...(i > 0 ? { continued: true } : {}),
        };
        page.push(current);
        used += note;
      }
      current.numbers.push(...row);
      used += rowHeight;
    }
  }
  if (page.length) pages.push(page);
  return pages.length ? pages : [[]];
}

function coupleSchedule(
  number: string,
  entry: PrintEntry,
  all: SelectedRound[],
  words: PrintWords,
): CoupleSchedule {
  const lines: CoupleSchedule['lines'] = [];
  const partners = new Set<string>();
  for (const r of all) {
    const mine = r.event.entries.find((e) => String(e.leadNumber) === number && !e.scratched);
    if (!mine) continue;
    partners.add(mine.followName);
    const placed = r.round.entries.some((x) => String(x.leadNumber) === number);
    const first =
      r.event.rounds.find((x) => x.roundState !== RoundState.Skipped)?.roundId === r.round.roundId;
    const status =
      placed || first
        ? words.t('status.dancing')
        : r.round.entries.length && r.round.roundState >= 2
          ? words.t('status.notRecalled')
          : words.t('status.ifRecalled');
    lines.push({
      time: r.time,
      scheduleIndex: r.round.scheduleIndex,
      ...roundHead(r, words),
      status,
    });
  }
  return {
    number,
    names: `${entry.leadName} & ${[...partners].join(' / ') || entry.followName}`,
    team: entry.affiliation,
    lines,
  };
}

export function scheduleHeight(s: CoupleSchedule): number {
  return LAYOUT_MM.scheduleHead + Math.max(1, s.lines.length) * LAYOUT_MM.scheduleRow + 4;
}

/**
 * A final's placings as /results lists them (server: publicResults withdrawnFromFinal): the placed
 * couples by place, a couple that withdrew during the final at the place it keeps with "Withdrew",
 * then the finalists out without a place (disqualified, or withdrew before it started), by number.
 */
export function finalPlacings(
  event: PrintEvent,
  placements: Readonly<Record<string, number>>,
): ResultPlacing[] {
  const entry = new Map(event.entries.map((e) => [String(e.leadNumber), e]));
  const line = (number: string, place: number | null): ResultPlacing => {
    const e = entry.get(number);
    return {
      place,
      number,
      lead: e?.leadName ?? '',
      follow: e?.followName ?? '',
      team: e?.affiliation ?? '',
      ...(e?.withdrawal ? { status: e.withdrawal } : {}),
    };
  };
  const placed = Object.entries(placements)
    .map(([number, place]) => line(number, place))
    .sort((a, b) => a.place! - b.place! || Number(a.number) - Number(b.number));
  const final = [...event.rounds].reverse().find((r) => r.roundState !== RoundState.Skipped);
  const out = (final?.entries ?? [])
    .map((x) => String(x.leadNumber))
    .filter((n) => placements[n] === undefined && entry.get(n)?.withdrawal)
    .sort((a, b) => Number(a) - Number(b))
    .map((n) => line(n, null));
  return [...placed, ...out];
}

function resultBlocks(
  event: PrintEvent,
  placements: Record<string, number>,
  table: MultiDanceResult | null,
  ajs: StoredAjsResult | null,
  t: PrintWords['t'],
): ResultBlock[] {
  const placings = finalPlacings(event, placements);
  const blocks: ResultBlock[] = [{ kind: 'placings', title: t('results.placings'), placings }];
  if (ajs) blocks.push({ kind: 'ajs', title: t('results.ajs'), ajs });
  if (!table) return blocks;
  const dances = Object.keys(table.tables);
  for (const d of dances) blocks.push({ kind: 'dance', title: d, table: table.tables[d] });
  if (dances.length > 1) blocks.push({ kind: 'summary', title: t('results.summary'), result: table });
  return blocks;
}

/**
 * Characters of a results sentence (8.5 pt) that surely fit one line of the narrower paper (A4's text
 * is 186 mm wide less the list's 5 mm indent, room for ~120 average characters): fewer are counted,
 * so a sentence is given at least the lines it takes and never runs under the page's edge.
 */
const SENTENCE_LINE_CHARS = 95;

/** Lines a sentence under a results table takes, at most. */
export const sentenceLines = (text: string) => Math.max(1, Math.ceil(text.length / SENTENCE_LINE_CHARS));

/**
 * Millimetres a results block takes. The dance and summary blocks are the shared /results tables
 * (components/results), held to fixed row heights by print.css; their sentences wrap: a dance's
 * reasons get the lines their length takes (`sentenceLines`), the Rule 10/11 steps three lines each.
 */
export function blockHeight(b: ResultBlock, words: PrintWords = englishPrintWords()): number {
  const { resultTitle, resultRow, resultLine } = LAYOUT_MM;
  const gap = 4;
  if (b.kind === 'placings') return resultTitle + resultRow * ((b.placings?.length ?? 0) + 1) + gap;
  if (b.kind === 'ajs') {
    // The totals table and one table per dance, each a title, a head row and a row per couple.
    const couples = b.ajs?.ranking.length ?? 0;
    const tables = 1 + Object.keys(b.ajs?.dances ?? {}).length;
    return tables * (resultTitle + resultRow * (couples + 1) + gap) + 2 * resultLine;
  }
  if (b.kind === 'dance') {
    const rows = b.table?.rows.length ?? 0;
    const lines = b.table
      ? danceReasons(b.table, words.reasons ?? null, words.results, words.sport).reduce(
          (n, r) => n + sentenceLines(`${r.places}: ${r.reason}`),
          0,
        )
      : 0;
    return resultTitle + resultRow * (rows + 1) + lines * resultLine + gap + 2;
  }
  const result = b.result;
  if (!result) return resultTitle + gap;
  const steps = result.steps.reduce(
    (h, s) => h + 3 * resultLine + (s.rule11 ? (s.rule11.rows.length + 1) * resultRow : 0),
    result.steps.length ? resultTitle : 0,
  );
  return resultTitle + resultRow * (result.summary.length + 1) + steps + gap + 2;
}
