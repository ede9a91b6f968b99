/** Star couples on the printed sheets (docs/scrutineering-formats.md). */
import { describe, expect, it } from 'vitest';
import { couplesOf, printedNumber, type SelectedRound } from './selection.ts';
import type { PrintRound } from './types.ts';
import { goldLatin, printEntry, printRound } from './printData.fixture.ts';

const entry = (n: number, joinsRound: number | null = null) => printEntry(n, { joinsRound });

describe('Star couples (WDSF exemptions / DTV Sternchenpaare) on the sheets', () => {
  const entries = [entry(11), entry(12), entry(13), entry(19, 2)];
  const event = goldLatin(entries, [printRound(1, 'Semi-Final', []), printRound(2, 'Final', [11, 12, 19])]);
  const selected = (r: PrintRound): SelectedRound => ({
    event,
    round: r,
    kind: 'recall',
    next: null,
    time: null,
  });

  it('are left out of the first round before it starts', () => {
    expect(couplesOf(selected(event.rounds[0]!))?.map((c) => c.number)).toEqual(['11', '12', '13']);
  });

  it('are printed with ★ in the round they join', () => {
    expect(couplesOf(selected(event.rounds[1]!))?.map(printedNumber)).toEqual(['11', '12', '19 ★']);
  });
});
