/**
 * AJS 3.0, rule by rule. Sources (docs/ajs.md): [JS] WDSF, "Judging Systems" page, JS 3.0 main
 * features; [E8] WDSF news "Competition Rule E.8" (components, scale); [Scale] WDSF news "On Scale".
 * Where no source was found the test says "choice" and docs/ajs.md explains it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { caught } from '../caught.ts';
import {
  ajsCoupleScoresProblem,
  AJS_TOLERANCE,
  AJS_TOLERANCE_GRADES,
  ajsPlaces,
  ajsRecall,
  ajsToleranceGrade,
  ajsToleranceProblem,
  componentScore,
  formatAjsTotal,
  readStoredAjs,
  defaultAjsAssignments,
  scoreAjs,
  validateAjs,
  withoutAjsCouples,
  type AjsScores,
} from './ajs.ts';
import { InvalidMarksError } from './errors.ts';
import * as engine from './index.ts';

const example = JSON.parse(readFileSync(new URL('./examples/ajs-final.json', import.meta.url), 'utf8')) as {
  ajs: AjsScores;
  tolerance: number;
};
/** The constructed example is worked at the Grand Slam / championship tolerance, 1.2. */
const grandSlam = { tolerance: 1.2 };

/** Two couples, one dance, one judge per component (a small panel). */
function small(overrides: Partial<Record<string, Record<string, number>>> = {}): AjsScores {
  return {
    Waltz: {
      A: { '1': { TQ: 8 }, '2': { TQ: 7 }, ...overrides.A },
      B: { '1': { MM: 8 }, '2': { MM: 7 } },
      C: { '1': { PS: 8 }, '2': { PS: 7 } },
      D: { '1': { CP: 8 }, '2': { CP: 7 } },
    },
  } as AjsScores;
}

function problemOf(f: () => unknown): { problem: string; message: string } {
  const { problem, message } = caught(f, InvalidMarksError);
  return { problem, message };
}

describe('AJS 3.0 worked example (constructed, 12 judges in two groups: docs/ajs.md "Worked example")', () => {
  const r = scoreAjs(example.ajs, grandSlam);

  it('forms each component from the scores within 1.2 of the median [JS]', () => {
    const w = r.dances.Waltz!;
    // 11 TQ: 6, 8, 8.5, 8.5, 9, 9 → median 8.5; 6 is 2.5 away and dropped; (8+8.5+8.5+9+9)/5 = 8.6
    expect(w['11']!.components.TQ).toMatchObject({ median: 8.5, dropped: ['F'] });
    expect(w['11']!.components.TQ.score).toBeCloseTo(8.6, 9);
    // 11 CP: five 8s and a 10 → median 8, the 10 dropped
    expect(w['11']!.components.CP.score).toBe(8);
    // 12 MM: a 7.75 is 1.25 below the median 9 → dropped
    expect(w['12']!.components.MM).toMatchObject({ median: 9, dropped: ['F'], score: 9 });
    // 13 MM: an 8.5 is 1.0 above the median 7.5 → kept: 46/6
    expect(w['13']!.components.MM.dropped).toEqual([]);
    expect(w['13']!.components.MM.score).toBeCloseTo(46 / 6, 9);
    // 13 CP: 7,7,7,8.25,8.25,8.25 → median 7.625, none dropped
    expect(w['13']!.components.CP).toMatchObject({ median: 7.625, dropped: [], score: 7.625 });
  });

  it('adds the four components for a dance and the dances for the total, unrounded (choice: equal weights)', () => {
    expect(r.dances.Waltz!['11']!.total).toBeCloseTo(34.1, 9);
    expect(r.dances.Waltz!['12']!.total).toBeCloseTo(34.5, 9);
    expect(r.dances.Waltz!['13']!.total).toBeCloseTo(29 + 7 / 24, 9);
    expect(r.dances.Tango!['11']!.total).toBe(36);
    expect(r.totals['11']).toBeCloseTo(70.1, 9);
    expect(r.totals['12']).toBe(68.5);
    expect(r.totals['13']).toBeCloseTo(57 + 7 / 24, 9);
    expect(r.componentTotals['13']!.MM).toBeCloseTo(14 + 2 / 3, 9);
    expect(formatAjsTotal(r.totals['13']!)).toBe('57.29');
    expect(r.tolerance).toBe(1.2);
  });

  it('ranks by the highest total, not by dances won (12 wins the Waltz, 11 the final)', () => {
    expect(r.places).toEqual({ '11': 1, '12': 2, '13': 3 });
    expect(r.ranking.map((x) => x.couple)).toEqual(['11', '12', '13']);
  });

  it('reads each judge’s group from the scores given (A–F: TQ+MM, G–L: PS+CP)', () => {
    expect(r.assignments.A).toEqual(['TQ', 'MM']);
    expect(r.assignments.L).toEqual(['PS', 'CP']);
  });

  it('is exported from the scoring engine as scoreAjs (the contract)', () => {
    expect(engine.scoreAjs(example.ajs, grandSlam).places).toEqual(r.places);
  });
  it('is worked at the tolerance its file names (npm run ajs reads it)', () => {
    expect(example.tolerance).toBe(1.2);
  });
});

