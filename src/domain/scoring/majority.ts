/**
 * Rules 5–8 as one procedure, shared by a single dance and by Rule 11 (which treats all marks of all
 * dances of the tied couples as one dance).
 *
 * Places are given out in order. In the current column, every unplaced couple whose count reaches the
 * majority is placed now (Rule 5); several such couples are ordered by the larger count (Rule 6), then
 * by the lower sum (Rule 7), then — for just the still-equal couples — by the next column's count and
 * sum, and so on (Rule 7, next column); couples equal to the last column share their places. When
 * nobody reaches the majority, the next column is looked at (Rule 8). After placing the couples found
 * in a column, the search continues in the NEXT column, not in the column numbered like the next place
 * (domain.md; published examples depend on this).
 */
import type { ColumnTally, SingleDanceRule } from './types.ts';
import { meanPlace } from './util.ts';
import { placingReasonText, type CoupleTally, type PlacingWhy, type SkippedColumns } from './why.ts';

export interface MajorityEntry {
  couple: string;
  marks: readonly number[];
}

export interface MajorityOptions {
  majority: number;
  /** The column to start in (1 for a dance; P for Rule 11). */
  firstColumn: number;
  /** The last column: the number of couples in the final. */
  lastColumn: number;
  /** The first place to give out. */
  firstPlace: number;
  /** Stop after the first place is given (Rule 11 only decides place P). */
  onlyFirst?: boolean;
}

export interface MajorityRow {
  couple: string;
  marks: number[];
  columns: ColumnTally[];
  shown: string[];
  decidedInColumn: number | null;
  place: number | null;
  rule: SingleDanceRule | null;
  reason: string;
  /** The decision as data (`reason` is its English); null until placed. */
  why: PlacingWhy | null;
}

export interface MajorityGroup {
  couples: string[];
  place: number;
  column: number;
}

interface Stats {
  couple: string;
  marks: number[];
  /** counts[k], sums[k] for column k (index 0 unused). */
  counts: number[];
  sums: number[];
}

interface Separation {
  /** Negative when the first couple is better. */
  sign: number;
  column: number;
  by: 'count' | 'sum';
}

function stats(entry: MajorityEntry, lastColumn: number): Stats {
  const perMark = new Array<number>(lastColumn + 1).fill(0);
  for (const m of entry.marks) perMark[m] = (perMark[m] ?? 0) + 1;
  const counts = new Array<number>(lastColumn + 1).fill(0);
  const sums = new Array<number>(lastColumn + 1).fill(0);
  for (let k = 1; k <= lastColumn; k++) {
    const here = perMark[k] ?? 0;
    counts[k] = (counts[k - 1] ?? 0) + here;
    sums[k] = (sums[k - 1] ?? 0) + here * k;
  }
  return { couple: entry.couple, marks: [...entry.marks], counts, sums };
}

const cnt = (s: Stats, k: number): number => s.counts[k] ?? 0;
const sm = (s: Stats, k: number): number => s.sums[k] ?? 0;
const cell = (s: Stats, k: number): string => `${cnt(s, k)}(${sm(s, k)})`;

/** Where two couples first differ from column `from` on: count (more is better), then sum (less is better). */
function separate(a: Stats, b: Stats, from: number, last: number): Separation | null {
  for (let k = from; k <= last; k++) {
    if (cnt(a, k) !== cnt(b, k)) return { sign: cnt(b, k) - cnt(a, k), column: k, by: 'count' };
    if (sm(a, k) !== sm(b, k)) return { sign: sm(a, k) - sm(b, k), column: k, by: 'sum' };
  }
  return null;
}

function ruleOf(sep: Separation, column: number): SingleDanceRule {
  if (sep.column > column) return 'Rule 7 (next column)';
  return sep.by === 'count' ? 'Rule 6' : 'Rule 7';
}

const RULE_DEPTH: Partial<Record<SingleDanceRule, number>> = {
  'Rule 6': 1,
  'Rule 7': 2,
  'Rule 7 (next column)': 3,
};

const tally = (s: Stats, k: number): CoupleTally => ({ couple: s.couple, count: cnt(s, k), sum: sm(s, k) });

/** The decision between this couple and the neighbour that told them apart, as data. */
function separation(
  x: Stats,
  y: Stats,
  sep: Separation,
  column: number,
  xAhead: boolean,
  facts: {
    majority: number;
    marks: number;
    skipped: SkippedColumns | null;
    candidates: number;
    place: number;
  },
): PlacingWhy {
  const [first, second] = xAhead ? [x, y] : [y, x];
  const common = { ...facts, column, first: tally(first, sep.column), second: tally(second, sep.column) };
  if (sep.column > column) {
    return {
      kind: 'rule7next',
      ...common,
      equal: { count: cnt(first, column), sum: sm(first, column) },
      decidingColumn: sep.column,
    };
  }
  return { kind: sep.by === 'count' ? 'rule6' : 'rule7', ...common };
}

