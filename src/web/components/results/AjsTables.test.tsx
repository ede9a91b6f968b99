// @vitest-environment jsdom
import '../../test/setup.ts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scoreAjs, type AjsScores, type StoredAjsResult } from '../../../domain/scoring/ajs.ts';
import { AjsWorking } from './AjsTables.tsx';

/**
 * Two couples of a World Open semi-final's dance, one score per judge for both of their components
 * (A–E TQ + PS, F–J MM + CP; docs/ajs.md): 561 scores 31.60, 708 scores 32.675 (shown 32.68).
 */
function dance(scores: { [couple: string]: [number[], number[]] }): AjsScores {
  const byJudge: AjsScores[string] = {};
  for (const [couple, [tqPs, mmCp]] of Object.entries(scores)) {
    'ABCDE'.split('').forEach((j, i) => {
      (byJudge[j] ??= {})[couple] = { TQ: tqPs[i]!, PS: tqPs[i]! };
    });
    'FGHIJ'.split('').forEach((j, i) => {
      (byJudge[j] ??= {})[couple] = { MM: mmCp[i]!, CP: mmCp[i]! };
    });
  }
  return { Samba: byJudge };
}
const scores = dance({
  '561': [
    [8, 8.25, 8.25, 8.5, 8],
    [7, 7.25, 7, 8.5, 8.25],
  ],
  '708': [
    [8, 7.75, 8.75, 8.25, 6.25],
    [8, 8, 8.25, 8.25, 8.25],
  ],
});
const stored = (tolerance?: number): StoredAjsResult => ({
  ...scoreAjs(scores, tolerance === undefined ? {} : { tolerance }),
  system: 'ajs',
  judges: 'ABCDEFGHIJ'.split(''),
});

const cellsOf = (table: HTMLElement, couple: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader')?.textContent?.startsWith(couple))!
    .querySelectorAll('td');

describe('AjsWorking', () => {
  it('shows every total to two decimals, half up, and the tolerance the result was scored with', () => {
    render(<AjsWorking result={stored()} />);
    expect(screen.getByTestId('ajs-tolerance')).toHaveTextContent(
      'tolerance 1.5 (Open and other competitions): a score further than this from the median of its component is not used.',
    );
    const totals = screen.getByTestId('ajs-totals');
    // Couple, TQ, MM, PS, CP, Total, Place: component totals and the total to two decimals.
    expect([...cellsOf(totals, '708')].map((c) => c.textContent)).toEqual([
      '8.19',
      '8.15',
      '8.19',
      '8.15',
      '32.68',
      '1st',
    ]);
    expect(cellsOf(totals, '561')[4]).toHaveTextContent('31.60');
    const samba = within(screen.getByRole('region', { name: 'Samba component scores' })).getByRole('table');
    // The dance: each component's mean as the working (3 decimals), the dance total to two.
    expect([...cellsOf(samba, '708')].map((c) => c.textContent)).toEqual([
      '8.188',
      '8.150',
      '8.188',
      '8.150',
      '32.68',
      'TQ E (6.25), PS E (6.25)',
    ]);
  });

  it('names a Grand Slam tolerance, and the 1.2 a stored result from before tolerances per event was scored with', () => {
    const { unmount } = render(<AjsWorking result={stored(1.2)} />);
    expect(screen.getByTestId('ajs-tolerance')).toHaveTextContent(
      /^tolerance 1.2 \(Grand Slam \/ championship\)/,
    );
    unmount();
    render(<AjsWorking result={stored(1.35)} />);
    expect(screen.getByTestId('ajs-tolerance')).toHaveTextContent(/^tolerance 1.35: a score/);
  });
});
