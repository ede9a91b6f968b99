/** Test helpers: build marks from the row-per-couple tables rule books print, and random finals. */
import fc from 'fast-check';
import type { DanceMarks, FinalMarks } from './types.ts';

/** Rows in couple order, one mark per judge: `rows(['51','52'], [[1,2],[2,1]])`. */
export function danceFromRows(couples: readonly string[], rows: readonly (readonly number[])[]): DanceMarks {
  const out: DanceMarks = {};
  couples.forEach((c, i) => {
    const r = rows[i];
    if (!r) throw new Error(`no row for couple ${c}`);
    out[c] = [...r];
  });
  return out;
}

/**
 * A final given as per-dance places of a single judge per couple, as the Rule 9/10 examples are
 * printed (the summary of places): `{ Waltz: { '16': 1, ... } }` → marks with one judge.
 */
export function finalFromPlaces(places: Record<string, Record<string, number>>): FinalMarks {
  const out: FinalMarks = {};
  for (const [dance, byCouple] of Object.entries(places)) {
    out[dance] = Object.fromEntries(Object.entries(byCouple).map(([c, p]) => [c, [p]]));
  }
  return out;
}

/** Per-dance places written couple by couple: `{ '16': [1,2,2,2] }` with dances in `dances` order. */
export function finalFromCoupleRows(
  dances: readonly string[],
  rows: Record<string, readonly number[]>,
): FinalMarks {
  const out: FinalMarks = {};
  dances.forEach((d, i) => {
    out[d] = Object.fromEntries(Object.entries(rows).map(([c, ps]) => [c, [ps[i] as number]]));
  });
  return out;
}

/** Full marks written per couple per dance: `{ '25': { Waltz: [1,1,2,5,3], ... } }`. */
export function finalFromCoupleMarks(rows: Record<string, Record<string, readonly number[]>>): FinalMarks {
  const out: FinalMarks = {};
  for (const [couple, byDance] of Object.entries(rows)) {
    for (const [dance, marks] of Object.entries(byDance)) {
      (out[dance] ??= {})[couple] = [...marks];
    }
  }
  return out;
}

/** A table as rule books print it, one row a line: `grid('1 2 3\n 2 1 3')` → `[[1,2,3],[2,1,3]]`. */
export function grid(text: string): number[][] {
  return text
    .trim()
    .split('\n')
    .map((line) =>
      line
        .trim()
        .split(/\s+/)
        .map((cell) => {
          const n = Number(cell);
          if (!Number.isFinite(n)) throw new Error(`not a number in the grid: ${cell}`);
          return n;
        }),
    );
}

/** Rows headed by the couple's number: `coupleGrid('16: 1 2 2 2')` → `{ '16': [1, 2, 2, 2] }`. */
export function coupleGrid(text: string): Record<string, number[]> {
  return Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((line) => {
        const [couple, row] = line.split(':');
        if (!couple || row === undefined) throw new Error(`not "couple: marks": ${line}`);
        return [couple.trim(), grid(row)[0]!];
      }),
  );
}

/**
 * Random finals for property tests: 2–7 couples (numbered 11…), 1–7 judges, 1–5 dances. Small panels
 * over several dances tie often, so Rules 8, 10 and 11 and shared places all come up.
 */
export function arbitraryFinal(): fc.Arbitrary<FinalMarks> {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const judge = (n: number) => fc.shuffledSubarray(range(n), { minLength: n, maxLength: n });
  return fc
    .record({
      n: fc.integer({ min: 2, max: 7 }),
      j: fc.integer({ min: 1, max: 7 }),
      d: fc.integer({ min: 1, max: 5 }),
    })
    .chain(({ n, j, d }) =>
      fc
        .array(fc.array(judge(n), { minLength: j, maxLength: j }), { minLength: d, maxLength: d })
        .map((dances) =>
          Object.fromEntries(
            dances.map((perJudge, di) => [
              `Dance ${di + 1}`,
              Object.fromEntries(range(n).map((c, i) => [String(10 + c), perJudge.map((p) => p[i]!)])),
            ]),
          ),
        ),
    );
}
