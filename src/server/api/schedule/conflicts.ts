/**
 * GET …/schedule/conflicts: dancers called to two rounds at once, or with less rest than
 * the competition's minimum between rounds of different events. The rules are
 * src/domain/scheduleConflicts.ts; this reads the facts: the running order's estimated times, each
 * round's seated couples, and the entries with who dances in them.
 */
import type { Db } from '../../http/db.ts';
import { roundId } from '../../../domain/rounds/index.ts';
import {
  findConflicts,
  possibleCouples,
  type EventRoundFacts,
  type SchedulePerson,
} from '../../../domain/scheduleConflicts.ts';
import type { ScheduleItem } from '../../../domain/schemas/events.ts';
import { readSchedule } from './queries.ts';
import { entriesWithDancers, roundEntriesWithRound } from '../joins.ts';

/** A dancer within the competition: the competitor when known, else the name as entered. */
const dancer = (id: number | null, name: string): SchedulePerson => ({
  key: id !== null ? `c${id}` : `n:${name.trim().toLowerCase()}`,
  name,
});

export async function readConflicts(db: Db, competitionId: number, now = new Date()) {
  const [schedule, competition] = await Promise.all([
    readSchedule(db, competitionId, now, { forConflicts: true }),
    db
      .selectFrom('competitions')
      .select('min_rest_minutes')
      .where('id', '=', competitionId)
      .executeTakeFirstOrThrow(),
  ]);
  const rounds = schedule.items.filter((i) => i.kind === 'round');
  const people = await readRoundPeople(db, competitionId, rounds);
  const conflicts = findConflicts(
    rounds.map((r) => ({
      roundId: r.roundId,
      eventKey: r.eventKey,
      start: r.estimatedStart ? Date.parse(r.estimatedStart) : null,
      end: r.estimatedEnd ? Date.parse(r.estimatedEnd) : null,
    })),
    people,
    competition.min_rest_minutes,
  );
  return {
    minRestMinutes: competition.min_rest_minutes,
    conflicts: conflicts.map(({ personName, kind, rounds: pair, minutes }) => ({
      personName,
      kind,
      rounds: pair,
      minutes,
    })),
  };
}

/**
 * The dancers each round could hold (by round id): its seated couples, or every couple that could
 * still be in it (`possibleCouples`), each couple as its lead and follow. Conflicts and the
 * suggested schedule (suggest.ts) count from the same people.
 */
export async function readRoundPeople(
  db: Db,
  competitionId: number,
  rounds: readonly ScheduleItem[],
): Promise<Map<string, SchedulePerson[]>> {
  const [seated, entries] = await Promise.all([
    roundEntriesWithRound(db)
      .innerJoin('events', 'events.id', 'rounds.event_id')
      .innerJoin('entries', 'entries.id', 'round_entries.entry_id')
      .select(['events.key as event_key', 'rounds.round_number', 'entries.lead_number'])
      .where('rounds.competition_id', '=', competitionId)
      .orderBy('round_entries.round_id')
      .orderBy('entries.lead_number')
      .orderBy('entries.id')
      .execute(),
    // A dancer linked to a competitor goes by the competitor's own name, however an entry spells it.
    entriesWithDancers(db)
      .select([
        'lead.name as lead_competitor',
        'follow.name as follow_competitor',
        'events.key as event_key',
        'entries.lead_number',
        'entries.scratched',
        'entries.joins_round',
        'entries.withdrawal',
        'entries.withdrawal_round',
        'entries.lead_id',
        'entries.follow_id',
        'entries.lead_name',
        'entries.follow_name',
      ])
      .where('events.competition_id', '=', competitionId)
      // A dancer known only by name is shown as their first entry spells it: the oldest entry.
      .orderBy('entries.id')
      .execute(),
  ]);
  const seatedIn = new Map<string, string[]>();
  for (const s of seated) {
    const id = roundId(s.event_key, s.round_number);
    seatedIn.set(id, [...(seatedIn.get(id) ?? []), String(s.lead_number)]);
  }
  const people = new Map<string, SchedulePerson[]>();
  for (const eventKey of new Set(rounds.map((r) => r.eventKey))) {
    const own = entries.filter((e) => e.event_key === eventKey);
    const dancers = new Map(
      own.map((e) => [
        String(e.lead_number),
        [
          dancer(e.lead_id, e.lead_competitor ?? e.lead_name),
          dancer(e.follow_id, e.follow_competitor ?? e.follow_name),
        ],
      ]),
    );
    const facts: EventRoundFacts[] = rounds
      .filter((r) => r.eventKey === eventKey)
      .map((r) => ({
        roundId: r.roundId,
        roundNumber: r.roundNumber,
        roundState: r.roundState,
        redance: r.type === 'redance',
        couples: seatedIn.get(r.roundId) ?? [],
      }));
    const possible = possibleCouples(
      facts,
      own.map((e) => ({
        couple: String(e.lead_number),
        scratched: e.scratched === 1,
        joinsRound: e.joins_round,
        outFrom: e.withdrawal ? (e.withdrawal_round ?? 1) : null,
      })),
    );
    for (const [id, couples] of possible)
      people.set(
        id,
        couples.flatMap((c) => dancers.get(c) ?? []),
      );
  }
  return people;
}
