/** The judging report's flags as data (`why`), one for one with the English `reasons` worded from them. */
import { describe, expect, it } from 'vitest';
import { judgeFlagText, judgeVerdicts, type JudgeVerdict } from './judgingReport.ts';
import { judgeFlag } from './schemas/judgingReport.ts';
import { placeMultiDance, scoreAjs } from './scoring/index.ts';
import { byJudge, FIVE_JUDGES, REVERSING_JUDGE_WALTZ } from './judgingReport.fixture.ts';

/** Every verdict's reasons are its flags in English, and every flag passes the API's schema. */
function expectOneForOne(vs: JudgeVerdict[]) {
  for (const v of vs) {
    expect(v.why.map(judgeFlagText)).toEqual(v.reasons);
    expect(v.flagged).toBe(v.why.length > 0);
    for (const f of v.why) expect(judgeFlag.parse(JSON.parse(JSON.stringify(f)))).toEqual(f);
  }
}

describe('why a judge is flagged, as data', () => {
  it('a Skating final: placings far away and the deviation against the panel', () => {
    const one = placeMultiDance({ Waltz: REVERSING_JUDGE_WALTZ }, FIVE_JUDGES);
    const vs = judgeVerdicts({ system: 'skating-final', final: one });
    expectOneForOne(vs);
    expect(byJudge(vs).E!.why).toEqual([
      { kind: 'farAway', count: 4, places: 2, dances: 1 },
      { kind: 'finalDeviation', deviation: 3, panel: 0 },
    ]);
    // Two dances: placings, not couples.
    const two = placeMultiDance(
      {
        Waltz: { '1': [1, 1, 3], '2': [2, 2, 2], '3': [3, 3, 1] },
        Tango: { '1': [1, 1, 3], '2': [2, 2, 2], '3': [3, 3, 1] },
      },
      { judges: ['A', 'B', 'C'] },
    );
    const c = byJudge(judgeVerdicts({ system: 'skating-final', final: two })).C!;
    expectOneForOne([c]);
    expect(c.why).toEqual([
      { kind: 'farAway', count: 4, places: 2, dances: 2 },
      { kind: 'finalDeviation', deviation: 1.33, panel: 0 },
    ]);
    expect(c.reasons[0]).toBe('4 placings 2+ places away in the final (2 dances)');
  });

  it('a recall: the share of crosses to couples not recalled', () => {
    const vs = judgeVerdicts({
      system: 'skating-recall',
      dances: 2,
      crosses: {
        '11': { A: 2, B: 2, C: 1 },
        '12': { A: 2, B: 2, C: 1 },
        '13': { A: 2, B: 2, C: 0 },
        '14': { A: 0, B: 0, C: 2 },
        '15': { A: 0, B: 0, C: 1 },
        '16': { A: 0, B: 0, C: 1 },
      },
      recalled: ['11', '12', '13'],
    });
    expectOneForOne(vs);
    expect(byJudge(vs).C!.why).toEqual([
      { kind: 'recallShare', count: 4, crosses: 6, share: 0.67, panel: 0 },
    ]);
  });

  it('AJS: a component far from its median, and scores dropped by the tolerance', () => {
    const result = scoreAjs(
      {
        Samba: {
          A: { '21': { TQ: 8, PS: 8 }, '22': { TQ: 7, PS: 7 } },
          B: { '21': { TQ: 8, PS: 8 }, '22': { TQ: 7, PS: 7 } },
          C: { '21': { TQ: 8, PS: 8 }, '22': { TQ: 7, PS: 7 } },
          F: { '21': { MM: 8, CP: 8 }, '22': { MM: 7, CP: 7 } },
          G: { '21': { MM: 8, CP: 8 }, '22': { MM: 7, CP: 7 } },
          J: { '21': { MM: 6, CP: 8 }, '22': { MM: 9, CP: 7 } },
        },
      },
      { tolerance: 1.5 },
    );
    const vs = judgeVerdicts({ system: 'ajs', dances: result.dances });
    expectOneForOne(vs);
    expect(byJudge(vs).J!.why).toEqual([
      { kind: 'ajsMean', component: 'MM', mean: 2, panel: 0 },
      { kind: 'ajsDropped', component: 'MM', dropped: 2, scores: 2 },
    ]);
  });
});
