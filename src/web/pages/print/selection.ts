/** Which rounds a print-out covers (a round, an event, a session, a day) and their couples. */
import { RoundState } from '../../shared/roundStates.ts';
import type { PrintData, PrintEntry, PrintEvent, PrintRound, RoundCouples, ScheduleItem } from './types.ts';
import { STAR_MARK } from '../../../domain/rounds/formats.ts';

export type Scope =
  | { kind: 'round'; roundId: string }
  | { kind: 'event'; eventKey: string }
  | { kind: 'session'; from: number; to: number }
  | { kind: 'day'; day: string };

export interface SelectedRound {
  event: PrintEvent;
  round: PrintRound;
  /** Recall rounds send couples on; the last round danced is the final. */
  kind: 'recall' | 'final';
  next: PrintRound | null;
  /** Start time: the set one, else the schedule's estimate; null = TBA. */
  time: string | null;
  /** The floor it is danced on, when the competition has several. */
  floor?: string;
}

/** The calendar day (YYYY-MM-DD) of an instant in the competition's time zone. */
export function dayOf(instant: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(instant));
  } catch {
    return instant.slice(0, 10);
  }
}

/** Every day of the competition, first to last. */
export function competitionDays(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${endDate || startDate}T00:00:00Z`);
  for (let t = Date.parse(`${startDate}T00:00:00Z`); t <= end && days.length < 31; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** Danced rounds (not skipped, not Awards/Break items) in schedule order. */
export function dancedRounds(data: PrintData): SelectedRound[] {
  const itemOf = new Map<string, ScheduleItem>(data.schedule.items.map((i) => [i.roundId, i]));
  const out: (SelectedRound & { order: number })[] = [];
  data.events.forEach((event, eventOrder) => {
    const danced = event.rounds.filter((r) => r.roundState !== RoundState.Skipped);
    danced.forEach((round, i) => {
      const item = itemOf.get(round.roundId);
      if (item && item.kind !== 'round') return;
      const next = danced[i + 1] ?? null;
      out.push({
        event,
        round,
        kind: next ? 'recall' : 'final',
        next,
        time: item?.roundStartTime ?? item?.estimatedStart ?? round.roundStartTime ?? null,
        ...(item && data.schedule.floors.length > 1 ? { floor: item.floor } : {}),
        order: eventOrder,
      });
    });
  });
  out.sort(
    (a, b) =>
      a.round.scheduleIndex - b.round.scheduleIndex ||
      a.order - b.order ||
      a.round.roundNumber - b.round.roundNumber,
  );
  return out.map(({ order: _order, ...r }) => r);
}

/**
 * The rounds a selection covers, in schedule order. A round with no time belongs to the first day; one
 * estimated before the first day (rounds run ahead of the dates, e.g. a rehearsal of the demo: the
 * estimates then follow today's clock) to the first, after the last day to the last.
 */
export function selectRounds(data: PrintData, scope: Scope): SelectedRound[] {
  const all = dancedRounds(data);
  const { startDate, endDate, timeZone } = data.competition;
  const firstDay = startDate;
  const lastDay = competitionDays(startDate, endDate).at(-1) ?? firstDay;
  const dayOfRound = (r: SelectedRound) => {
    const day = r.time ? dayOf(r.time, timeZone) : firstDay;
    return day < firstDay ? firstDay : day > lastDay ? lastDay : day;
  };
  switch (scope.kind) {
    case 'round':
      return all.filter((r) => r.round.roundId === scope.roundId);
    case 'event':
      return all.filter((r) => r.event.key === scope.eventKey);
    case 'session':
      return all.filter((r) => r.round.scheduleIndex >= scope.from && r.round.scheduleIndex <= scope.to);
    case 'day':
      return all.filter((r) => dayOfRound(r) === scope.day);
  }
}

export interface Couple {
  number: string;
  entry: PrintEntry;
  heat: number;
  /** A star couple joining at this round: sheets print ★ by the number. */
  star?: boolean;
}

/** The number as sheets print it: with ★ for a star couple joining at this round. */
export const printedNumber = (c: Couple) => (c.star ? `${c.number} ${STAR_MARK}` : c.number);

export const byNumber = (a: { number: string }, b: { number: string }) => Number(a.number) - Number(b.number);

/**
 * The couples of a round: those placed in it, or, for the first round before it starts, the event's
 * entries (one heat). null: not known yet (the round before is not posted).
 */
export function couplesOf(r: SelectedRound): Couple[] | null {
  const entryById = new Map(r.event.entries.map((e) => [e.entryId, e]));
  if (r.round.entries.length) {
    return r.round.entries
      .map((x): Couple | null => {
        const entry = entryById.get(x.entryId);
        return entry
          ? {
              number: String(x.leadNumber),
              entry,
              heat: x.heat || 1,
              star: entry.joinsRound === r.round.roundNumber,
            }
          : null;
      })
      .filter((c): c is Couple => c !== null)
      .sort((a, b) => a.heat - b.heat || byNumber(a, b));
  }
  const first = r.event.rounds.find((x) => x.roundState !== RoundState.Skipped);
  if (first?.roundId !== r.round.roundId) return null;
  // Star couples joining later and couples out of the event do not dance the first round.
  return r.event.entries
    .filter((e) => (e.joinsRound === null || e.joinsRound <= r.round.roundNumber) && !e.withdrawal)
    .map((entry) => ({ number: String(entry.leadNumber), entry, heat: 1 }))
    .sort(byNumber);
}

/** The deck captain's view of a round (heats drawn, check-ins); null while its couples are not known. */
export function floorCouples(floor: RoundCouples): Couple[] | null {
  if (!floor.couplesKnown) return null;
  return floor.couples
    .map((c) => {
      const entry: PrintEntry = {
        entryId: c.entryId,
        leadName: c.leadName,
        followName: c.followName,
        affiliation: c.affiliation,
        leadNumber: Number(c.coupleNumber),
        checkedIn: c.checkedIn,
        scratched: c.scratched,
        joinsRound: null,
        withdrawal: c.status ?? null,
      };
      return { number: c.coupleNumber, entry, heat: c.heat || 1, star: c.star };
    })
    .sort((a, b) => a.heat - b.heat || byNumber(a, b));
}
