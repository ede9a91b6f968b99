/** The English catalog words the engine's decisions as the engine's own English sentences. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import dawsonM from '../../../domain/scoring/examples/final-dawson-m.json' with { type: 'json' };
import { placeMultiDance } from '../../../domain/scoring/index.ts';
import type { FinalMarks, MultiDanceResult } from '../../../domain/scoring/types.ts';
import { placingReason, stepReason } from './reasons.ts';
import { reasonWords } from './why/words.ts';
import { arbitraryFinal } from '../../../domain/scoring/testHelpers.ts';

// The English catalog, as a German reader's words are built (a reader in English reads the engine's).
const w = reasonWords('en');

/**
 * Where the catalog words English a little better than the engine: "Equal to couple 12" (the engine:
 * "Equal to 12"), "… tied on 9 and takes 3rd" (the engine: "… tied on 9 takes 3rd").
 */
const engineWording = (s: string): string =>
  s.replace(/^Equal to couples? /, 'Equal to ').replace(/ and takes (\S+)\.$/, ' takes $1.');

function expectEnglishAsEngine(r: MultiDanceResult) {
  const rows = [
    ...Object.values(r.tables).flatMap((x) => x.rows),
    ...r.steps.flatMap((s) => s.rule11?.rows ?? []),
  ];
  for (const row of rows) expect(engineWording(placingReason(w, row))).toBe(row.reason);
  for (const step of r.steps) {
    const worded = stepReason(w, step);
    expect(step.why?.kind === 'lastOfTie' ? engineWording(worded) : worded).toBe(step.text);
  }
}

describe('placingReason and stepReason in English', () => {
  it("read as the engine's sentences on Dawson's Example M", () => {
    expectEnglishAsEngine(placeMultiDance(dawsonM.final as FinalMarks, { judges: dawsonM.judges }));
  });

  it("read as the engine's sentences on random finals (every kind of decision)", () => {
    const finals = arbitraryFinal();
    fc.assert(
      fc.property(finals, (marks) => expectEnglishAsEngine(placeMultiDance(marks))),
      { numRuns: 800, seed: 20261207 },
    );
  });
});