describe('component score: median and tolerance [JS]', () => {
  it('keeps a score exactly at the tolerance and drops one beyond it', () => {
    expect(componentScore({ a: 8, b: 8, c: 9.2 }, 1.2).dropped).toEqual([]);
    expect(componentScore({ a: 8, b: 8, c: 9.25 }, 1.2).dropped).toEqual(['c']);
    expect(componentScore({ a: 8, b: 8, c: 9.25 }, 1.2).score).toBe(8);
    expect(componentScore({ a: 8, b: 8, c: 9.5 }).dropped).toEqual([]);
    expect(componentScore({ a: 8, b: 8, c: 9.75 }).dropped).toEqual(['c']);
  });
  it('uses the mean of the middle two as the median of an even count', () => {
    expect(componentScore({ a: 7, b: 8, c: 9, d: 10 }).median).toBe(8.5);
  });
  it('drops manipulative scores on both sides', () => {
    const w = componentScore({ a: 5, b: 8, c: 8, d: 8.5, e: 8.5, f: 10 }, 1.2);
    expect(w.dropped.sort()).toEqual(['a', 'f']);
    expect(w.score).toBe(8.25);
  });
  it('uses the scores nearest the median when none is within the tolerance (choice, see docs)', () => {
    // Two judges 3 apart (each 1.5 from their median), a panel split 5-5-5 / 9-9-9, and 4, 6 | 9, 9.
    expect(componentScore({ a: 6, b: 9 }, 1.2)).toMatchObject({ median: 7.5, dropped: [], score: 7.5 });
    expect(componentScore({ a: 5, b: 5, c: 5, d: 9, e: 9, f: 9 }, 1.2)).toMatchObject({
      dropped: [],
      score: 7,
    });
    expect(componentScore({ a: 4, b: 6, c: 9, d: 9 }, 1.2)).toMatchObject({
      median: 7.5,
      dropped: ['a'],
      score: 8,
    });
  });
  it('with one judge, is that judge’s score', () => {
    expect(componentScore({ a: 7.25 }).score).toBe(7.25);
  });
  it('takes another tolerance when given', () => {
    expect(componentScore({ a: 8, b: 8, c: 9.5 }, 1.5).dropped).toEqual([]);
  });
});

