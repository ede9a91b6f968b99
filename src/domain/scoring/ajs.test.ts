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
  ajsRecall,
  componentScore,
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
};

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
  const r = scoreAjs(example.ajs);

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

  it('adds the four components for a dance and the dances for the total (choice: equal weights)', () => {
    expect(r.dances.Waltz!['11']!.total).toBe(34.1);
    expect(r.dances.Waltz!['12']!.total).toBe(34.5);
    expect(r.dances.Waltz!['13']!.total).toBe(29.292);
    expect(r.dances.Tango!['11']!.total).toBe(36);
    expect(r.totals).toEqual({ '11': 70.1, '12': 68.5, '13': 57.292 });
    expect(r.componentTotals['13']).toEqual({ TQ: 14, MM: 14.667, PS: 14, CP: 14.625 });
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
    expect(engine.scoreAjs(example.ajs).places).toEqual(r.places);
  });
});

describe('component score: median and tolerance [JS]', () => {
  it('keeps a score exactly at the tolerance and drops one beyond it', () => {
    expect(componentScore({ a: 8, b: 8, c: 9.2 }).dropped).toEqual([]);
    expect(componentScore({ a: 8, b: 8, c: 9.25 }).dropped).toEqual(['c']);
    expect(componentScore({ a: 8, b: 8, c: 9.25 }).score).toBe(8);
  });
  it('uses the mean of the middle two as the median of an even count', () => {
    expect(componentScore({ a: 7, b: 8, c: 9, d: 10 }).median).toBe(8.5);
  });
  it('drops manipulative scores on both sides', () => {
    const w = componentScore({ a: 5, b: 8, c: 8, d: 8.5, e: 8.5, f: 10 });
    expect(w.dropped.sort()).toEqual(['a', 'f']);
    expect(w.score).toBe(8.25);
  });
  it('uses the scores nearest the median when none is within the tolerance (choice, see docs)', () => {
    // Two judges 3 apart (each 1.5 from their median), a panel split 5-5-5 / 9-9-9, and 4, 6 | 9, 9.
    expect(componentScore({ a: 6, b: 9 })).toMatchObject({ median: 7.5, dropped: [], score: 7.5 });
    expect(componentScore({ a: 5, b: 5, c: 5, d: 9, e: 9, f: 9 })).toMatchObject({ dropped: [], score: 7 });
    expect(componentScore({ a: 4, b: 6, c: 9, d: 9 })).toMatchObject({
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
    const all = scoreAjs(example.ajs);
    const winner = all.ranking[0]!.couple;
    const rest = scoreAjs(withoutAjsCouples(example.ajs, [winner]));
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
    const text = formatAjs(scoreAjs(example.ajs));
    expect(text).toContain('    11   8.600   8.500   9.000   8.000   34.100  TQ:F CP:L');
    expect(text).toContain('     3     13  14.000  14.667  14.000  14.625   57.292');
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
