/**
 * Scoring engine benchmark. Not a timed test: prints its two figures.
 *   npx tsx bench/scoring.ts
 * 1. Recall tally of a 1st round: 300 couples × 9 judges × 5 dances (target < 5 ms).
 * 2. An 8-couple × 15-judge × 5-dance final with two Rule 11 ties (target < 2 ms).
 */
import { performance } from 'node:perf_hooks';
import { placeMultiDance, recallTally } from '../src/domain/scoring/index.ts';
import type { FinalMarks, RecallInput } from '../src/domain/scoring/index.ts';
import { seededRandom, shuffleWith } from '../src/domain/random.ts';

/** Every run measures the same marks. */
const rng = seededRandom;

const shuffle = shuffleWith;

const DANCES = ['Waltz', 'Tango', 'Viennese Waltz', 'Foxtrot', 'Quickstep'];

function firstRound(): RecallInput {
  const random = rng(1);
  const couples = Array.from({ length: 300 }, (_, i) => String(100 + i));
  const requested = 80;
  const marks: RecallInput['marks'] = {};
  for (const dance of DANCES) {
    marks[dance] = {};
    for (let j = 0; j < 9; j++) marks[dance][`J${j + 1}`] = shuffle(couples, random).slice(0, requested);
  }
  return { couples, requested, marks };
}

/**
 * Couples A–C and D–F rotate places over the five dances so that A and B (and D and E) tie on total
 * with equal Rule 10 counts and sums, forcing Rule 11 twice. Eight of the fifteen judges (a majority)
 * follow each dance's intended order; the other seven mark at random.
 */
function finalWithRule11Ties(): FinalMarks {
  const random = rng(2);
  const couples = ['11', '12', '13', '14', '15', '16', '17', '18'];
  const pattern = [
    [1, 2, 3, 1, 2],
    [2, 3, 1, 2, 1],
    [3, 1, 2, 3, 3],
  ];
  const intended = (c: number, d: number): number =>
    c < 3
      ? (pattern[c]![d] as number)
      : c < 6
        ? 3 + (pattern[c - 3]![d] as number)
        : c === 6
          ? 7 + (d % 2)
          : 8 - (d % 2);
  const marks: FinalMarks = {};
  DANCES.forEach((dance, d) => {
    const order = couples.map((_, c) => intended(c, d));
    const panel = Array.from({ length: 15 }, (_, j) =>
      j < 8 ? order : shuffle([1, 2, 3, 4, 5, 6, 7, 8], random),
    );
    marks[dance] = Object.fromEntries(couples.map((c, i) => [c, panel.map((p) => p[i] as number)]));
  });
  return marks;
}

interface Figure {
  label: string;
  mean: number;
  median: number;
  p95: number;
  target: number;
}

/** Times `run` after warming up; the machine may be shared, so the median is the figure to read. */
function measure(label: string, target: number, run: () => unknown): Figure {
  for (let i = 0; i < 300; i++) run(); // warm up the JIT
  const times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    label,
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    median: times[Math.floor(times.length / 2)] as number,
    p95: times[Math.floor(times.length * 0.95)] as number,
    target,
  };
}

const recall = firstRound();
const final = finalWithRule11Ties();
const check = placeMultiDance(final);
const rule11 = check.steps.filter((s) => s.rule11).length;
if (rule11 < 2) throw new Error(`benchmark final should need Rule 11 twice, needed it ${rule11} times`);

const results = [
  measure('recallTally: 1st round, 300 couples × 9 judges × 5 dances', 5, () => recallTally(recall)),
  measure(`placeMultiDance: final, 8 couples × 15 judges × 5 dances (${rule11} Rule 11 ties)`, 2, () =>
    placeMultiDance(final),
  ),
];

const rows = [
  ['benchmark', 'median ms', 'mean ms', 'p95 ms', 'target ms', ''],
  ...results.map((r) => [
    r.label,
    r.median.toFixed(3),
    r.mean.toFixed(3),
    r.p95.toFixed(3),
    `< ${r.target}`,
    r.median < r.target ? 'ok' : 'SLOW',
  ]),
];
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
for (const r of rows)
  console.log(
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
console.log(`\nFinal places: ${JSON.stringify(check.places)}`);