describe('places (choice: equal totals share the mean place, as in the Skating engine)', () => {
  it('shares a place on equal totals', () => {
    const s = small();
    s.Waltz!.A!['2'] = { TQ: 8 };
    s.Waltz!.B!['2'] = { MM: 8 };
    s.Waltz!.C!['2'] = { PS: 8 };
    s.Waltz!.D!['2'] = { CP: 8 };
    expect(scoreAjs(s).places).toEqual({ '1': 1.5, '2': 1.5 });
  });
  it('recalls the N highest totals; a tie at the cut-off is the chairman’s, as under Rule 1', () => {
    const tied = ajsRecall({ a: 30, b: 29, c: 29, d: 20 }, 2);
    expect(tied).toMatchObject({
      recalled: ['a'],
      tiedAtCutoff: ['b', 'c'],
      recallIfTiesIncluded: ['a', 'b', 'c'],
      recallIfTiesExcluded: ['a'],
      cutoffMarks: 29,
    });
    expect(ajsRecall({ a: 30, b: 29, c: 28, d: 20 }, 2).recalled).toEqual(['a', 'b']);
    expect(ajsRecall({ a: 30.5, b: 29.25 }, 6).recalled).toEqual(['a', 'b']);
  });
});

describe('a couple out of the round (disqualified or withdrew: docs/scrutineering-formats.md)', () => {
  it('is left out of the ranking; the others keep their scores and move up', () => {
    const all = scoreAjs(example.ajs, grandSlam);
    const winner = all.ranking[0]!.couple;
    const rest = scoreAjs(withoutAjsCouples(example.ajs, [winner]), grandSlam);
    expect(rest.places[winner]).toBeUndefined();
    expect(rest.ranking.map((r) => [r.couple, r.place])).toEqual(
      all.ranking.slice(1).map((r, i) => [r.couple, i + 1]),
    );
    for (const r of rest.ranking) expect(rest.totals[r.couple]).toBe(all.totals[r.couple]);
  });
});

describe('panel split [JS: two groups of judges, each component scored by one group]', () => {
  it('splits 12 judges into two groups of 6: TQ+PS, MM+CP (as on the WDSF World Open sheets)', () => {
    const a = defaultAjsAssignments('ABCDEFGHIJKL'.split(''));
    expect(Object.values(a).filter((c) => c.includes('TQ'))).toHaveLength(6);
    expect(a.A).toEqual(['TQ', 'PS']);
    expect(a.G).toEqual(['MM', 'CP']);
  });
  it('gives the larger half to the first group on an odd panel; one judge scores everything', () => {
    const a = defaultAjsAssignments(['A', 'B', 'C', 'D', 'E']);
    expect(Object.values(a).filter((c) => c.includes('TQ'))).toHaveLength(3);
    expect(defaultAjsAssignments(['A']).A).toEqual(['TQ', 'MM', 'PS', 'CP']);
  });
});

describe('invalid scores are refused with the judge, dance and couple named', () => {
  it('refuses a score off the 1–10 scale [E8, Scale]', () => {
    expect(problemOf(() => scoreAjs(small({ A: { '1': { TQ: 10.25 } } as never })))).toEqual({
      problem: 'off-scale',
      message: "Judge A's TQ for couple 1 in the Waltz: 10.25 is off the scale (1 to 10)",
    });
    expect(problemOf(() => scoreAjs(small({ A: { '1': { TQ: 0.5 } } as never }))).problem).toBe('off-scale');
  });
  it('refuses a score not in the scale’s steps of 0.25 (choice, see docs)', () => {
    expect(problemOf(() => scoreAjs(small({ A: { '1': { TQ: 8.1 } } as never })))).toEqual({
      problem: 'wrong-step',
      message: "Judge A's TQ for couple 1 in the Waltz: 8.1 is not in steps of 0.25",
    });
  });
  it('refuses a score that is not a number', () => {
    expect(problemOf(() => scoreAjs(small({ A: { '1': { TQ: '8' } } as never }))).message).toMatch(
      /is not a number/,
    );
  });
  it('refuses a component the judge is not assigned', () => {
    const s = small({ A: { '1': { TQ: 8, MM: 8 } } as never });
    const p = problemOf(() => scoreAjs(s, { assignments: { A: ['TQ'], B: ['MM'], C: ['PS'], D: ['CP'] } }));
    expect(p).toEqual({
      problem: 'unassigned-component',
      message: 'Judge A scored MM for couple 1 in the Waltz but is assigned TQ',
    });
  });
  it('refuses a missing score', () => {
    const s = small();
    delete s.Waltz!.A!['2'];
    expect(problemOf(() => scoreAjs(s))).toEqual({
      problem: 'missing-score',
      message: 'Judge A has not scored TQ for couple 2 in the Waltz',
    });
  });
  it('refuses a component nobody scores, and a name that is not a component', () => {
    const s = small();
    delete s.Waltz!.D;
    expect(problemOf(() => scoreAjs(s)).message).toBe('No judge scores CP (Choreography and presentation)');
    expect(problemOf(() => scoreAjs(small({ A: { '1': { TQ: 8, XX: 8 } } as never }))).problem).toBe(
      'unknown-component',
    );
  });
  it('refuses a couple not in the round and an empty round', () => {
    expect(problemOf(() => validateAjs(small(), { couples: ['1'] })).problem).toBe('unknown-couple');
    expect(problemOf(() => scoreAjs({})).problem).toBe('no-dances');
  });
});

