import { describe, expect, it } from 'vitest';
import {
  deviationText,
  JUDGING_REPORT_CSV_HEADER,
  judgeVerdicts,
  judgingReportCsv,
} from './judgingReport.ts';
import { placeMultiDance, recallTally, scoreAjs, type AjsScores } from './scoring/index.ts';
import { parseCsv } from './csv.ts';
import { byJudge, FIVE_JUDGES, REVERSING_JUDGE_WALTZ } from './judgingReport.fixture.ts';

describe('a Skating final', () => {
  const final = placeMultiDance({ Waltz: REVERSING_JUDGE_WALTZ }, FIVE_JUDGES);
  const v = byJudge(judgeVerdicts({ system: 'skating-final', final }));

  it('counts how far each place is from the official place', () => {
    expect(final.places).toEqual({ '11': 1, '12': 2, '13': 3, '14': 4, '15': 5, '16': 6 });
    const e = v.E!;
    expect(e.details).toMatchObject({ system: 'skating-final', sum: 18, marks: 6 });
    // E: 6 for 1st, 5 for 2nd, 4 for 3rd, 3 for 4th, 2 for 5th, 1 for 6th.
    if (e.details.system !== 'skating-final') throw new Error('not a final');
    expect(e.details.farAway.map((f) => [f.couple, f.own, f.official, f.away])).toEqual([
      ['11', 6, 1, 5],
      ['12', 5, 2, 3],
      ['15', 2, 5, 3],
      ['16', 1, 6, 5],
    ]);
    expect(e.deviation).toBe(3);
    expect(v.D!.deviation).toBe(0.33); // 2 places away over 6 couples
    expect(v.A!.deviation).toBe(0);
  });

  it('flags the judge far from the result, not the one who swapped two couples', () => {
    expect(v.E!.panelDeviation).toBe(0);
    expect(v.E!.flagged).toBe(true);
    expect(v.E!.reasons).toEqual([
      '4 couples 2+ places away in the final',
      "mean 3 places from the official place, the panel's median 0",
    ]);
    // 0.33 places per couple is under the 0.5 floor: one swap of neighbours is not worth raising.
    expect(v.D!.flagged).toBe(false);
    expect(v.D!.reasons).toEqual([]);
    expect(v.A!.flagged).toBe(false);
  });

  it('measures a multi-dance final dance by dance, against each dance’s official place', () => {
    const multi = placeMultiDance(
      {
        Waltz: { '1': [1, 1, 2], '2': [2, 2, 1], '3': [3, 3, 3] },
        Tango: { '1': [2, 2, 3], '2': [1, 1, 1], '3': [3, 3, 2] },
      },
      { judges: ['A', 'B', 'C'] },
    );
    const c = byJudge(judgeVerdicts({ system: 'skating-final', final: multi })).C!;
    if (c.details.system !== 'skating-final') throw new Error('not a final');
    // Waltz: C gave 2 to the winner 1 and 1 to 2 (1 + 1); Tango: 3 to 1 (2nd), 2 to 3 (3rd): 1 + 1.
    expect(c.details.dances.map((d) => [d.dance, d.sum])).toEqual([
      ['Waltz', 2],
      ['Tango', 2],
    ]);
    expect(c.details.marks).toBe(6);
    expect(c.deviation).toBe(0.67);
    expect(c.details.farAway).toEqual([]);
    // Twice the panel's median (0) and over the floor: the only judge who disagreed, in both dances.
    expect(c.flagged).toBe(true);
  });
});

describe('a recall round', () => {
  // Two dances, three couples asked for. A and B mark 11, 12, 13 in both; C marks 14, 15, 16 in the
  // Waltz and 11, 12, 14 in the Tango.
  const input = {
    couples: ['11', '12', '13', '14', '15', '16'],
    requested: 3,
    marks: {
      Waltz: { A: ['11', '12', '13'], B: ['11', '12', '13'], C: ['14', '15', '16'] },
      Tango: { A: ['11', '12', '13'], B: ['11', '12', '13'], C: ['11', '12', '14'] },
    },
  };
  const tally = recallTally(input);
  const crosses: Record<string, Record<string, number>> = {};
  for (const c of input.couples) crosses[c] = { A: 0, B: 0, C: 0 };
  for (const byJudge of Object.values(input.marks))
    for (const [j, cs] of Object.entries(byJudge)) for (const c of cs) crosses[c]![j]! += 1;
  const v = byJudge(
    judgeVerdicts({ system: 'skating-recall', dances: 2, crosses, recalled: tally.recalled }),
  );

  it('counts crosses given to couples not recalled and withheld from couples recalled', () => {
    expect(tally.recalled).toEqual(['11', '12', '13']);
    expect(v.C!.details).toEqual({
      system: 'skating-recall',
      crossesGiven: 6,
      toNotRecalled: { count: 4, couples: ['14', '15', '16'] },
      withheldFromRecalled: { count: 4, couples: ['11', '12', '13'] },
    });
    expect(v.C!.deviation).toBe(0.67);
    expect(v.A!.details).toMatchObject({ toNotRecalled: { count: 0 }, withheldFromRecalled: { count: 0 } });
  });

  it('flags the judge whose crosses went mostly to couples not recalled', () => {
    expect(v.C!.flagged).toBe(true);
    expect(v.C!.reasons).toEqual(["4 of 6 crosses (67%) to couples not recalled, the panel's median 0%"]);
    expect(v.A!.flagged).toBe(false);
    expect(v.B!.flagged).toBe(false);
  });
});

