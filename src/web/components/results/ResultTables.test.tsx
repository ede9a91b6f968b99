// @vitest-environment jsdom
import '../../test/setup.ts';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import dawsonM from '../../../domain/scoring/examples/final-dawson-m.json' with { type: 'json' };
import { placeMultiDance } from '../../../domain/scoring/index.ts';
import type { FinalMarks } from '../../../domain/scoring/types.ts';
import { RecallTally } from './RecallTally.tsx';
import { FinalWorking } from './ResultTables.tsx';
import { SkatingDance } from './SkatingDance.tsx';
import { chooseLocale } from '../../i18n/locale.ts';

// Dawson's Example M: four dances, five judges; every pair tied on totals goes to Rule 11.
const result = placeMultiDance(dawsonM.final as FinalMarks, { judges: dawsonM.judges });

const rowOf = (table: HTMLElement, couple: string) =>
  within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('rowheader')?.textContent?.startsWith(couple))!;

describe('SkatingDance', () => {
  it('shows each judge’s place, the columns as count(sum) up to the deciding one, place and rule', () => {
    render(<SkatingDance dance="Waltz" table={result.tables.Waltz!} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Couple', 'A', 'B', 'C', 'D', 'E', '1', '1-2', '1-3', '1-4', '1-5', '1-6', 'Place', 'Rule']);
    // Couple 45: marks 4 5 3 1 1; 2(2) in columns 1 and 1-2, 3(5) in 1-3 decides 3rd by Rule 7.
    const cells = within(rowOf(table, '45'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['4', '5', '3', '1', '1', '2(2)', '2(2)', '3(5)', '-', '-', '-', '3rd', 'Rule 7']);
    expect(within(rowOf(table, '45')).getByText('3(5)')).toHaveClass('rt-decided');
    // The decision in words, visible under the table.
    expect(
      screen.getByText(
        /equal majority \(3\) in column 1-3, the lower sum places higher: couple 45 3\(5\), couple 55 3\(9\)/,
      ),
    ).toBeVisible();
    expect(screen.getByText('3rd couple 45, 4th couple 55:')).toBeInTheDocument();
  });
});

describe('FinalWorking', () => {
  it('shows every dance, the totals and the three Rule 11 decisions with their working', () => {
    render(<FinalWorking result={result} names={{ '35': 'Ann Lead & Bo Follow' }} />);
    for (const d of ['Waltz', 'Tango', 'Foxtrot', 'Quickstep'])
      expect(screen.getByTestId(`skating-${d}`)).toBeInTheDocument();
    const summary = within(screen.getByTestId('final-summary')).getAllByRole('table')[0]!;
    expect(
      within(rowOf(summary, '35'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '2', '1', '1', '6', '1st', 'Rule 11']);
    expect(within(summary).getByText('Ann Lead & Bo Follow')).toBeInTheDocument();
    const steps = screen.getByTestId('final-steps');
    expect(within(steps).getByText('Rule 11, 1st place:')).toBeInTheDocument();
    expect(
      within(steps).getByText(
        /In column 1-2: couple 25 12\(19\), couple 35 13\(21\)\. Couple 35 takes 1st\./,
      ),
    ).toBeVisible();
    expect(within(steps).getByText(/Couple 75 takes 5th/)).toBeVisible();
    // The Rule 11 working for 5th place starts at column 1-5: 75 13(48) ahead of 65 13(50).
    expect(within(steps).getByText('13(48)')).toHaveClass('rt-decided');
  });
});

describe('the working in the reader’s language', () => {
  afterEach(() => chooseLocale('en'));

  it('words every decision of a final in German: Regel and Paar, no English', async () => {
    await chooseLocale('de');
    const { container } = render(<FinalWorking result={result} />);
    const text = container.textContent ?? '';
    expect(text).toMatch(/Regel/);
    expect(text).toMatch(/Paar/);
    expect(text).not.toMatch(/\b(couples?|Rule|column|majority|takes|place)\b/i);
    expect(
      screen.getByText(
        'Regel 7: gleiche Mehrheit (3) in Spalte 1-3, die kleinere Summe platziert besser: Paar 45 3(5), Paar 55 3(9)',
        { exact: false },
      ),
    ).toBeVisible();
    expect(screen.getByText('3. Paar 45, 4. Paar 55:')).toBeInTheDocument();
    const steps = screen.getByTestId('final-steps');
    expect(
      within(steps).getByText(
        /In Spalte 1-2: Paar 25 12\(19\), Paar 35 13\(21\)\. Paar 35 erhält den 1\. Platz\./,
      ),
    ).toBeVisible();
    expect(
      within(steps).getByText(
        /Paar 25, das andere Paar des Vergleichs nach Regel 11, erhält den 2\. Platz\./,
      ),
    ).toBeVisible();
  });

  it('words them in Spanish, places as 3.º', async () => {
    await chooseLocale('es');
    render(<SkatingDance dance="Waltz" table={result.tables.Waltz!} />);
    expect(
      screen.getByText(
        /Regla 7: igual mayoría \(3\) en la columna 1-3, la suma menor clasifica mejor: la pareja 45 3\(5\), la pareja 55 3\(9\)/,
      ),
    ).toBeVisible();
  });

  it('shows the stored English of a result posted before its decisions were kept as data', async () => {
    await chooseLocale('de');
    // As stored before: the same working without `why`.
    const old = JSON.parse(
      JSON.stringify(result, (k, v: unknown) => (k === 'why' ? undefined : v)),
    ) as typeof result;
    render(<FinalWorking result={old} />);
    expect(
      screen.getByText(
        /equal majority \(3\) in column 1-3, the lower sum places higher: couple 45 3\(5\), couple 55 3\(9\)/,
      ),
    ).toBeVisible();
    // The stored reason loses its closing "→ 3rd" under the table, as before.
    expect(screen.getByText('3. Paar 45, 4. Paar 55:')).toBeInTheDocument();
    expect(within(screen.getByTestId('final-steps')).getByText(/Couple 35 takes 1st\./)).toBeVisible();
  });
});

describe('RecallTally', () => {
  it('marks who recalled whom in which dance, the total and the recalled couples', () => {
    render(
      <RecallTally
        round={{
          judges: ['A', 'B'],
          dances: ['Waltz', 'Tango'],
          couples: [
            {
              coupleNumber: '12',
              leadName: 'Al',
              followName: 'Bea',
              marks: 3,
              byDance: { Waltz: ['A', 'B'], Tango: ['B'] },
              recalled: true,
            },
            {
              coupleNumber: '14',
              leadName: 'Cy',
              followName: 'Di',
              marks: 1,
              byDance: { Tango: ['A'] },
              recalled: false,
            },
          ],
        }}
      />,
    );
    const table = screen.getByRole('table');
    expect(
      within(rowOf(table, '12'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['X', 'X', '', 'X', '3', 'Recalled']);
    expect(
      within(rowOf(table, '14'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '', 'X', '', '1', '—']);
    expect(screen.getByText(/1 of 2 couples recalled/)).toBeInTheDocument();
    expect(within(rowOf(table, '12')).getByText('Al & Bea')).toBeInTheDocument();
  });
});
