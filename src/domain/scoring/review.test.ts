/**
 * Independent review of the scoring engine. Every expected result below was worked out by hand from
 * shared/docs/domain.md (the reasoning is beside each case), or is a published result whose source is
 * named in the test. Helpers are local on purpose: nothing here reuses the engine's own test helpers.
 */
import { describe, expect, it } from 'vitest';
import { InvalidMarksError, placeMultiDance, placeSingleDance, recallTally } from './index.ts';
import type { DanceMarks, FinalMarks } from './types.ts';

/** "11 1 1 2\n12 2 2 1" → { '11': [1,1,2], '12': [2,2,1] } (couple, then one mark per judge). */
function rows(text: string): DanceMarks {
  return Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((line) => {
        const [couple, ...marks] = line.trim().split(/\s+/);
        return [couple as string, marks.map(Number)];
      }),
  );
}

/** One judge per dance: the per-dance places themselves, written couple by couple. */
function placesFinal(dances: readonly string[], byCouple: Record<string, readonly number[]>): FinalMarks {
  return Object.fromEntries(
    dances.map((d, i) => [
      d,
      Object.fromEntries(Object.entries(byCouple).map(([c, p]) => [c, [p[i] as number]])),
    ]),
  );
}

function expectInvalid(f: () => unknown, fields: Partial<InvalidMarksError>): void {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(InvalidMarksError);
  expect(caught).toMatchObject(fields);
}

// ---------------------------------------------------------------------------------------------------
// Single dance (Rules 5–8)
// ---------------------------------------------------------------------------------------------------

/**
 * 7 couples, 5 judges, majority 3.
 * Column 1: 11 has three 1sts → 1st (Rule 5). Column 2: 12, 13, 14 each have only 2 → nobody (Rule 8).
 * Column 3: 12 4(9), 13 3(6), 14 3(7): all three placed here → 12 2nd (Rule 6), 13 3rd, 14 4th (Rule 7).
 * 5th is looked for in the NEXT column, 1-4: only 15 has a majority, 3(12) → 5th. Column 1-5: 16 5 → 6th.
 * 17 7th. (Looking for 5th in column 1-5, "the column numbered like the place", would give 16 5(23)
 * ahead of 15 3(12) — the wrong answer under domain.md.)
 */
const sevenCouples = rows(`
  11 1 1 1 2 3
  12 2 3 3 1 5
  13 3 2 6 5 1
  14 6 6 2 3 2
  15 4 4 4 7 7
  16 5 5 5 4 4
  17 7 7 7 6 6`);

/**
 * 5 couples, 5 judges. 31: three 1sts → 1st. 32: five marks 1-2 → 2nd. Column 1-3: 33 and 34 are
 * both 3(8); 1-4: both 5(16); 1-5: both 5(16): equal to the last column → they share 3rd–4th = 3.5
 * each. 35 takes the next free place, 5th (column 1-4: 1 mark; 1-5: 5).
 */
const sharedAfterSeveralColumns = rows(`
  31 1 1 1 4 5
  32 2 2 2 1 1
  33 3 3 4 2 4
  34 4 4 3 3 2
  35 5 5 5 5 3`);

/**
 * 5 couples, 5 judges. 21: three 1sts → 1st. Column 1-2: 22 and 23 both 3(5) (24 has 1) → equal count
 * and sum; for JUST those two, column 1-3: 22 4(8), 23 3(5) → 22 2nd, 23 3rd (count before sum).
 * Only then column 1-3 for 4th: 24 5 → 4th, although in column 1-3 it has more marks (5) than 22 (4):
 * 24 had no majority in column 1-2 and must not join the comparison. 25 5th.
 */
const nextColumnOnlyForTied = rows(`
  21 1 1 1 4 5
  22 2 2 4 1 3
  23 4 5 2 2 1
  24 3 3 3 3 2
  25 5 4 5 5 4`);

/**
 * 9 judges, majority 5. Column 1: 81 3, 82 4 → none. Column 1-2: 81 6(9), 82 5(6): both have a
 * majority; the larger majority wins (Rule 6) although 82 has more 1sts and the lower sum → 81 1st,
 * 82 2nd. Column 1-3: 83 8(19), 84 8(20): equal count, lower sum → 83 3rd (Rule 7), 84 4th.
 */
const nineJudges = rows(`
  81 1 1 1 2 2 4 4 4 2
  82 4 4 4 1 1 1 1 2 4
  83 2 2 2 4 3 3 3 1 3
  84 3 3 3 3 4 2 2 3 1`);