describe('npm run ajs prints the table a scrutineer checks', () => {
  it('shows each dance’s components, the dropped scores and the result', async () => {
    const { formatAjs } = await import('./format.ts');
    const text = formatAjs(scoreAjs(example.ajs, grandSlam));
    expect(text).toContain('Tolerance 1.2');
    expect(text).toContain('    11   8.600   8.500   9.000   8.000    34.10  TQ:F CP:L');
    expect(text).toContain('     3     13   14.00   14.67   14.00   14.63    57.29');
  });
});

describe("ajsCoupleScoresProblem (one judge's scores of one couple)", () => {
  const mine = ['TQ', 'MM'] as const;
  it("accepts exactly the judge's components on the scale", () => {
    expect(ajsCoupleScoresProblem({ TQ: 8.5, MM: 9.25 }, mine)).toBeNull();
  });
  it('names each problem, the first found', () => {
    expect(ajsCoupleScoresProblem([8.5], mine)).toEqual({ kind: 'not-scores' });
    expect(ajsCoupleScoresProblem(null, mine)).toEqual({ kind: 'not-scores' });
    expect(ajsCoupleScoresProblem({ XX: 8 }, mine)).toEqual({ kind: 'unknown-component', component: 'XX' });
    expect(ajsCoupleScoresProblem({ TQ: 8, PS: 8 }, mine)).toEqual({
      kind: 'unassigned-component',
      component: 'PS',
    });
    expect(ajsCoupleScoresProblem({ TQ: 8.3, MM: 8 }, mine)).toEqual({
      kind: 'bad-score',
      component: 'TQ',
      problem: '8.3 is not in steps of 0.25',
    });
    expect(ajsCoupleScoresProblem({ TQ: 11, MM: 8 }, mine)).toMatchObject({ kind: 'bad-score' });
    expect(ajsCoupleScoresProblem({ MM: 8 }, mine)).toEqual({ kind: 'missing-score', components: ['TQ'] });
    expect(ajsCoupleScoresProblem({}, mine)).toEqual({ kind: 'missing-score', components: ['TQ', 'MM'] });
  });
});

/**
 * A semi-final dance of a 2025 WDSF World Open as its official sheet gives it (docs/ajs.md "Sources"):
 * ten judges, A–E scoring TQ + PS and F–J MM + CP, each judge's one score counting for both of their
 * components. `tqPs` and `mmCp` are the five scores of each group for the one couple.
 */
function worldOpenDance(dance: string, couple: string, tqPs: number[], mmCp: number[]): AjsScores {
  const byJudge: AjsScores[string] = {};
  'ABCDE'.split('').forEach((j, i) => {
    byJudge[j] = { [couple]: { TQ: tqPs[i]!, PS: tqPs[i]! } };
  });
  'FGHIJ'.split('').forEach((j, i) => {
    byJudge[j] = { [couple]: { MM: mmCp[i]!, CP: mmCp[i]! } };
  });
  return { [dance]: byJudge };
}

