import { describe, expect, it } from 'vitest';
import type { MarkingRound, StoredMark } from '../marking.ts';
import { InvalidMarksError } from '../scoring/errors.ts';
import {
  MarksMissingError,
  NoPanelError,
  scoreRound,
  TieDecisionNeededError,
  type RoundToScore,
} from './roundResult.ts';

const judges = [
  { id: 1, label: 'A' },
  { id: 2, label: 'B' },
];
const semi: MarkingRound = {
  kind: 'recall',
  dances: ['Waltz'],
  couples: ['10', '11', '12', '13'],
  recallSize: 2,
};
const final: MarkingRound = { kind: 'final', dances: ['Waltz'], couples: ['10', '11', '12'], recallSize: 1 };

const round = (over: Partial<RoundToScore>): RoundToScore => ({
  label: 'Semi-final of Gold Waltz',
  eventName: 'Gold Waltz',
  roundNumber: 2,
  hasNextRound: true,
  marking: semi,
  ajsTolerance: 1.5,
  judges,
  marks: [],
  out: new Map(),
  ...over,
});
const recall = (officialId: number, couples: string[]): StoredMark => ({
  officialId,
  dance: 'Waltz',
  value: couples,
});
const places = (officialId: number, value: Record<string, number>): StoredMark => ({
  officialId,
  dance: 'Waltz',
  value,
});

describe('scoreRound', () => {
  it('recalls the couples with the most marks, with the tally by judge', () => {
    const r = scoreRound(round({ marks: [recall(1, ['10', '11']), recall(2, ['10', '11'])] }), undefined);
    expect(r.kind).toBe('recall');
    expect(r.recalled).toEqual(['10', '11']);
    expect(r.sumRecalls).toEqual({ '10': 2, '11': 2, '12': 0, '13': 0 });
    expect(r.extra?.byJudge['10']).toEqual({ A: 1, B: 1 });
  });

  it('refuses a round without a panel', () => {
    const score = () => scoreRound(round({ judges: [] }), undefined);
    expect(score).toThrow(NoPanelError);
    expect(score).toThrow('Gold Waltz has no judges to mark it.');
  });

  it('refuses while marks are missing, naming judge and dance', () => {
    const score = () => scoreRound(round({ marks: [recall(1, ['10', '11'])] }), undefined);
    expect(score).toThrow(MarksMissingError);
    expect(score).toThrow(
      'Semi-final of Gold Waltz cannot be computed yet: Judge B has not marked the Waltz.',
    );
  });

  it('asks the chairman about a tie at the cut-off, then recalls as decided', () => {
    const tied = round({ marks: [recall(1, ['10', '11']), recall(2, ['10', '12'])] });
    let asked: TieDecisionNeededError | undefined;
    try {
      scoreRound(tied, undefined);
    } catch (err) {
      asked = err as TieDecisionNeededError;
    }
    expect(asked).toBeInstanceOf(TieDecisionNeededError);
    expect(asked?.message).toBe(
      '2 couples (11, 12) are tied at the cut-off with 1 marks: recall all of them (3 couples) or none of them (1 couples).',
    );
    expect(asked?.options).toEqual({
      includeTied: { count: 3, recalled: ['10', '11', '12'] },
      excludeTied: { count: 1, recalled: ['10'] },
    });
    expect(scoreRound(tied, 'excludeTied').recalled).toEqual(['10']);
    expect(scoreRound(tied, 'includeTied').recalled).toEqual(['10', '11', '12']);
  });

  it("does not count a disqualified couple's marks: the couple below reaches the cut-off", () => {
    const out = new Map([['11', { fromRound: 2, keepsPlace: false }]]);
    const r = scoreRound(
      round({ out, marks: [recall(1, ['10', '11']), recall(2, ['10', '12'])] }),
      undefined,
    );
    expect(r.sumRecalls?.['11']).toBe(0);
    expect(r.recalled).toEqual(['10', '12']);
  });

  it('places a final by the Skating System; a finalist who withdrew during it keeps the last place', () => {
    const marks = [places(1, { '10': 1, '11': 2, '12': 3 }), places(2, { '10': 1, '11': 2, '12': 3 })];
    const base = { marking: final, hasNextRound: false, label: 'Final of Gold Waltz', roundNumber: 3 };
    expect(scoreRound(round({ ...base, marks }), undefined).placements).toEqual({
      '10': 1,
      '11': 2,
      '12': 3,
    });
    const out = new Map([['10', { fromRound: 3, keepsPlace: true }]]);
    expect(scoreRound(round({ ...base, marks, out }), undefined).placements).toEqual({
      '11': 1,
      '12': 2,
      '10': 3,
    });
  });

  it('passes on marks the rules cannot be applied to', () => {
    const marks = [places(1, { '10': 1, '11': 1, '12': 3 }), places(2, { '10': 1, '11': 2, '12': 3 })];
    expect(() => scoreRound(round({ marking: final, hasNextRound: false, marks }), undefined)).toThrow(
      InvalidMarksError,
    );
  });

  it("scores an AJS final with the event's tolerance and stores the value it used", () => {
    // Three judges each score all four components: couple 10's 9.25 is 1.25 from the median 8.
    const panel = [...judges, { id: 3, label: 'C' }];
    const all = ['TQ', 'MM', 'PS', 'CP'] as const;
    const ajs: MarkingRound = {
      kind: 'ajs',
      dances: ['Waltz'],
      couples: ['10', '11'],
      recallSize: 1,
      ajsComponents: { '1': [...all], '2': [...all], '3': [...all] },
    };
    const scores = (s10: number, s11: number) => ({
      '10': Object.fromEntries(all.map((c) => [c, s10])),
      '11': Object.fromEntries(all.map((c) => [c, s11])),
    });
    const marks: StoredMark[] = [
      { officialId: 1, dance: 'Waltz', value: scores(8, 8.25) },
      { officialId: 2, dance: 'Waltz', value: scores(8, 8.25) },
      { officialId: 3, dance: 'Waltz', value: scores(9.25, 8.25) },
    ];
    const at = (ajsTolerance: number) =>
      scoreRound(round({ marking: ajs, judges: panel, hasNextRound: false, marks, ajsTolerance }), undefined);
    const open = at(1.5);
    expect(open.placements).toEqual({ '10': 1, '11': 2 });
    expect(open.finalTable).toMatchObject({ system: 'ajs', tolerance: 1.5 });
    const grandSlam = at(1.2);
    expect(grandSlam.placements).toEqual({ '10': 2, '11': 1 });
    expect(grandSlam.finalTable).toMatchObject({ system: 'ajs', tolerance: 1.2 });
  });
});
