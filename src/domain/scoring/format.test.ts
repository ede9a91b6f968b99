import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatFinal, formatRecall, textTable } from './format.ts';
import { placeMultiDance, recallTally } from './index.ts';
import type { FinalMarks, RecallInput } from './types.ts';

const example = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./examples/${name}`, import.meta.url), 'utf8')) as T;

describe('text output for the skate CLI', () => {
  it('aligns columns', () => {
    expect(
      textTable([
        ['Couple', 'Place'],
        ['7', '1'],
        ['112', '2.5'],
      ]),
    ).toBe('Couple  Place\n7       1\n112     2.5');
  });

  it('prints the example final: each dance, the summary, the Rule 11 steps and the places', () => {
    const file = example<{ final: FinalMarks; judges: string[] }>('final-dawson-m.json');
    const text = formatFinal(placeMultiDance(file.final, { judges: file.judges }));
    expect(text).toContain('Waltz (majority 3)\nCouple  A  B  C  D  E  |  1     1-2   1-3');
    expect(text).toContain('Summary (Rules 9–11)');
    expect(text).toMatch(/1\. Rule 10 for 1st place between couples 25 and 35/);
    expect(
      text.endsWith(
        'Places\n1. couple 35\n2. couple 25\n3. couple 45\n4. couple 55\n5. couple 75\n6. couple 65',
      ),
    ).toBe(true);
  });

  it("prints the example recall with the chairman's two options", () => {
    const file = example<{ recall: RecallInput }>('recall-warren.json');
    const text = formatRecall(recallTally(file.recall), file.recall.requested);
    expect(text).toContain('Recall: 6 requested, cut-off 4 marks');
    expect(text).toContain('10      4      tied at cut-off');
    expect(text).toContain('recall all tied → 7 couples (default), or none of them → 4 couples');
  });
});
