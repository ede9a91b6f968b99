import { describe, expect, it } from 'vitest';
import { InvalidMarksError, recallTally } from './index.ts';

describe('Rule 1 recall: Jim Warren, "Tabulating DanceSport Competition Marks" (dancepartner.com), 10 couples × 7 judges', () => {
  // Each judge recalled six couples; the article's tally is 10:4 11:6 12:4 13:3 14:4 15:6 16:0 17:6
  // 18:7 19:2, with 10, 12 and 14 starred as tied.
  const couples = ['10', '11', '12', '13', '14', '15', '16', '17', '18', '19'];
  const marks = {
    Waltz: {
      A: ['11', '12', '14', '17', '18', '19'],
      B: ['10', '12', '14', '15', '17', '18'],
      C: ['10', '11', '13', '15', '17', '18'],
      D: ['10', '11', '12', '15', '17', '18'],
      E: ['11', '14', '15', '17', '18', '19'],
      F: ['10', '11', '13', '14', '15', '18'],
      G: ['11', '12', '13', '15', '17', '18'],
    },
  };

  it('tallies the published marks per couple', () => {
    const r = recallTally({ couples, requested: 6, marks });
    expect(r.tally).toEqual({
      '10': 4,
      '11': 6,
      '12': 4,
      '13': 3,
      '14': 4,
      '15': 6,
      '16': 0,
      '17': 6,
      '18': 7,
      '19': 2,
    });
    expect(r.markCountProblems).toEqual([]);
  });

  it('six requested: 10, 12 and 14 tie at the cut-off of 4 marks; both chairman options are offered', () => {
    const r = recallTally({ couples, requested: 6, marks });
    expect(r.cutoffMarks).toBe(4);
    expect(r.recalled).toEqual(['18', '11', '15', '17']);
    expect(r.tiedAtCutoff).toEqual(['10', '12', '14']);
    expect(r.recallIfTiesIncluded).toEqual(['18', '11', '15', '17', '10', '12', '14']);
    expect(r.recallIfTiesExcluded).toEqual(['18', '11', '15', '17']);
  });

  it('four requested: everyone at the cut-off of 6 fits, so there is no tie', () => {
    const r = recallTally({ couples, requested: 4, marks }, { requireExactCounts: false });
    expect(r.cutoffMarks).toBe(6);
    expect(r.recalled).toEqual(['18', '11', '15', '17']);
    expect(r.tiedAtCutoff).toEqual([]);
    expect(r.recallIfTiesIncluded).toEqual(r.recalled);
    expect(r.recallIfTiesExcluded).toEqual(r.recalled);
    // Every judge marked six, not four: reported, not refused.
    expect(r.markCountProblems).toHaveLength(7);
    expect(r.markCountProblems[0]!.message).toBe('A marked 6 couples in the Waltz; 4 were requested');
  });
});

describe('recallTally', () => {
  it('adds marks over dances and judges', () => {
    const r = recallTally({
      couples: ['1', '2', '3'],
      requested: 1,
      marks: { Waltz: { A: ['1'], B: ['2'] }, Tango: { A: ['1'], B: ['1'] } },
    });
    expect(r.tally).toEqual({ '1': 3, '2': 1, '3': 0 });
    expect(r.recalled).toEqual(['1']);
    expect(r.ranking).toEqual([
      { couple: '1', marks: 3 },
      { couple: '2', marks: 1 },
      { couple: '3', marks: 0 },
    ]);
  });

  it('recalls everyone when more are requested than danced', () => {
    const r = recallTally({ couples: ['5', '6'], requested: 7, marks: { Waltz: { A: ['5', '6'] } } });
    expect(r.recalled).toEqual(['5', '6']);
    expect(r.tiedAtCutoff).toEqual([]);
    expect(r.markCountProblems).toEqual([]);
  });

  it('a tie at zero marks: judges marked too few couples', () => {
    const r = recallTally({ couples: ['1', '2', '3', '4'], requested: 2, marks: { Waltz: { A: ['1'] } } });
    expect(r.recalled).toEqual(['1']);
    expect(r.tiedAtCutoff).toEqual(['2', '3', '4']);
    expect(r.markCountProblems).toEqual([
      {
        dance: 'Waltz',
        judge: 'A',
        marked: 1,
        requested: 2,
        message: 'A marked 1 couple in the Waltz; 2 were requested',
      },
    ]);
  });

  it('refuses a wrong count only when asked to', () => {
    const input = { couples: ['1', '2', '3'], requested: 2, marks: { Jive: { Bea: ['1', '2', '3'] } } };
    expect(() => recallTally(input)).not.toThrow();
    expect(() => recallTally(input, { requireExactCounts: true })).toThrowError(
      expect.objectContaining({ problem: 'wrong-recall-count', judge: 'Bea', dance: 'Jive' }),
    );
  });

  it('refuses unknown couples, couples marked twice and bad requests', () => {
    expect(() => recallTally({ couples: ['1'], requested: 1, marks: { Waltz: { A: ['9'] } } })).toThrowError(
      /A marked couple 9 in the Waltz, but that couple is not in this round/,
    );
    expect(() =>
      recallTally({ couples: ['1', '2'], requested: 1, marks: { Waltz: { A: ['1', '1'] } } }),
    ).toThrowError(expect.objectContaining({ problem: 'duplicate-couple', judge: 'A' }));
    expect(() => recallTally({ couples: ['1'], requested: 0, marks: {} })).toThrowError(InvalidMarksError);
    expect(() => recallTally({ couples: [], requested: 1, marks: {} })).toThrowError(/list of couples/);
    expect(() => recallTally({ couples: ['1', '1'], requested: 1, marks: {} })).toThrowError(/listed twice/);
  });
});
