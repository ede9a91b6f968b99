import { placeByMajority } from './majority.ts';
import type { DanceMarks, PlacingRow, PlacingTable, SingleDanceOptions, SingleDanceResult } from './types.ts';
import { columnLabel } from './util.ts';
import { validateDanceMarks } from './validate.ts';

/** Majority of a panel of `marks` marks: ⌊marks ÷ 2⌋ + 1. */
export function majorityOf(marks: number): number {
  return Math.floor(marks / 2) + 1;
}

/** Rules 5–8: the places of one dance of a final, with the working. */
export function placeSingleDance(marks: DanceMarks, options: SingleDanceOptions = {}): SingleDanceResult {
  const { couples, judges } = validateDanceMarks(marks, options.dance ?? null, options.judges);
  const n = couples.length;
  const majority = majorityOf(judges.length);
  const { rows } = placeByMajority(
    couples.map((couple) => ({ couple, marks: marks[couple] as number[] })),
    { majority, firstColumn: 1, lastColumn: n, firstPlace: 1 },
  );
  const places: Record<string, number> = {};
  const tableRows: PlacingRow[] = couples.map((couple) => {
    const r = rows.get(couple);
    if (!r || r.place === null || r.rule === null || r.decidedInColumn === null || r.why === null) {
      // Unreachable for validated marks: every couple reaches the majority by the last column.
      throw new Error(`internal: couple ${couple} was not placed`);
    }
    places[couple] = r.place;
    return { ...r, place: r.place, rule: r.rule, decidedInColumn: r.decidedInColumn, why: r.why };
  });
  const table: PlacingTable = {
    judges,
    majority,
    columnLabels: Array.from({ length: n }, (_, i) => columnLabel(i + 1)),
    rows: tableRows,
  };
  return { places, table };
}
