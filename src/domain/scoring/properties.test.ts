/** Property tests of the scoring engine. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeMultiDance, placeSingleDance, recallTally } from './index.ts';
import type { DanceMarks } from './types.ts';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
const couplesOf = (n: number): string[] => range(n).map((i) => String(100 + i));

/** Whole numbers drawn each from its own range, both ends included: `{ n: [1, 8] }` → `{ n: 1…8 }`. */
const counts = <K extends string>(
  ranges: Record<K, [min: number, max: number]>,
): fc.Arbitrary<Record<K, number>> =>
  fc.record<Record<K, number>>(
    Object.fromEntries(
      Object.entries<[number, number]>(ranges).map(([k, [min, max]]) => [k, fc.integer({ min, max })]),
    ) as { [P in K]: fc.Arbitrary<number> },
  );

/** Exactly `count` values drawn from `arb`. */
const exactly = <T>(count: number, arb: fc.Arbitrary<T>) =>
  fc.array(arb, { minLength: count, maxLength: count });

/** One judge's places: a permutation of 1..n. */
const judgeArb = (n: number) => fc.shuffledSubarray(range(n), { minLength: n, maxLength: n });

/** A dance: `judges` permutations turned into couple → marks. */
const danceArb = (n: number, judges: number) =>
  exactly(judges, judgeArb(n)).map((perJudge) => {
    const marks: DanceMarks = {};
    couplesOf(n).forEach((c, i) => (marks[c] = perJudge.map((p) => p[i] as number)));
    return marks;
  });

/** A dance with a drawn number of couples and of judges (`panel` turns the drawn number into the panel size). */
const someDanceArb = (
  couples: { min: number; max: number },
  judges: { min: number; max: number },
  panel = (j: number) => j,
) => fc.record({ n: fc.integer(couples), j: fc.integer(judges) }).chain(({ n, j }) => danceArb(n, panel(j)));

const finalArb = counts({ n: [1, 8], judges: [1, 9], dances: [1, 5] })
  .chain(({ n, judges, dances }) => exactly(dances, danceArb(n, judges)))
  .map((ds) => Object.fromEntries(ds.map((d, i) => [`Dance ${i + 1}`, d])));

/** Places form 1..n where a group of k equal places starting at s has the value s + (k-1)/2. */
function isPermutationWithTies(places: Record<string, number>): boolean {
  const values = Object.values(places).sort((a, b) => a - b);
  let position = 1;
  for (let i = 0; i < values.length;) {
    let j = i;
    while (j < values.length && values[j] === values[i]) j++;
    const k = j - i;
    if (values[i] !== position + (k - 1) / 2) return false;
    position += k;
    i = j;
  }
  return true;
}

const reverse = (marks: DanceMarks): DanceMarks => {
  const n = Object.keys(marks).length;
  return Object.fromEntries(Object.entries(marks).map(([c, ms]) => [c, ms.map((m) => n + 1 - m)]));
};

const median = (ms: readonly number[]): number =>
  [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)] as number;

