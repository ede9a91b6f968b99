import type { PrintData, PrintEvent } from './types.ts';

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
