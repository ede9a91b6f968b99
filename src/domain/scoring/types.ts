/**
 * Shapes of the scoring engine's input and output. Couple numbers are strings (they travel as JSON
 * object keys); places are numbers, shared places are means (2.5).
 */
import type { NotPlacedWhy, PlacingWhy, StepWhy } from './why.ts';

export type * from './why.ts';

/** Recall round input (Skating System Rule 1): per dance, per judge, the couples that judge marked. */
export interface RecallInput {
  /** Every couple that danced the round. */
  couples: string[];
  /** How many couples each judge is asked to mark, i.e. how many the next round should hold. */
  requested: number;
  marks: { [dance: string]: { [judge: string]: string[] } };
}

export interface RecallOptions {
  /**
   * Refuse a judge who marked more or fewer couples than requested (throws `InvalidMarksError`).
   * Off by default: the judge screen lets a judge submit a wrong count on purpose, with an explicit
   * override, so the engine tallies what was marked and reports the difference in `markCountProblems`.
   */
  requireExactCounts?: boolean;
}

/** A judge who marked a different number of couples than requested in one dance. */
export interface MarkCountProblem {
  dance: string;
  judge: string;
  marked: number;
  requested: number;
  message: string;
}

export interface RecallResult {
  /** Marks per couple over all judges and dances (every couple present, 0 when unmarked). */
  tally: { [couple: string]: number };
  /** The tally of the couple at position `requested` after sorting: the cut-off. */
  cutoffMarks: number;
  /** Couples certainly through: above the cut-off, or at it when everyone at the cut-off fits. */
  recalled: string[];
  /** Couples at the cut-off tally when not all of them fit; empty when there is no tie. */
  tiedAtCutoff: string[];
  /** The chairman's default: recall everyone tied at the cut-off (more couples). */
  recallIfTiesIncluded: string[];
  /** The alternative: recall none of the tied couples (fewer couples). */
  recallIfTiesExcluded: string[];
  /** Every couple with its tally, most marks first (couple number breaks equal tallies, for display). */
  ranking: Array<{ couple: string; marks: number }>;
  /** Judges who marked the wrong number of couples (only reported; see `RecallOptions`). */
  markCountProblems: MarkCountProblem[];
}

/** Final marks of one dance: per couple, one place per judge, judges in the same order for every couple. */
export type DanceMarks = { [couple: string]: number[] };

/** Final marks of several dances. */
export type FinalMarks = { [dance: string]: DanceMarks };

export interface SingleDanceOptions {
  /** Judge names in mark order, used in the working and in error messages (default "Judge 1", …). */
  judges?: readonly string[];
  /** The dance's name, used in error messages. */
  dance?: string;
}

export interface MultiDanceOptions {
  /** Judge names in mark order (the same panel for every dance). */
  judges?: readonly string[];
}

/** The rule that decided a couple's place in one dance (Rules 5–8) or that it is shared. */
export type SingleDanceRule = 'Rule 5' | 'Rule 6' | 'Rule 7' | 'Rule 7 (next column)' | 'Rule 8' | 'Shared';

/** One column of the working: how many marks are k or better, and their sum. */
export interface ColumnTally {
  /** Column k counts marks 1..k ("1", "1-2", "1-3", …). */
  column: number;
  count: number;
  sum: number;
  /** "3(5)": count 3, sum 5. */
  text: string;
}

export interface PlacingRow {
  couple: string;
  /** One mark per judge (for Rule 11: all judges of all dances, dance by dance). */
  marks: number[];
  /** Every column, complete, for checking by hand. */
  columns: ColumnTally[];
  /** What a scrutineer's sheet shows: "count(sum)" up to the column that decided, "-" after it. */
  shown: string[];
  /** The column in which this couple's place was decided. */
  decidedInColumn: number;
  place: number;
  rule: SingleDanceRule;
  /** The decision in words, e.g. "Rule 6: larger majority in column 1-2: 12 5(7) ahead of 14 4(6)". */
  reason: string;
  /**
   * The same decision as data, for wording it in the reader's language (`reason` is its English).
   * Absent in results posted before it was added: show `reason` then.
   */
  why?: PlacingWhy;
}

/** The working of one dance (or of a Rule 11 comparison). */
export interface PlacingTable {
  judges: string[];
  majority: number;
  /** "1", "1-2", "1-3", … */
  columnLabels: string[];
  /** One row per couple, by couple number. */
  rows: PlacingRow[];
}

export interface SingleDanceResult {
  places: { [couple: string]: number };
  table: PlacingTable;
}

/** How Rule 10 saw one tied couple when place P was being decided. */
export interface Rule10Line {
  couple: string;
  /** Dances in which the couple was placed P or better. */
  count: number;
  /** Sum of those places. */
  sum: number;
}

/** One Rule 10 / Rule 11 decision of a multi-dance final, in the order it was taken. */
export interface MultiDanceStep {
  rule: 'Rule 10' | 'Rule 11';
  /** The place being decided (P). */
  place: number;
  /** Total of the tied couples (Rule 9). */
  total: number;
  /** The couples compared in this step. */
  couples: string[];
  /** The couple(s) given a place in this step. */
  awarded: string[];
  /** The place they were given (a mean when shared). */
  placeAwarded: number;
  /** Rule 10 counts and sums of every couple compared (present for Rule 10 steps and before Rule 11). */
  rule10: Rule10Line[];
  /** Rule 11 working: all marks of all dances of the couples still tied, as one dance. */
  rule11?: Rule11Table;
  /** The decision in words. */
  text: string;
  /** The same decision as data (`text` is its English); absent in results posted before it was added. */
  why?: StepWhy;
}

/** A couple's line in the Rule 11 working; couples this comparison did not place have no place yet. */
export interface Rule11Row extends Omit<PlacingRow, 'place' | 'rule' | 'decidedInColumn' | 'why'> {
  place: number | null;
  why?: PlacingWhy | NotPlacedWhy;
  rule: SingleDanceRule | null;
  decidedInColumn: number | null;
}

export interface Rule11Table {
  /** ⌊(judges × dances) ÷ 2⌋ + 1. */
  majority: number;
  /** Rule 11 starts in the column of the place being decided. */
  startColumn: number;
  columnLabels: string[];
  rows: Rule11Row[];
}

export type FinalRule = 'Rule 9' | 'Rule 10' | 'Rule 11' | 'Shared';

export interface MultiDanceSummaryRow {
  couple: string;
  perDance: { [dance: string]: number };
  total: number;
  place: number;
  rule: FinalRule;
}

export interface MultiDanceResult {
  places: { [couple: string]: number };
  perDance: { [dance: string]: { [couple: string]: number } };
  totals: { [couple: string]: number };
  /** Every Rule 10 / Rule 11 decision, in order. */
  steps: MultiDanceStep[];
  /** The working of each dance. */
  tables: { [dance: string]: PlacingTable };
  /** The final summary, one row per couple by couple number. */
  summary: MultiDanceSummaryRow[];
  /**
   * The marks as the judges gave them (dance → couple → a place per judge), when couples were taken
   * out of the final (disqualified, withdrew): the tables above then place the others on each judge's
   * places closed up, and an official sheet shows both, the marks given and the places used.
   */
  given?: FinalMarks;
}