describe('an AJS round', () => {
  // Ten judges in two groups of five: A–E score TQ + PS, F–J MM + CP. Two couples, one dance. J's
  // MM is far from the others' for both couples (dropped by the tolerance); F's MM a little off.
  const group1 = { TQ: 8, PS: 8 };
  const scores: AjsScores = {
    Samba: {
      A: { '21': group1, '22': { TQ: 7, PS: 7 } },
      B: { '21': group1, '22': { TQ: 7, PS: 7 } },
      C: { '21': group1, '22': { TQ: 7, PS: 7.25 } },
      D: { '21': group1, '22': { TQ: 7.25, PS: 7 } },
      E: { '21': group1, '22': { TQ: 7, PS: 7 } },
      F: { '21': { MM: 8.5, CP: 8 }, '22': { MM: 7.5, CP: 7 } },
      G: { '21': { MM: 8, CP: 8 }, '22': { MM: 7, CP: 7 } },
      H: { '21': { MM: 8, CP: 8 }, '22': { MM: 7, CP: 7 } },
      I: { '21': { MM: 8, CP: 8 }, '22': { MM: 7, CP: 7 } },
      J: { '21': { MM: 6, CP: 8 }, '22': { MM: 9, CP: 7 } },
    },
  };
  const result = scoreAjs(scores, { tolerance: 1.5 });
  const v = byJudge(judgeVerdicts({ system: 'ajs', dances: result.dances }));

  it('measures each component against its median and lists the scores the tolerance dropped', () => {
    if (v.J!.details.system !== 'ajs') throw new Error('not AJS');
    expect(v.J!.details.components).toEqual([
      {
        component: 'MM',
        scores: 2,
        meanFromMedian: 2,
        panelMeanFromMedian: 0,
        dropped: [
          { dance: 'Samba', couple: '21', score: 6, median: 8 },
          { dance: 'Samba', couple: '22', score: 9, median: 7 },
        ],
      },
      { component: 'CP', scores: 2, meanFromMedian: 0, panelMeanFromMedian: 0, dropped: [] },
    ]);
    // Over all of J's scores: (2 + 2 + 0 + 0) / 4.
    expect(v.J!.deviation).toBe(1);
    if (v.F!.details.system !== 'ajs') throw new Error('not AJS');
    expect(v.F!.details.components[0]).toMatchObject({ component: 'MM', meanFromMedian: 0.5, dropped: [] });
  });

  it('flags the judge far from the median, not the one a little off', () => {
    expect(v.J!.flagged).toBe(true);
    expect(v.J!.reasons).toEqual([
      "mean 2 from the median in MM, the panel's median 0",
      '2 of 2 MM scores dropped by the tolerance',
    ]);
    // F is 0.5 off in MM for both couples: at the floor and over twice the panel's 0, so raised too;
    // D is 0.25 off in one TQ score: under the floor.
    expect(v.F!.flagged).toBe(true);
    expect(v.D!.flagged).toBe(false);
    expect(v.A!.flagged).toBe(false);
  });

  it('writes the report as CSV, one line per judge and round', () => {
    const csv = judgingReportCsv({
      judges: [
        {
          officialId: 10,
          name: 'Jo Judge',
          label: 'J',
          rounds: [
            {
              eventKey: 'latin',
              eventName: 'Adult Latin',
              roundNumber: 2,
              roundName: 'Final',
              system: 'ajs',
              ...v.J!,
            },
          ],
        },
      ],
    });
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([...JUDGING_REPORT_CSV_HEADER]);
    expect(rows[1]?.slice(0, 8)).toEqual(['Jo Judge', 'J', 'Adult Latin', 'Final', 'AJS', '1', '0', 'yes']);
    expect(rows[1]?.[8]).toContain('mean 2 from the median in MM');
    expect(rows[1]?.[9]).toContain('MM: mean 2 from the median (panel 0), dropped 2');
  });

  it('says a deviation in its unit, one point and one place in the singular', () => {
    expect(deviationText('ajs', 1)).toBe('1 point');
    expect(deviationText('ajs', 2.5)).toBe('2.5 points');
    expect(deviationText('skating-final', 1)).toBe('1 place');
    expect(deviationText('skating-final', 0.33)).toBe('0.33 places');
    expect(deviationText('skating-recall', 0.5)).toBe('50%');
  });
});
