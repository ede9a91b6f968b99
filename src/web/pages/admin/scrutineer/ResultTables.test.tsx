// @vitest-environment jsdom
import '../../../test/setup.ts';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocale } from '../../../i18n/locale.ts';
import { scoreAjs, type AjsScores } from '../../../../domain/scoring/ajs.ts';
import { RecallResultTable } from './ResultTables.tsx';
import type { RecallResultsView } from '../../../../domain/schemas/marks.ts';

/** The unposted tally of couples with these marks, placed in couple-number order; couple 11 recalled. */
function renderTally(marks: Record<string, number>, more: Partial<RecallResultsView>) {
  render(
    <MantineProvider>
      <RecallResultTable
        result={{
          kind: 'recall',
          placements: Object.entries(marks).map(([couple, m]) => ({ couple, marks: m })),
          sumRecalls: marks,
          byJudge: {},
          recalled: ['11'],
          posted: false,
          postedAt: null,
          ...more,
        }}
      />
    </MantineProvider>,
  );
}

describe("the scrutineer's recall tally", () => {
  it('says "1 couple recalled", never "1 couples"', () => {
    renderTally({ '11': 2, '12': 0 }, { byJudge: { '11': { A: 1, B: 1 }, '12': { A: 0, B: 0 } } });
    expect(screen.getByTestId('recall-summary').textContent).toMatch(/^1 couple recalled/);
  });
});

describe('a judge who marked the wrong number of couples', () => {
  afterEach(() => chooseLocale('en'));
  const problem = {
    dance: 'Waltz',
    judge: 'B',
    marked: 2,
    requested: 3,
    message: 'B marked 2 couples in the Waltz; 3 were requested',
  };

  it('reads in English as the server says it, and in German from the counts', async () => {
    renderTally({ '11': 2 }, { markCountProblems: [problem] });
    expect(screen.getByText('B marked 2 couples in the Waltz; 3 were requested')).toBeInTheDocument();
    await chooseLocale('de');
    expect(
      await screen.findByText('Langsamer Walzer: B hat 2 Paare markiert, verlangt waren 3'),
    ).toBeInTheDocument();
  });
});

describe("the scrutineer's AJS recall", () => {
  it('shows the cut-off and every total to two decimals, half up, with the tolerance', () => {
    // One judge per component; the stored totals as a World Open semi-final gave them: couple 11's
    // 32.675 (shown 32.68) and couple 12's 30.
    const scores: AjsScores = {
      Waltz: {
        A: { '11': { TQ: 8.25 }, '12': { TQ: 7.5 } },
        B: { '11': { MM: 8 }, '12': { MM: 7.5 } },
        C: { '11': { PS: 8.25 }, '12': { PS: 7.5 } },
        D: { '11': { CP: 8.25 }, '12': { CP: 7.5 } },
      },
    };
    const ajs = {
      ...scoreAjs(scores, { tolerance: 1.2 }),
      system: 'ajs' as const,
      judges: ['A', 'B', 'C', 'D'],
    };
    ajs.totals['11'] = 32.675;
    ajs.ranking[0]!.total = 32.675;
    renderTally({ '11': 32.675, '12': 30 }, { cutoffMarks: 32.675, ajs });
    expect(screen.getByTestId('recall-summary')).toHaveTextContent(
      '1 couple recalled · cut-off total 32.68 · tolerance 1.2',
    );
    const tally = screen.getByTestId('recall-result');
    expect(within(tally).getByRole('row', { name: /^11/ })).toHaveTextContent('32.68');
    expect(within(tally).getByRole('row', { name: /^12/ })).toHaveTextContent('30.00');
    expect(within(screen.getByTestId('ajs-totals')).getByRole('row', { name: /^11/ })).toHaveTextContent(
      '32.68',
    );
  });
});
