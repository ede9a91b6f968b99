/**
 * The decisions as data (`why`) and the English sentences (`reason`, `text`) are one: the English is
 * worded from the data, on the published examples and on random finals.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { placeMultiDance } from './index.ts';
import type { FinalMarks, MultiDanceResult } from './types.ts';
import { placingReasonText, stepText } from './why.ts';
import { arbitraryFinal } from './testHelpers.ts';

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`./examples/${name}`, import.meta.url), 'utf8')) as {
    judges: string[];
    final: FinalMarks;
  };

/** Every row and step of a result has its `why`, plain JSON, and its English is the stored sentence. */
function expectWordedFromWhy(r: MultiDanceResult): Set<string> {
  const kinds = new Set<string>();
  const rows = [
    ...Object.values(r.tables).flatMap((t) => t.rows),
    ...r.steps.flatMap((s) => s.rule11?.rows ?? []),
  ];
  for (const row of rows) {
    expect(row.why).toBeDefined();
    expect(JSON.parse(JSON.stringify(row.why))).toEqual(row.why);
    expect(placingReasonText(row.why!)).toBe(row.reason);
    kinds.add(row.why!.kind);
  }
  for (const step of r.steps) {
    expect(step.why).toBeDefined();
    expect(JSON.parse(JSON.stringify(step.why))).toEqual(step.why);
    expect(stepText(step.why!)).toBe(step.text);
    kinds.add(step.why!.kind);
  }
  return kinds;
}

describe('why: the decision as data', () => {
  it("Dawson's Example M: every reason and step is worded from its why", () => {
    const m = example('final-dawson-m.json');
    const r = placeMultiDance(m.final, { judges: m.judges });
    const kinds = expectWordedFromWhy(r);
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['notPlaced', 'otherOfRule11', 'rule11', 'rule7']),
    );
    // Waltz, couple 45: 3rd by Rule 7, equal majority (3) in column 1-3, sums 5 against 9.
    const row45 = r.tables.Waltz!.rows.find((x) => x.couple === '45')!;
    expect(row45.why).toEqual({
      kind: 'rule7',
      majority: 3,
      marks: 5,
      column: 3,
      skipped: null,
      candidates: 2,
      first: { couple: '45', count: 3, sum: 5 },
      second: { couple: '55', count: 3, sum: 9 },
      place: 3,
    });
    // 1st place: Rule 11 between 25 and 35 on all 20 marks, decided in column 1-2.
    expect(r.steps[0]!.why).toMatchObject({
      kind: 'rule11',
      place: 1,
      leaders: ['25', '35'],
      marks: 20,
      majority: 11,
      column: 2,
      awarded: ['35'],
      placeAwarded: 1,
      standings: [
        { couple: '25', count: 12, sum: 19 },
        { couple: '35', count: 13, sum: 21 },
      ],
    });
    expect(r.steps[1]!.why).toEqual({ kind: 'otherOfRule11', couple: '25', place: 2 });
  });

  it('random finals: every decision of every kind is worded from its why', () => {
    const finals = arbitraryFinal();
    const kinds = new Set<string>();
    fc.assert(
      fc.property(finals, (marks) => {
        for (const k of expectWordedFromWhy(placeMultiDance(marks))) kinds.add(k);
      }),
      { numRuns: 1500, seed: 20261207 },
    );
    expect([...kinds].sort()).toEqual([
      'lastOfTie',
      'notPlaced',
      'otherOfRule11',
      'rule10',
      'rule11',
      'rule5',
      'rule6',
      'rule7',
      'rule7next',
      'rule8',
      'shared',
    ]);
  });
});