/**
 * Gives places to `entries` by Rules 5–8. Returns the groups in place order (a group of several
 * couples shares its places) and one working row per couple.
 */
export function placeByMajority(
  entries: readonly MajorityEntry[],
  opts: MajorityOptions,
): { groups: MajorityGroup[]; rows: Map<string, MajorityRow> } {
  const { majority, firstColumn, lastColumn } = opts;
  const all = entries.map((e) => stats(e, lastColumn));
  const total = all[0]?.marks.length ?? 0;
  const rows = new Map<string, MajorityRow>();
  for (const s of all) {
    const columns: ColumnTally[] = [];
    for (let k = 1; k <= lastColumn; k++) {
      columns.push({ column: k, count: cnt(s, k), sum: sm(s, k), text: cell(s, k) });
    }
    rows.set(s.couple, {
      couple: s.couple,
      marks: s.marks,
      columns,
      shown: [],
      decidedInColumn: null,
      place: null,
      rule: null,
      reason: '',
      why: null,
    });
  }

  const groups: MajorityGroup[] = [];
  let unplaced = all;
  let place = opts.firstPlace;
  let column = firstColumn;
  let searchStart = firstColumn;
  let lastLooked = lastColumn;

  while (unplaced.length > 0 && column <= lastColumn) {
    const candidates = unplaced.filter((s) => cnt(s, column) >= majority);
    if (candidates.length === 0) {
      column++; // Rule 8
      continue;
    }
    candidates.sort((a, b) => separate(a, b, column, lastColumn)?.sign ?? 0);
    // Couples equal in every column from here to the last share their places.
    const tied: Stats[][] = [];
    for (const s of candidates) {
      const last = tied.at(-1);
      if (last && separate(last[0] as Stats, s, column, lastColumn) === null) last.push(s);
      else tied.push([s]);
    }
    const skipped: SkippedColumns | null =
      column > searchStart ? { from: searchStart, to: column - 1 } : null;

    for (let g = 0; g < tied.length; g++) {
      const group = tied[g] as Stats[];
      const value = meanPlace(place, group.length);
      groups.push({ couples: group.map((s) => s.couple), place: value, column });
      const prev = tied[g - 1]?.[0];
      const next = tied[g + 1]?.[0];
      for (const s of group) {
        const row = rows.get(s.couple) as MajorityRow;
        row.place = value;
        let rule: SingleDanceRule;
        let decided = column;
        let why: PlacingWhy;
        if (group.length > 1) {
          rule = 'Shared';
          decided = lastColumn;
          why = {
            kind: 'shared',
            others: group.filter((o) => o !== s).map((o) => o.couple),
            from: column,
            to: lastColumn,
            firstPlace: place,
            lastPlace: place + group.length - 1,
            place: value,
          };
        } else if (tied.length === 1) {
          const facts = {
            majority,
            marks: total,
            column,
            count: cnt(s, column),
            sum: sm(s, column),
            place: value,
          };
          if (skipped) {
            rule = 'Rule 8';
            why = { kind: 'rule8', ...facts, skipped };
          } else {
            rule = 'Rule 5';
            why = { kind: 'rule5', ...facts };
          }
        } else {
          const seps: Array<{ sep: Separation; other: Stats; ahead: boolean }> = [];
          if (prev)
            seps.push({
              sep: separate(prev, s, column, lastColumn) as Separation,
              other: prev,
              ahead: false,
            });
          if (next)
            seps.push({ sep: separate(s, next, column, lastColumn) as Separation, other: next, ahead: true });
          const deepest = seps.reduce((a, b) =>
            (RULE_DEPTH[ruleOf(b.sep, column)] ?? 0) > (RULE_DEPTH[ruleOf(a.sep, column)] ?? 0) ? b : a,
          );
          rule = ruleOf(deepest.sep, column);
          decided = Math.max(...seps.map((x) => x.sep.column));
          why = separation(s, deepest.other, deepest.sep, column, deepest.ahead, {
            majority,
            marks: total,
            skipped,
            candidates: candidates.length,
            place: value,
          });
        }
        row.rule = rule;
        row.reason = placingReasonText(why);
        row.why = why;
        row.decidedInColumn = decided;
      }
      place += group.length;
      if (opts.onlyFirst) break;
    }
    if (opts.onlyFirst) {
      lastLooked = column;
      break;
    }
    const placedNow = new Set(candidates.map((s) => s.couple));
    unplaced = unplaced.filter((s) => !placedNow.has(s.couple));
    column++;
    searchStart = column;
  }

  for (const s of all) {
    const row = rows.get(s.couple) as MajorityRow;
    const until = row.decidedInColumn ?? lastLooked;
    row.shown = row.columns.map((c) => (c.column < firstColumn ? '' : c.column <= until ? c.text : '-'));
  }
  return { groups, rows };
}