describe('scoring properties', () => {
  it('single-dance places are a permutation-with-ties of 1..n', () => {
    fc.assert(
      fc.property(someDanceArb({ min: 1, max: 9 }, { min: 1, max: 11 }), (marks) =>
        isPermutationWithTies(placeSingleDance(marks).places),
      ),
      { numRuns: 500 },
    );
  });

  it('multi-dance places are a permutation-with-ties of 1..n', () => {
    fc.assert(
      fc.property(finalArb, (marks) => isPermutationWithTies(placeMultiDance(marks).places)),
      { numRuns: 400 },
    );
  });

  it('a couple marked 1st by every judge in every dance wins outright', () => {
    fc.assert(
      fc.property(finalArb, fc.nat(), (marks, pick) => {
        const couples = Object.keys(Object.values(marks)[0] ?? {});
        const star = couples[pick % couples.length] as string;
        // Swap places so that every judge gives the star couple 1st.
        for (const dance of Object.values(marks)) {
          const judges = dance[star]!.length;
          for (let j = 0; j < judges; j++) {
            const holder = couples.find((c) => dance[c]![j] === 1) as string;
            dance[holder]![j] = dance[star]![j]!;
            dance[star]![j] = 1;
          }
        }
        const { places } = placeMultiDance(marks);
        return places[star] === 1 && Object.values(places).filter((p) => p < 2).length === 1;
      }),
      { numRuns: 300 },
    );
  });

  it('with an odd panel, a lower median (majority) place always places ahead, and behind once every mark is reversed', () => {
    fc.assert(
      fc.property(
        someDanceArb({ min: 2, max: 8 }, { min: 0, max: 4 }, (j) => 2 * j + 1),
        (marks) => {
          const ahead = placeSingleDance(marks).places;
          const behind = placeSingleDance(reverse(marks)).places;
          for (const a of Object.keys(marks)) {
            for (const b of Object.keys(marks)) {
              if (median(marks[a]!) < median(marks[b]!)) {
                if (!(ahead[a]! < ahead[b]!) || !(behind[a]! > behind[b]!)) return false;
              }
            }
          }
          return true;
        },
      ),
      { numRuns: 400 },
    );
  });

  // "Reversing every judge's marks reverses the order" does not hold for every panel: Rules 6 and 7
  // (larger majority, lower sum) are not mirror images. Seven judges, three couples:
  // 1: [3,3,1,3,1,1,3], 2: [2,1,3,1,2,3,1], 3: [1,2,2,2,3,2,2] places 3, 2, 1, but reversed (4 − mark)
  // places 1, 3, 2. The tests above and below state the forms that do hold.
  it("reversing every judge's marks reverses the order when a majority of judges agree on it", () => {
    // A majority of each dance's panel gives the same ranking, so each couple's majority place is its
    // rank; reversed, rank r becomes n+1-r in every dance and overall.
    const arb = counts({ n: [2, 8], half: [0, 3], dances: [1, 5] }).chain(({ n, half, dances }) =>
      fc
        .record({
          order: judgeArb(n),
          others: exactly(dances, exactly(half, judgeArb(n))),
        })
        .map((drawn) => ({ ...drawn, n, half })),
    );
    fc.assert(
      fc.property(arb, ({ order, others, n, half }) => {
        const couples = couplesOf(n);
        const marks = Object.fromEntries(
          others.map((dissent, d) => {
            const panel = [...Array.from({ length: half + 1 }, () => order), ...dissent];
            return [
              `Dance ${d + 1}`,
              Object.fromEntries(couples.map((c, i) => [c, panel.map((p) => p[i] as number)])),
            ];
          }),
        );
        const reversed = Object.fromEntries(Object.entries(marks).map(([d, m]) => [d, reverse(m)]));
        const forward = placeMultiDance(marks).places;
        const backward = placeMultiDance(reversed).places;
        return couples.every(
          (c, i) => forward[c] === order[i] && backward[c] === n + 1 - (order[i] as number),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('if every judge places A above B, A places ahead of B', () => {
    fc.assert(
      fc.property(someDanceArb({ min: 2, max: 8 }, { min: 1, max: 9 }), (marks) => {
        const { places } = placeSingleDance(marks);
        const cs = Object.keys(marks);
        return cs.every((a) =>
          cs.every((b) => !marks[a]!.every((m, j) => m < marks[b]![j]!) || places[a]! < places[b]!),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('one-dance placeMultiDance equals placeSingleDance', () => {
    fc.assert(
      fc.property(someDanceArb({ min: 1, max: 8 }, { min: 1, max: 9 }), (marks) => {
        expect(placeMultiDance({ Waltz: marks }).places).toEqual(placeSingleDance(marks).places);
      }),
      { numRuns: 400 },
    );
  });

  it('recall lists never exceed the couples and always include everyone above the cut-off', () => {
    const arb = counts({ n: [1, 30], requested: [1, 32], judges: [1, 7], dances: [1, 3] }).chain(
      ({ n, requested, judges, dances }) =>
        exactly(dances, exactly(judges, fc.shuffledSubarray(couplesOf(n)))).map((marks) => ({
          n,
          requested,
          marks,
        })),
    );
    fc.assert(
      fc.property(arb, ({ n, requested, marks }) => {
        const couples = couplesOf(n);
        const input = {
          couples,
          requested,
          marks: Object.fromEntries(
            marks.map((byJudge, d) => [`D${d}`, Object.fromEntries(byJudge.map((m, j) => [`J${j}`, m]))]),
          ),
        };
        const r = recallTally(input);
        const all = new Set(couples);
        const lists = [r.recalled, r.tiedAtCutoff, r.recallIfTiesIncluded, r.recallIfTiesExcluded];
        for (const l of lists) {
          expect(l.length).toBeLessThanOrEqual(n);
          expect(new Set(l).size).toBe(l.length);
          for (const c of l) expect(all.has(c)).toBe(true);
        }
        const above = couples.filter((c) => r.tally[c]! > r.cutoffMarks);
        for (const c of above) {
          expect(r.recalled).toContain(c);
          expect(r.recallIfTiesExcluded).toContain(c);
        }
        expect(r.recalled.length).toBeLessThanOrEqual(requested);
        expect(r.recallIfTiesExcluded.length).toBeLessThanOrEqual(requested);
        expect(r.recallIfTiesIncluded.length).toBeGreaterThanOrEqual(Math.min(requested, n));
        if (r.tiedAtCutoff.length > 0) {
          expect(r.recallIfTiesIncluded).toEqual([...r.recalled, ...r.tiedAtCutoff]);
          expect(r.tiedAtCutoff.every((c) => r.tally[c] === r.cutoffMarks)).toBe(true);
        } else {
          expect(r.recalled.length).toBe(Math.min(requested, n));
        }
      }),
      { numRuns: 400 },
    );
  });
});
