// @vitest-environment jsdom
import '../../test/setup.ts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JudgeRound } from '../../api/types.ts';
import { AjsDance, type AjsValue } from './AjsDance.tsx';

afterEach(cleanup);

const round = {
  eventKey: 'ajs',
  eventName: 'Open Standard',
  scheduleIndex: 1,
  version: 1,
  roundNumber: 1,
  roundName: 'Final',
  roundState: 3,
  kind: 'ajs',
  recallSize: 0,
  marksPerDance: null,
  couples: ['11', '12'],
  stars: [],
  type: 'regular',
  heats: [{ heat: 1, couples: ['11', '12'] }],
  dances: ['Waltz'],
  marks: { Waltz: {} },
  missing: ['Waltz'],
  ajsComponents: { '1': ['TQ', 'MM'], '2': ['PS', 'CP'] },
} as JudgeRound;

function Harness({
  onSubmit,
  r = round,
  dance = 'Waltz',
}: {
  onSubmit: (v: AjsValue) => Promise<void>;
  r?: JudgeRound;
  dance?: string;
}) {
  const [value, setValue] = useState<AjsValue>({});
  return (
    <MantineProvider>
      <AjsDance
        round={r}
        judgeId={1}
        dance={dance}
        value={value}
        onChange={setValue}
        onSubmit={onSubmit}
        sync={null}
        next={null}
      />
    </MantineProvider>
  );
}

const tap = (label: string) => fireEvent.click(screen.getByRole('button', { name: label }));
const shown = (label: string) =>
  screen.getByRole('group', { name: label }).querySelector('output')!.textContent;

describe('the AJS scoring screen', () => {
  it("shows only the judge's components; steps in 0.25 and 1 and stays on the 1–10 scale", () => {
    render(<Harness onSubmit={vi.fn()} />);
    expect(screen.getByText(/You score/)).toHaveTextContent('Technical quality and Movement to music');
    expect(screen.queryByRole('group', { name: 'PS of couple 11' })).toBeNull();
    tap('One couple');
    expect(shown('TQ of couple 11')).toBe('–');
    tap('TQ of couple 11 plus 0.25'); // the first tap starts at 7.50
    expect(shown('TQ of couple 11')).toBe('7.50');
    tap('TQ of couple 11 plus 0.25');
    for (let i = 0; i < 5; i++) tap('TQ of couple 11 plus 1');
    expect(shown('TQ of couple 11')).toBe('10.00');
    for (let i = 0; i < 12; i++) tap('TQ of couple 11 minus 1');
    expect(shown('TQ of couple 11')).toBe('1.00');
  });

  it('sends only when every couple has every component, after the review', () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<Harness onSubmit={onSubmit} />);
    tap('All couples');
    expect(screen.getByRole('button', { name: 'Score all 2' })).toBeDisabled();
    for (const c of ['11', '12']) for (const k of ['TQ', 'MM']) tap(`${k} of couple ${c} plus 1`);
    expect(screen.getByText('2 of 2 couples scored')).toBeInTheDocument();
    tap('Review');
    expect(screen.getAllByText(/TQ 7.50 · MM 7.50/, { selector: 'li' })).toHaveLength(2);
    tap('Send these scores');
    expect(onSubmit).toHaveBeenCalledWith({ '11': { TQ: 7.5, MM: 7.5 }, '12': { TQ: 7.5, MM: 7.5 } });
  });

  it('asks for one score per couple where it counts for both components (TQ + PS), half the taps', () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const semi = {
      ...round,
      dances: ['Samba', 'Rumba'],
      marks: { Samba: {}, Rumba: {} },
      ajsComponents: { '1': ['TQ', 'PS'], '2': ['MM', 'CP'] },
      ajsPanel: { source: 'drawn', separateDances: ['Rumba'], fixed: false, version: 1, seed: 7 },
    } as JudgeRound;
    render(<Harness onSubmit={onSubmit} r={semi} dance="Samba" />);
    expect(screen.getByText(/You score/)).toHaveTextContent(
      'You score TQ + PS (Technical quality and Partnering skills), 1 to 10 in steps of 0.25: one score per couple counts for both in the Samba.',
    );
    tap('All couples');
    expect(screen.queryByRole('group', { name: 'TQ of couple 11' })).toBeNull();
    expect(screen.getAllByRole('group', { name: /^TQ \+ PS of couple/ })).toHaveLength(2);
    tap('TQ + PS of couple 11 plus 1');
    tap('TQ + PS of couple 12 plus 0.25');
    expect(shown('TQ + PS of couple 11')).toBe('7.50');
    expect(screen.getByText('2 of 2 couples scored')).toBeInTheDocument();
    tap('Review');
    expect(screen.getAllByText(/TQ \+ PS 7.50/, { selector: 'li' })).toHaveLength(2);
    tap('Send these scores');
    // Stored under both components, so the engine and the marks history read it as before.
    expect(onSubmit).toHaveBeenCalledWith({ '11': { TQ: 7.5, PS: 7.5 }, '12': { TQ: 7.5, PS: 7.5 } });
  });

  it('asks for each component in a dance with separate scores', () => {
    const final = {
      ...round,
      dances: ['Samba', 'Rumba'],
      ajsComponents: { '1': ['TQ', 'PS'], '2': ['MM', 'CP'] },
      ajsPanel: {
        source: 'default',
        separateDances: ['Samba', 'Rumba'],
        fixed: false,
        version: 1,
        seed: null,
      },
    } as JudgeRound;
    render(<Harness onSubmit={vi.fn()} r={final} dance="Rumba" />);
    expect(screen.getByText(/You score/)).toHaveTextContent('a separate score for each in the Rumba');
    tap('All couples');
    expect(screen.getAllByRole('group', { name: /^(TQ|PS) of couple/ })).toHaveLength(4);
  });
});