/**
 * 11 judges, majority 6. Column 1: 3, 3, 3, 2 → none. Column 1-2: 91 6(9), 92 6(9), 93 5, 94 5 →
 * 91 and 92 equal in count and sum. Column 1-3 for just them: 91 10(21), 92 8(15): the larger count
 * wins even though 92's sum is lower → 91 1st, 92 2nd. Next column 1-3: 93 8, 94 7 → 93 3rd, 94 4th.
 */
const elevenJudges = rows(`
  91 1 1 2 2 3 3 3 4 2 1 3
  92 2 2 1 1 4 4 4 3 3 2 1
  93 3 3 4 4 1 1 1 2 4 3 2
  94 4 4 3 3 2 2 2 1 1 4 4`);

describe('review: single dance, hand-computed from domain.md', () => {
  it('7-couple final: three couples get a majority in column 1-3 together; 5th is then found in column 1-4', () => {
    const { places, table } = placeSingleDance(sevenCouples);
    expect(places).toEqual({ '11': 1, '12': 2, '13': 3, '14': 4, '15': 5, '16': 6, '17': 7 });
    const row = (c: string) => table.rows.find((r) => r.couple === c);
    expect(row('12')?.decidedInColumn).toBe(3);
    expect(row('15')?.decidedInColumn).toBe(4);
  });

  it('equal count and sum carried from column 1-3 to the last column: 3rd–4th shared as 3.5, next couple 5th', () => {
    const { places, table } = placeSingleDance(sharedAfterSeveralColumns);
    expect(places).toEqual({ '31': 1, '32': 2, '33': 3.5, '34': 3.5, '35': 5 });
    expect(table.rows.filter((r) => r.rule === 'Shared').map((r) => r.couple)).toEqual(['33', '34']);
  });

  it('Rule 7 next column compares only the tied couples; a couple without a majority earlier waits its turn', () => {
    expect(placeSingleDance(nextColumnOnlyForTied).places).toEqual({
      '21': 1,
      '22': 2,
      '23': 3,
      '24': 4,
      '25': 5,
    });
  });

  it('9-judge panel: larger majority beats more 1sts and a lower sum (Rule 6), then Rule 7 by sum', () => {
    const { places, table } = placeSingleDance(nineJudges);
    expect(table.majority).toBe(5);
    expect(places).toEqual({ '81': 1, '82': 2, '83': 3, '84': 4 });
  });

  it('11-judge panel: Rule 7 next column decides by count before sum', () => {
    const { places, table } = placeSingleDance(elevenJudges);
    expect(table.majority).toBe(6);
    expect(places).toEqual({ '91': 1, '92': 2, '93': 3, '94': 4 });
  });

  it('2-couple final, 3 judges: two 1sts is a majority', () => {
    // 12 has 1sts from judges B and C: 2 of 3 → 1st.
    expect(placeSingleDance(rows('11 1 2 2\n12 2 1 1')).places).toEqual({ '11': 2, '12': 1 });
  });

  it('2-couple final, 4 judges split 2–2: no majority of 1sts, equal 4(6) in column 1-2 → both 1.5', () => {
    // Majority of 4 is 3. Column 1: 2 and 2. Column 1-2 (the last): both 4 marks, sum 6 → shared.
    expect(placeSingleDance(rows('11 1 1 2 2\n12 2 2 1 1')).places).toEqual({ '11': 1.5, '12': 1.5 });
  });

  it('1-couple final', () => {
    expect(placeSingleDance({ '5': [1, 1, 1, 1, 1] }).places).toEqual({ '5': 1 });
    expect(placeMultiDance({ Waltz: { '5': [1, 1, 1] }, Tango: { '5': [1, 1, 1] } })).toMatchObject({
      places: { '5': 1 },
      totals: { '5': 2 },
    });
  });

  it('placing does not depend on the order of the judges, as long as it is the same for every couple', () => {
    // Reverse the judge order for everybody: a different column of numbers, the same places.
    for (const marks of [sevenCouples, nineJudges, elevenJudges, sharedAfterSeveralColumns]) {
      const reordered = Object.fromEntries(Object.entries(marks).map(([c, m]) => [c, [...m].reverse()]));
      expect(placeSingleDance(reordered).places).toEqual(placeSingleDance(marks).places);
    }
  });

  it('placeMultiDance with one dance gives exactly the placeSingleDance places (totals = places)', () => {
    // Shared places (33/34 on 3.5) tie on total too; Rules 10 and 11 must then share them again.
    for (const marks of [
      sevenCouples,
      sharedAfterSeveralColumns,
      nextColumnOnlyForTied,
      nineJudges,
      elevenJudges,
    ]) {
      const single = placeSingleDance(marks).places;
      const multi = placeMultiDance({ Rumba: marks });
      expect(multi.places).toEqual(single);
      expect(multi.totals).toEqual(single);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// Several dances (Rules 9–11)
// ---------------------------------------------------------------------------------------------------

describe('review: several dances, hand-computed from domain.md', () => {
  it('Rule 11 with three couples: the winner takes P, the other two go back to Rule 10 for P+1', () => {
    // Per dance (3 judges, majority 2): Waltz 51 1st, 52 2nd, 53 3rd, 54 4th; Tango 52, 54, 53, 51;
    // Foxtrot 53, 51, 54, 52. Totals 51, 52, 53 = 7, 54 = 9.
    // Rule 10 for 1st: each of 51, 52, 53 has one 1st (sum 1) → Rule 11 over 9 marks, majority 5.
    //   Column 1: 3, 2, 4 → none. Column 1-2: 51 6(9), 52 5(8), 53 5(6) → 51 1st (largest majority).
    // Back to Rule 10 for 2nd (NOT further down the Rule 11 table, where 53 5(6) would beat 52 5(8)):
    //   52 has two dances 2nd or better (2+1), 53 one → 52 2nd, 53 3rd.
    const final: FinalMarks = {
      Waltz: rows('51 1 1 2\n52 2 2 3\n53 3 3 1\n54 4 4 4'),
      Tango: rows('51 4 4 4\n52 1 1 2\n53 3 3 1\n54 2 2 3'),
      Foxtrot: rows('51 2 2 1\n52 4 4 4\n53 1 1 2\n54 3 3 3'),
    };
    const r = placeMultiDance(final);
    expect(r.totals).toEqual({ '51': 7, '52': 7, '53': 7, '54': 9 });
    expect(r.places).toEqual({ '51': 1, '52': 2, '53': 3, '54': 4 });
    expect(r.steps.map((s) => [s.rule, s.place, s.awarded])).toEqual([
      ['Rule 11', 1, ['51']],
      ['Rule 10', 2, ['52']],
      ['Rule 10', 3, ['53']],
    ]);
    expect(r.steps[0]?.rule11?.majority).toBe(5);
  });

  it('Rule 10 decided by the sum of places with a shared 2.5 in the inputs; totals with decimals (Rule 9)', () => {
    // 4 judges (majority 3). Waltz: 63 four 1sts; 61 [2,3,2,3] and 64 [3,2,3,2] are equal to the last
    // column → 2.5 each; 62 and 65 likewise share 4.5. Tango and Foxtrot are unanimous.
    // Totals: 63 1+2+1 = 4, 64 2.5+1+2 = 5.5, 61 2.5+4+5 = 11.5, 62 4.5+3+4 = 11.5, 65 4.5+5+3 = 12.5.
    // Rule 10 for 3rd between 61 and 62: one dance 3rd or better each; sums 2.5 against 3 → 61 3rd.
    const final: FinalMarks = {
      Waltz: rows('61 2 3 2 3\n62 4 5 4 5\n63 1 1 1 1\n64 3 2 3 2\n65 5 4 5 4'),
      Tango: rows('61 4 4 4 4\n62 3 3 3 3\n63 2 2 2 2\n64 1 1 1 1\n65 5 5 5 5'),
      Foxtrot: rows('61 5 5 5 5\n62 4 4 4 4\n63 1 1 1 1\n64 2 2 2 2\n65 3 3 3 3'),
    };
    const r = placeMultiDance(final);
    expect(r.perDance['Waltz']).toEqual({ '61': 2.5, '62': 4.5, '63': 1, '64': 2.5, '65': 4.5 });
    expect(r.totals).toEqual({ '61': 11.5, '62': 11.5, '63': 4, '64': 5.5, '65': 12.5 });
    expect(r.places).toEqual({ '61': 3, '62': 4, '63': 1, '64': 2, '65': 5 });
    expect(r.steps[0]?.rule10).toEqual(
      expect.arrayContaining([
        { couple: '61', count: 1, sum: 2.5 },
        { couple: '62', count: 1, sum: 3 },
      ]),
    );
  });

  it('an unbreakable multi-dance tie shares the places (2.5 each) and the next couple gets 4th', () => {
    // 3 judges. 70 wins both dances. 71 is 2nd in the Waltz and 3rd in the Tango, 72 the reverse:
    // totals 5 and 5. Rule 10 for 2nd: one 2nd each (sum 2). Rule 11 over 6 marks (majority 4) from
    // column 1-2: 3(6) each; column 1-3: 6(15) each; 1-4: 6(15) each → cannot separate → 2.5 each.
    const final: FinalMarks = {
      Waltz: rows('70 1 1 1\n71 2 3 2\n72 3 2 3\n73 4 4 4'),
      Tango: rows('70 1 1 1\n71 3 2 3\n72 2 3 2\n73 4 4 4'),
    };
    const r = placeMultiDance(final);
    expect(r.places).toEqual({ '70': 1, '71': 2.5, '72': 2.5, '73': 4 });
    expect(r.summary.filter((s) => s.rule === 'Shared').map((s) => s.couple)).toEqual(['71', '72']);
  });

  it('2-couple multi-dance final: Rule 11 over judges × dances marks, majority ⌊6/2⌋+1 = 4', () => {
    // Waltz: 1 wins with two 1sts; Tango: 2 wins with three 1sts. Totals 3 and 3; Rule 10: one 1st
    // each. Rule 11: couple 2 has 4 1sts of 6 marks = majority 4 → 1st; couple 1 (two 1sts) 2nd.
    const r = placeMultiDance({ Waltz: rows('1 1 1 2\n2 2 2 1'), Tango: rows('1 2 2 2\n2 1 1 1') });
    expect(r.places).toEqual({ '1': 2, '2': 1 });
    expect(r.steps[0]).toMatchObject({ rule: 'Rule 11', place: 1, awarded: ['2'] });
    expect(r.steps[0]?.rule11?.majority).toBe(4);
  });

  it('Rule 9 with shared places: 1.5 and 3.5 add up as decimals and order the couples', () => {
    // 2 judges (majority 2). Waltz: 1 [1,2] and 2 [2,1] are equal throughout → 1.5 each; 3 [3,4] and
    // 4 [4,3] → 3.5 each. Tango: unanimous 3, 1, 2, 4. Totals 1: 4.5, 2: 2.5, 3: 5.5, 4: 7.5.
    const r = placeMultiDance({
      Waltz: rows('1 1 2\n2 2 1\n3 3 4\n4 4 3'),
      Tango: rows('1 3 3\n2 1 1\n3 2 2\n4 4 4'),
    });
    expect(r.totals).toEqual({ '1': 4.5, '2': 2.5, '3': 5.5, '4': 7.5 });
    expect(r.places).toEqual({ '1': 2, '2': 1, '3': 3, '4': 4 });
  });

  it('Rule 10 compares afresh for P+1: the couple behind at P can be ahead at P+1', () => {
    // One judge per dance, so the marks are the places. 17 (1,1,4,5), 27 (4,3,1,3) and 37 (2,2,3,4)
    // all total 11; 47 = 13, 57 = 14.
    // 1st: 1sts — 17 two, 27 one, 37 none → 17. 2nd, compared afresh: 2nd-or-better — 27 one (the 1),
    // 37 two (2, 2) → 37, although 27 was ahead of 37 when 1st was decided. 27 3rd.
    const r = placeMultiDance(
      placesFinal(['W', 'T', 'F', 'Q'], {
        '17': [1, 1, 4, 5],
        '27': [4, 3, 1, 3],
        '37': [2, 2, 3, 4],
        '47': [5, 5, 2, 1],
        '57': [3, 4, 5, 2],
      }),
    );
    expect(r.totals).toEqual({ '17': 11, '27': 11, '37': 11, '47': 13, '57': 14 });
    expect(r.places).toEqual({ '17': 1, '37': 2, '27': 3, '47': 4, '57': 5 });
    expect(r.steps.map((s) => [s.rule, s.place, s.awarded])).toEqual([
      ['Rule 10', 1, ['17']],
      ['Rule 10', 2, ['37']],
      ['Rule 10', 3, ['27']],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Published results
// ---------------------------------------------------------------------------------------------------

describe('review: published finals with their published results', () => {
  it('dancepartner.com Skating System article, Rule 11 example (8 couples, 5 judges; transcribed in haxney/railskating and rubys/showcase)', () => {
    // Hand-checked: Waltz 116,115,114,111,118,112,117,113; Tango 115,116,114,118,111,113,117,112.
    // 115/116 (3): Rule 11 column 1-2, 6(8) against 6(10) → 115. 111/118 (9): Rule 11 column 1-5,
    // 7 against 6 → 111. 112/113/117 (14): Rule 10 for 6th: 112 and 113 one dance each (6), 117 none
    // → Rule 11 between 112 and 113 only: column 1-7, 112 7 of 10 → 6th; 113, the other couple of
    // the Rule 11 comparison, takes 7th — ahead of 117, who would win a fresh Rule 10 for 7th (two
    // 7ths against one). The published result has 113 7th and 117 8th.
    const r = placeMultiDance({
      Waltz: rows(`
        111 2 5 6 6 4
        112 6 8 1 5 7
        113 8 3 2 8 8
        114 7 4 3 3 2
        115 1 1 5 2 6
        116 4 2 4 1 1
        117 5 7 8 7 3
        118 3 6 7 4 5`),
      Tango: rows(`
        111 3 6 5 5 4
        112 7 8 3 8 7
        113 8 5 4 6 8
        114 6 3 1 3 3
        115 1 1 2 4 5
        116 5 2 6 2 2
        117 2 7 7 7 1
        118 4 4 8 1 6`),
    });
    expect(r.places).toEqual({
      '111': 4,
      '112': 6,
      '113': 7,
      '114': 3,
      '115': 1,
      '116': 2,
      '117': 8,
      '118': 5,
    });
  });

  it('dancepartner.com Rule 10 examples (per-dance places; transcribed in haxney/railskating)', () => {
    // Part 1: 101/102 on 5 → 101 has two 1sts. 103/104 on 12 → one dance 3rd or better each, sums 2
    // against 3 → 103.
    expect(
      placeMultiDance(
        placesFinal(['W', 'T', 'F'], {
          '101': [1, 1, 3],
          '102': [2, 2, 1],
          '103': [6, 4, 2],
          '104': [5, 3, 4],
          '105': [4, 5, 5],
          '106': [3, 6, 6],
        }),
      ).places,
    ).toEqual({ '101': 1, '102': 2, '103': 3, '104': 4, '105': 5, '106': 6 });
    // Part 2: four couples on 12, placed one by one with a fresh Rule 10 each time.
    expect(
      placeMultiDance(
        placesFinal(['W', 'T', 'F', 'Q'], {
          '101': [1, 6, 4, 1],
          '102': [6, 2, 2, 2],
          '103': [2, 1, 6, 3],
          '104': [3, 4, 1, 4],
          '105': [5, 3, 5, 5],
          '106': [4, 5, 3, 6],
        }),
      ).places,
    ).toEqual({ '101': 1, '102': 2, '103': 3, '104': 4, '105': 5, '106': 6 });
  });

  it('haxney/railskating "Rule 11 (first example)": 7 judges, 2 dances; 114 beats 112 in column 1-4 of Rule 11', () => {
    // 112 and 114 both total 7 with one 3rd (sum 3). Rule 11 (14 marks, majority 8): column 1-3 7 and
    // 7 → none; column 1-4: 114 13, 112 11 → 114 3rd.
    const r = placeMultiDance({
      W: rows(
        '111 1 1 1 1 1 1 1\n112 5 3 5 4 3 3 3\n113 4 5 4 5 5 5 4\n114 3 4 3 3 4 4 5\n115 2 2 2 2 2 2 2',
      ),
      Q: rows(
        '111 1 1 1 1 2 1 1\n112 5 3 3 4 3 4 4\n113 4 5 5 5 5 5 5\n114 3 4 4 3 4 3 3\n115 2 2 2 2 1 2 2',
      ),
    });
    expect(r.places).toEqual({ '111': 1, '112': 4, '113': 5, '114': 3, '115': 2 });
  });

  it('Brown 2013 Silver International Waltz/Quickstep final (published result, transcribed in haxney/railskating)', () => {
    // Three Rule 11 ties: 165/223 (7) column 1-4, 8(21) against 8(23); 162/213 (11) column 1-5,
    // 213 8 of 14; 345/365 (15) column 1-7, 365 9 against 8.
    const r = placeMultiDance({
      W: rows(`
        112 1 2 1 2 1 3 1
        162 5 4 7 6 6 5 6
        165 4 1 8 3 5 6 3
        213 6 7 4 4 8 7 4
        223 3 3 6 5 2 2 5
        286 2 5 2 1 3 1 2
        345 7 8 3 8 4 8 8
        365 8 6 5 7 7 4 7`),
      Q: rows(`
        112 1 2 1 1 1 1 1
        162 5 6 5 2 6 7 6
        165 2 1 3 6 5 5 4
        213 4 5 4 5 7 8 3
        223 7 3 7 4 3 3 7
        286 3 4 2 3 2 2 2
        345 6 8 6 8 4 4 5
        365 8 7 8 7 8 6 8`),
    });
    expect(r.places).toEqual({
      '112': 1,
      '162': 6,
      '165': 3,
      '213': 5,
      '223': 4,
      '286': 2,
      '345': 8,
      '365': 7,
    });
  });

  it('Brown 2013 Silver American Cha Cha/Rumba final (published result, transcribed in haxney/railskating)', () => {
    const r = placeMultiDance({
      C: rows(`
        158 4 7 5 5 7 3 4
        160 1 2 4 2 1 1 1
        276 3 6 1 1 5 5 5
        294 7 5 3 7 6 6 6
        307 5 3 6 3 3 4 3
        350 2 1 2 4 2 2 2
        365 6 4 7 6 4 7 7`),
      R: rows(`
        158 3 7 7 5 6 1 5
        160 1 2 6 3 2 3 1
        276 4 3 1 1 3 5 6
        294 6 6 3 2 7 6 4
        307 7 5 5 4 5 4 3
        350 2 1 2 6 1 2 2
        365 5 4 4 7 4 7 7`),
    });
    expect(r.places).toEqual({ '158': 5, '160': 2, '276': 3, '294': 6, '307': 4, '350': 1, '365': 7 });
  });

  it('Brown 2013 Silver International Cha Cha/Rumba final (published result, transcribed in haxney/railskating)', () => {
    const r = placeMultiDance({
      C: rows(`
        155 6 3 4 4 4 7 7
        176 7 7 7 2 3 4 5
        213 3 6 3 6 6 6 4
        276 5 1 5 3 1 2 2
        279 1 4 2 5 5 5 3
        305 4 2 6 7 7 1 6
        507 2 5 1 1 2 3 1`),
      R: rows(`
        155 4 4 3 2 3 7 7
        176 6 2 6 4 6 5 3
        213 5 3 4 5 7 4 4
        276 3 6 2 3 1 2 1
        279 7 5 5 7 4 6 5
        305 2 1 7 6 5 1 6
        507 1 7 1 1 2 3 2`),
    });
    expect(r.places).toEqual({ '155': 3, '176': 6, '213': 5, '276': 2, '279': 4, '305': 7, '507': 1 });
  });
});

// ---------------------------------------------------------------------------------------------------
// Recalls (Rule 1)
// ---------------------------------------------------------------------------------------------------

describe('review: recalls', () => {
  const couples = ['1', '2', '3', '4', '5'];

  it('two couples tied at the cut-off for one place: both chairman options, tallies summed over dances', () => {
    // Tallies: 1 → 4 (Waltz A, B; Tango A, B), 2 → 3 (Waltz A; Tango A, B), 3 → 2 (Waltz A, Tango B),
    // 4 → 2 (Waltz B, Tango A), 5 → 1. Requested 3: the 3rd couple in the ranking has 2 → cut-off 2;
    // 1 and 2 are above it; 3 and 4 share it and only one of them fits.
    const r = recallTally({
      couples,
      requested: 3,
      marks: {
        Waltz: { A: ['1', '2', '3'], B: ['1', '4', '5'] },
        Tango: { A: ['1', '2', '4'], B: ['1', '3', '2'] },
      },
    });
    expect(r.tally).toEqual({ '1': 4, '2': 3, '3': 2, '4': 2, '5': 1 });
    expect(r.cutoffMarks).toBe(2);
    expect(r.recalled).toEqual(['1', '2']);
    expect(r.tiedAtCutoff).toEqual(['3', '4']);
    expect(r.recallIfTiesIncluded).toEqual(['1', '2', '3', '4']);
    expect(r.recallIfTiesExcluded).toEqual(['1', '2']);
  });

  it('a tie at the cut-off that fits exactly is no tie', () => {
    // Tallies 1 → 2, 2 → 1, 3 → 1, 4 → 0, 5 → 0; requested 3: cut-off 1, and both couples on 1 fit.
    const r = recallTally({ couples, requested: 3, marks: { Jive: { A: ['1', '2', '3'], B: ['1'] } } });
    expect(r.cutoffMarks).toBe(1);
    expect(r.recalled).toEqual(['1', '2', '3']);
    expect(r.tiedAtCutoff).toEqual([]);
    expect(r.recallIfTiesExcluded).toEqual(['1', '2', '3']);
  });

  it('all tallies equal: nobody is certainly through, everyone is tied', () => {
    // Each of 4 couples marked by exactly 2 of 4 judges; requested 2.
    const r = recallTally({
      couples: ['1', '2', '3', '4'],
      requested: 2,
      marks: { Samba: { A: ['1', '2'], B: ['3', '4'], C: ['1', '3'], D: ['2', '4'] } },
    });
    expect(r.cutoffMarks).toBe(2);
    expect(r.recalled).toEqual([]);
    expect(r.tiedAtCutoff).toEqual(['1', '2', '3', '4']);
    expect(r.recallIfTiesIncluded).toEqual(['1', '2', '3', '4']);
    expect(r.recallIfTiesExcluded).toEqual([]);
  });

  it('requested ≥ couples: everyone is recalled and there is no tie, whatever the tallies', () => {
    for (const requested of [3, 4]) {
      const r = recallTally({
        couples: ['1', '2', '3'],
        requested,
        marks: { Waltz: { A: ['1', '2', '3'], B: ['1', '2', '3'] } },
      });
      expect(r.recalled).toEqual(['1', '2', '3']);
      expect(r.tiedAtCutoff).toEqual([]);
      expect(r.recallIfTiesIncluded).toEqual(['1', '2', '3']);
      expect(r.recallIfTiesExcluded).toEqual(['1', '2', '3']);
    }
  });

  it('requested 0 is refused (a round stores 0 as 1; the engine does not guess)', () => {
    expectInvalid(() => recallTally({ couples: ['1', '2'], requested: 0, marks: { Waltz: { A: [] } } }), {
      problem: 'invalid-requested',
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------------

describe('review: invalid marks', () => {
  it('a shared place typed by a judge (2.5) is not a place', () => {
    expectInvalid(() => placeSingleDance({ '1': [1, 2.5], '2': [2, 1], '3': [3, 3] }), {
      problem: 'not-a-place',
      judge: 'Judge 2',
      couple: '1',
    });
  });

  it('a mark given as text is refused, not coerced', () => {
    const marks = { '1': ['1', 2], '2': [2, 1] } as unknown as DanceMarks;
    expectInvalid(() => placeSingleDance(marks), { problem: 'not-a-place' });
  });

  it('a judge who gives 1, 1, 3 (2nd missing) is named, with the dance', () => {
    expectInvalid(
      () =>
        placeMultiDance(
          { Waltz: rows('1 1 1\n2 2 2\n3 3 3'), Tango: rows('1 1 1\n2 2 1\n3 3 3') },
          { judges: ['Ann', 'Bob'] },
        ),
      { problem: 'duplicate-place', judge: 'Bob', dance: 'Tango' },
    );
  });

  it("one couple's marks written in another judge order break the permutation and are refused", () => {
    // Judges A, B, C; couple 3's row was typed C, B, A.
    expectInvalid(() => placeSingleDance(rows('1 1 2 3\n2 2 3 1\n3 2 1 3')), { problem: 'duplicate-place' });
  });

  it('a couple that danced only the second dance is refused', () => {
    expectInvalid(() => placeMultiDance({ Waltz: rows('1 1\n2 2'), Tango: rows('1 1\n2 2\n3 3') }), {
      problem: 'unknown-couple',
      dance: 'Tango',
      couple: '3',
    });
  });

  it('an empty dance is refused', () => {
    expectInvalid(() => placeMultiDance({ Waltz: {} }), { problem: 'no-couples' });
  });

  // Found in review: a final whose dances had different numbers of judges used to be accepted (the
  // Tango placed with a 1-judge majority, Rule 11 over 4 marks). One panel must mark every dance.
  it('dances with different numbers of judges are refused', () => {
    expect(() => placeMultiDance({ Waltz: rows('1 1 2 1\n2 2 1 2'), Tango: rows('1 2\n2 1') })).toThrowError(
      InvalidMarksError,
    );
  });
});
