import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  checkJudgeMarks,
  describeMissing,
  finalMarksFrom,
  MarkingError,
  missingMarks,
  recallInputFrom,
  recallsByJudge,
  type MarkingRound,
} from './marking.ts';
import { placeMultiDance, recallTally } from './scoring/index.ts';

const semi: MarkingRound = {
  kind: 'recall',
  dances: ['Waltz', 'Tango'],
  couples: ['10', '11', '12', '13', '14'],
  recallSize: 3,
};
const final: MarkingRound = { kind: 'final', dances: ['Waltz'], couples: ['10', '11', '12'], recallSize: 1 };
const judges = [
  { id: 1, label: 'A' },
  { id: 2, label: 'B' },
  { id: 3, label: 'C' },
];

const problem = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof MarkingError) return [e.problem, e.message];
    throw e;
  }
  return null;
};

describe("checking a judge's marks", () => {
  it('accepts the requested count, in couple order', () => {
    expect(checkJudgeMarks(semi, { Waltz: ['12', '10', '11'] }, false)).toEqual([
      { dance: 'Waltz', value: ['10', '11', '12'], countProblem: null },
    ]);
  });

  it('refuses a wrong count with "2 of 3 marked" unless overridden', () => {
    expect(problem(() => checkJudgeMarks(semi, { Waltz: ['10', '11'] }, false))).toEqual([
      'count',
      expect.stringContaining('2 of 3 marked in the Waltz'),
    ]);
    expect(checkJudgeMarks(semi, { Waltz: ['10', '11'] }, true)[0]?.countProblem).toContain('2 of 3 marked');
  });

  it('asks for every couple when fewer danced than the recall size', () => {
    const small = { ...semi, recallSize: 7 };
    expect(checkJudgeMarks(small, { Waltz: [...small.couples] }, false)[0]?.countProblem).toBeNull();
  });

  it('refuses unknown dances and couples, and a couple marked twice', () => {
    expect(problem(() => checkJudgeMarks(semi, { Rumba: ['10', '11', '12'] }, false))?.[0]).toBe(
      'unknown-dance',
    );
    expect(problem(() => checkJudgeMarks(semi, { Waltz: ['10', '11', '99'] }, false))?.[0]).toBe(
      'unknown-couple',
    );
    expect(problem(() => checkJudgeMarks(semi, { Waltz: ['10', '10', '11'] }, false))?.[0]).toBe('invalid');
    expect(problem(() => checkJudgeMarks(semi, {}, false))?.[0]).toBe('invalid');
  });

  it('needs every finalist placed 1..n once', () => {
    expect(checkJudgeMarks(final, { Waltz: { '12': 1, '10': 2, '11': 3 } }, false)[0]?.value).toEqual({
      '10': 2,
      '11': 3,
      '12': 1,
    });
    expect(problem(() => checkJudgeMarks(final, { Waltz: { '10': 1, '11': 1, '12': 3 } }, false))?.[0]).toBe(
      'invalid',
    );
    expect(problem(() => checkJudgeMarks(final, { Waltz: { '10': 1, '11': 2 } }, false))).toEqual([
      'invalid',
      expect.stringContaining('couple 12 has none'),
    ]);
    expect(problem(() => checkJudgeMarks(final, { Waltz: { '10': 1, '11': 2, '12': 4 } }, false))?.[0]).toBe(
      'invalid',
    );
    expect(problem(() => checkJudgeMarks(final, { Waltz: ['10', '11', '12'] }, false))?.[0]).toBe('invalid');
  });
});

describe('from stored marks to the engine', () => {
  it('names who has not marked which dance', () => {
    const stored = [{ officialId: 1, dance: 'Waltz', value: ['10', '11', '12'] }];
    const missing = missingMarks(judges, semi.dances, stored);
    expect(missing).toHaveLength(5);
    expect(missing[0]).toEqual({ officialId: 1, judge: 'A', dance: 'Tango' });
    expect(describeMissing(missing, 2)).toBe(
      'Judge A has not marked the Tango; Judge B has not marked the Waltz (and 3 more).',
    );
  });

  it('builds the recall tally input and the per-judge counts', () => {
    const stored = judges.flatMap((j) =>
      semi.dances.map((dance) => ({
        officialId: j.id,
        dance,
        value: j.id === 3 ? ['10', '11', '14'] : ['10', '11', '12'],
      })),
    );
    const result = recallTally(recallInputFrom(semi, judges, stored));
    expect(result.tally).toEqual({ '10': 6, '11': 6, '12': 4, '13': 0, '14': 2 });
    expect(result.recalled).toEqual(['10', '11', '12']);
    expect(recallsByJudge(semi, judges, stored)['14']).toEqual({ A: 0, B: 0, C: 2 });
  });

  it("puts each judge's places in panel order for the Skating System", () => {
    const stored = [
      { officialId: 2, dance: 'Waltz', value: { '10': 2, '11': 1, '12': 3 } },
      { officialId: 1, dance: 'Waltz', value: { '10': 1, '11': 2, '12': 3 } },
      { officialId: 3, dance: 'Waltz', value: { '10': 1, '11': 3, '12': 2 } },
    ];
    const marks = finalMarksFrom(final, judges, stored);
    expect(marks.Waltz).toEqual({ '10': [1, 2, 1], '11': [2, 1, 3], '12': [3, 3, 2] });
    expect(placeMultiDance(marks).places).toEqual({ '10': 1, '11': 2, '12': 3 });
  });

  it('compares marks regardless of order', () => {
    expect(canonicalJson({ b: ['11', '9'], a: 1 })).toBe(canonicalJson({ a: 1, b: ['9', '11'] }));
    expect(canonicalJson(['1', '2'])).not.toBe(canonicalJson(['1', '3']));
  });
});