describe('the tolerance as a WDSF World Open used it (official sheets, 2025)', () => {
  // Couple 561, semi-final Samba: MM/CP 7, 7.25, 7, 8.5, 8.25 → median 7.25; the 8.5 is 1.25 away and
  // counts → 38 / 5 = 7.60. TQ/PS 8, 8.25, 8.25, 8.5, 8 → 8.20. Official dance total 31.60.
  const samba = worldOpenDance('Samba', '561', [8, 8.25, 8.25, 8.5, 8], [7, 7.25, 7, 8.5, 8.25]);
  // Couple 708, semi-final Slow Foxtrot: TQ/PS 8, 7.75, 8.75, 8.25, 6.25 → median 8; the 6.25 is 1.75
  // away and is dropped → 32.75 / 4 = 8.1875. MM/CP 8, 8, 8.25, 8.25, 8.25 → 8.15. Total 32.675.
  const foxtrot = worldOpenDance(
    'Slow Foxtrot',
    '708',
    [8, 7.75, 8.75, 8.25, 6.25],
    [8, 8, 8.25, 8.25, 8.25],
  );

  it('uses a score 1.25 from the median at the default tolerance 1.5: couple 561 scores 31.60', () => {
    const r = scoreAjs(samba);
    expect(r.tolerance).toBe(1.5);
    const mm = r.dances.Samba!['561']!.components.MM;
    expect(mm).toMatchObject({ median: 7.25, dropped: [] });
    expect(mm.score).toBeCloseTo(7.6, 9);
    expect(r.dances.Samba!['561']!.components.CP.score).toBeCloseTo(7.6, 9);
    expect(r.dances.Samba!['561']!.components.TQ.score).toBeCloseTo(8.2, 9);
    expect(formatAjsTotal(r.dances.Samba!['561']!.total)).toBe('31.60');
    expect(formatAjsTotal(r.totals['561']!)).toBe('31.60');
  });

  it('drops a score 1.75 from the median: couple 708 scores 32.675, shown 32.68', () => {
    const r = scoreAjs(foxtrot);
    const tq = r.dances['Slow Foxtrot']!['708']!.components.TQ;
    expect(tq).toMatchObject({ median: 8, dropped: ['E'], score: 8.1875 });
    expect(r.dances['Slow Foxtrot']!['708']!.components.PS.dropped).toEqual(['E']);
    expect(r.totals['708']).toBeCloseTo(32.675, 9);
    expect(formatAjsTotal(r.dances['Slow Foxtrot']!['708']!.total)).toBe('32.68');
    expect(formatAjsTotal(r.totals['708']!)).toBe('32.68');
  });

  it('at the Grand Slam / championship tolerance 1.2, the 8.5 of couple 561 is dropped', () => {
    const r = scoreAjs(samba, { tolerance: 1.2 });
    expect(r.tolerance).toBe(1.2);
    const mm = r.dances.Samba!['561']!.components.MM;
    expect(mm.dropped).toEqual(['I']);
    expect(mm.score).toBe(29.5 / 4);
    expect(formatAjsTotal(r.totals['561']!)).toBe('31.15');
  });

  it('names the two grades and their tolerances in one place (the form and docs/ajs.md take them from here)', () => {
    expect(AJS_TOLERANCE).toBe(1.5);
    expect(AJS_TOLERANCE_GRADES).toEqual([
      { grade: 'Open and other competitions', tolerance: 1.5 },
      { grade: 'Grand Slam / championship', tolerance: 1.2 },
    ]);
    expect(ajsToleranceGrade(1.2)).toBe('Grand Slam / championship');
    expect(ajsToleranceGrade(1.35)).toBeNull();
  });

  it('takes a tolerance from 0.5 to 3 in steps of 0.05, and says what is wrong with another', () => {
    for (const ok of [0.5, 1.2, 1.25, 1.35, 1.5, 3]) expect(ajsToleranceProblem(ok)).toBeNull();
    expect(ajsToleranceProblem(0.45)).toBe('Tolerance must be from 0.5 to 3');
    expect(ajsToleranceProblem(3.05)).toBe('Tolerance must be from 0.5 to 3');
    expect(ajsToleranceProblem(1.23)).toMatch(/steps of 0.05/);
    expect(ajsToleranceProblem('1.5')).toBe('Tolerance must be a number');
    expect(ajsToleranceProblem(Number.NaN)).toBe('Tolerance must be a number');
  });

  it('reads a stored result that names no tolerance as scored at 1.2, the tolerance of its time', () => {
    const stored = { ...scoreAjs(samba, { tolerance: 1.2 }), system: 'ajs' as const, judges: [] };
    const { tolerance: _, ...old } = stored;
    expect(readStoredAjs(old as typeof stored).tolerance).toBe(1.2);
    expect(readStoredAjs({ ...stored, tolerance: 1.5 }).tolerance).toBe(1.5);
  });
});

