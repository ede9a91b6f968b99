/**
 * Nobody called to two places at once. A person (lead or follow, across all their
 * partnerships) who is in two rounds of different events whose times overlap, or who gets less rest
 * than the competition's minimum between the end of one and the start of the next, is a conflict.
 * Recalls are not known in advance, so a round not yet seated counts every couple that could still be
 * in it (`possibleCouples`). Pure: the server gives the facts, the schedule screen and
 * `GET …/schedule/conflicts` show the answer.
 */
import { RoundState } from './rounds/state.ts';

/** A person as conflicts name them: a stable key (the person's id) and the name people read. */
export interface SchedulePerson {
  key: string;
  name: string;
}

/** A round on the time line (epoch milliseconds); a round with no time yet cannot conflict. */
export interface TimedRound {
  roundId: string;
  eventKey: string;
  start: number | null;
  end: number | null;
}

export type ConflictKind = 'overlap' | 'rest';

export interface ScheduleConflict {
  personKey: string;
  personName: string;
  kind: ConflictKind;
  /** The earlier round first. */
  rounds: [string, string];
  /**
   * By how much: for `overlap` the minutes both rounds run at once; for `rest` the minutes missing
   * from the minimum rest (a 30-minute minimum with 12 minutes between them: 18).
   */
  minutes: number;
}

const MINUTE = 60_000;

/**
 * Every conflict, each pair of rounds once per person, ordered by when the first round starts. Rounds
 * of the same event never conflict with each other (a semi-final and its final follow by design).
 */
export function findConflicts(
  rounds: readonly TimedRound[],
  people: ReadonlyMap<string, readonly SchedulePerson[]>,
  minRestMinutes: number,
): ScheduleConflict[] {
  const rest = Math.max(0, minRestMinutes) * MINUTE;
  const timed = new Map(
    rounds
      .filter((r) => r.start !== null && r.end !== null)
      .map((r) => [r.roundId, r as TimedRound & { start: number; end: number }]),
  );
  // Person → their timed rounds, each once.
  const byPerson = new Map<
    string,
    { person: SchedulePerson; rounds: Map<string, TimedRound & { start: number; end: number }> }
  >();
  for (const [roundId, members] of people) {
    const round = timed.get(roundId);
    if (!round) continue;
    for (const p of members) {
      const mine = byPerson.get(p.key) ?? { person: p, rounds: new Map() };
      mine.rounds.set(roundId, round);
      byPerson.set(p.key, mine);
    }
  }
  const out: ScheduleConflict[] = [];
  for (const { person, rounds: mine } of byPerson.values()) {
    const list = [...mine.values()].sort((a, b) => a.start - b.start || a.end - b.end);
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      // Sorted by start: once a round starts after a's end plus the rest, no later one conflicts with a.
      for (let j = i + 1; j < list.length && list[j]!.start < a.end + rest; j++) {
        const b = list[j]!;
        if (a.eventKey === b.eventKey) continue;
        const overlap = Math.min(a.end, b.end) - b.start;
        const conflict: ScheduleConflict =
          overlap > 0
            ? {
                personKey: person.key,
                personName: person.name,
                kind: 'overlap',
                rounds: [a.roundId, b.roundId],
                minutes: Math.ceil(overlap / MINUTE),
              }
            : {
                personKey: person.key,
                personName: person.name,
                kind: 'rest',
                rounds: [a.roundId, b.roundId],
                minutes: Math.ceil((rest - (b.start - a.end)) / MINUTE),
              };
        if (conflict.minutes > 0) out.push(conflict);
      }
    }
  }
  const startOf = (id: string) => timed.get(id)?.start ?? 0;
  return out.sort(
    (x, y) =>
      startOf(x.rounds[0]) - startOf(y.rounds[0]) ||
      x.personName.localeCompare(y.personName) ||
      x.personKey.localeCompare(y.personKey),
  );
}

/** One round of an event as the schedule knows it, for `possibleCouples`. */
export interface EventRoundFacts {
  roundId: string;
  roundNumber: number;
  roundState: number;
  /** A redance round: danced by the couples the round before did not recall. */
  redance?: boolean;
  /** Couples seated in it (empty while it waits for the round before). */
  couples: readonly string[];
}

/** One entry of the event. */
export interface EntryFacts {
  couple: string;
  scratched: boolean;
  /** A star couple joins at this round number, else null. */
  joinsRound: number | null;
  /** Disqualified or withdrew from this round number on, else null. */
  outFrom: number | null;
}

/**
 * The couples that could dance each round of one event: a seated round its couples; a first round the
 * entries (not scratched, not star couples joining later); a later round every couple that could be
 * in the regular round before it — any of them may be recalled — plus the star couples joining at it;
 * a redance every couple of the round before it. Couples out of the event from a round on are not in
 * it or after it. Skipped rounds have none.
 */
export function possibleCouples(
  rounds: readonly EventRoundFacts[],
  entries: readonly EntryFacts[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const inRound = (e: EntryFacts, n: number) => !e.scratched && (e.outFrom === null || e.outFrom > n);
  let regular: string[] | null = null;
  for (const r of [...rounds].sort((a, b) => a.roundNumber - b.roundNumber)) {
    if (r.roundState === RoundState.Skipped) {
      out.set(r.roundId, []);
      continue;
    }
    const out_ = new Set(entries.filter((e) => !inRound(e, r.roundNumber)).map((e) => e.couple));
    let couples: string[];
    if (r.couples.length > 0) couples = r.couples.filter((c) => !out_.has(c));
    else if (regular === null)
      couples = entries
        .filter((e) => inRound(e, r.roundNumber) && (e.joinsRound === null || e.joinsRound <= r.roundNumber))
        .map((e) => e.couple);
    else if (r.redance) couples = regular.filter((c) => !out_.has(c));
    else {
      const stars = entries
        .filter((e) => e.joinsRound === r.roundNumber && inRound(e, r.roundNumber))
        .map((e) => e.couple);
      couples = [...new Set([...regular.filter((c) => !out_.has(c)), ...stars])];
    }
    out.set(r.roundId, couples);
    if (!r.redance) regular = couples;
  }
  return out;
}
