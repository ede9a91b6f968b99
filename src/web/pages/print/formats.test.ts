/** Star couples on the printed sheets (docs/scrutineering-formats.md). */
import { describe, expect, it } from 'vitest';
import { couplesOf, printedNumber, type SelectedRound } from './selection.ts';
import type { PrintEntry, PrintEvent, PrintRound } from './types.ts';

const entry = (n: number, joinsRound: number | null = null): PrintEntry => ({
  entryId: n,
  leadName: `Lead ${n}`,
  followName: `Follow ${n}`,
  affiliation: '',
  leadNumber: n,
  checkedIn: false,
  scratched: false,
  joinsRound,
  withdrawal: null,
});
const round = (n: number, name: string, placed: number[]): PrintRound => ({
  roundNumber: n,
  roundName: name,
  roundId: `gold-latin-R${n}`,
  scheduleIndex: n,
  roundStartTime: null,
  recallSize: 2,
  roundState: 0,
  entries: placed.map((id) => ({ entryId: id, leadNumber: id, heat: 1 })),
});

describe('Star couples (WDSF exemptions / DTV Sternchenpaare) on the sheets', () => {
  const entries = [entry(11), entry(12), entry(13), entry(19, 2)];
  const event: PrintEvent = {
    key: 'gold-latin',
    name: 'Gold Latin',
    style: 'Latin',
    level: 'Gold',
    dances: ['Rumba'],
    entries,
    rounds: [round(1, 'Semi-Final', []), round(2, 'Final', [11, 12, 19])],
  };
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
