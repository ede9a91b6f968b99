import type { PrintData, PrintEntry, PrintEvent, PrintRound } from './types.ts';

/** The print-out data of one event on one floor, with no schedule times and nothing posted: tests add theirs. */
export function oneEventPrintData(event: PrintEvent, fullName: string): PrintData {
  return {
    competition: { fullName, timeZone: 'UTC', startDate: '2026-11-21', endDate: '2026-11-21' },
    events: [event],
    panels: [],
    schedule: {
      version: 'v',
      timing: { firstStartTime: null, perDanceSeconds: 120, transitionSeconds: 60 },
      floors: [{ name: 'Main floor', pace: 1, minutesLate: null }],
      items: [],
    },
    recalls: new Map(),
    finals: new Map(),
  };
}

/** Couple `n`: number n, named Lead n and Follow n, checked in by nobody, in every round. */
export const printEntry = (n: number, over: Partial<PrintEntry> = {}): PrintEntry => ({
  entryId: n,
  leadName: `Lead ${n}`,
  followName: `Follow ${n}`,
  affiliation: '',
  leadNumber: n,
  checkedIn: false,
  scratched: false,
  joinsRound: null,
  withdrawal: null,
  ...over,
});

/** Round `n` of Gold Latin with the couples `placed` (by entry id, number the same) in one heat. */
export const printRound = (
  n: number,
  roundName: string,
  placed: readonly number[],
  over: Partial<PrintRound> = {},
): PrintRound => ({
  roundNumber: n,
  roundName,
  roundId: `gold-latin-R${n}`,
  scheduleIndex: n,
  roundStartTime: null,
  recallSize: 2,
  roundState: 0,
  entries: placed.map((id) => ({ entryId: id, leadNumber: id, heat: 1 })),
  ...over,
});

/** Gold Latin with these couples and rounds. */
export const goldLatin = (entries: PrintEntry[], rounds: PrintRound[], dances = ['Rumba']): PrintEvent => ({
  key: 'gold-latin',
  name: 'Gold Latin',
  style: 'Latin',
  level: 'Gold',
  dances,
  entries,
  rounds,
});