describe('totals to two decimals, half up (formatAjsTotal)', () => {
  it('rounds a half hundredth up, though binary floating point stores it just below', () => {
    // Each of these is stored a hair below its .xx5 (32.675 is 32.67499999999999715…).
    expect(formatAjsTotal(32.675)).toBe('32.68');
    expect(formatAjsTotal(2.675)).toBe('2.68');
    expect(formatAjsTotal(1.005)).toBe('1.01');
    expect(formatAjsTotal(8.345)).toBe('8.35');
    expect(formatAjsTotal(70.115)).toBe('70.12');
    expect(formatAjsTotal(8.1875 + 8.1875 + 8.15 + 8.15)).toBe('32.68');
  });
  it('rounds below a half hundredth down and pads to two decimals', () => {
    expect(formatAjsTotal(32.674)).toBe('32.67');
    expect(formatAjsTotal(57 + 7 / 24)).toBe('57.29');
    expect(formatAjsTotal(31.6)).toBe('31.60');
    expect(formatAjsTotal(40)).toBe('40.00');
    expect(formatAjsTotal(14.625)).toBe('14.63');
    expect(formatAjsTotal(0.004)).toBe('0.00');
  });
});

describe('places on the unrounded totals (docs/ajs.md "Equal totals")', () => {
  it('places 32.6833 above 32.675 though both are shown 32.68', () => {
    const ranking = ajsPlaces({ '708': 32.675, '561': 32 + 41 / 60 });
    expect(ranking.map((r) => [r.couple, r.place, formatAjsTotal(r.total)])).toEqual([
      ['561', 1, '32.68'],
      ['708', 2, '32.68'],
    ]);
  });
  it('counts totals within 1e-9 as equal: sums in another order share the place', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point: the same total as 0.3.
    const ranking = ajsPlaces({ a: 0.1 + 0.2, b: 0.3, c: 0.25 });
    expect(ranking.map((r) => [r.couple, r.place])).toEqual([
      ['a', 1.5],
      ['b', 1.5],
      ['c', 3],
    ]);
    // Each couple keeps its own total.
    expect(ranking[0]!.total).toBe(0.1 + 0.2);
  });
  it('recalls by the same rule: equal totals at the cut-off are a tie for the chairman', () => {
    const r = ajsRecall({ a: 30.5, b: 7.6 + 8.2 + 7.6 + 8.2, c: 31.6, d: 20 }, 1);
    expect(r.tiedAtCutoff.sort()).toEqual(['b', 'c']);
    expect(r.recallIfTiesExcluded).toEqual([]);
    expect(r.tally.b).toBe(7.6 + 8.2 + 7.6 + 8.2);
    expect(ajsRecall({ a: 32.675, b: 32 + 41 / 60, c: 1 }, 1).recalled).toEqual(['b']);
  });
});
