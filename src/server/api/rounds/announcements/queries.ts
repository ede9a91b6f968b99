/** The MC's read: every posted round in posting order with its couples' names. */
import type { Db } from '../../../http/db.ts';
import { fromJson } from '../../../http/json.ts';
import { nextActiveRound } from '../../../../domain/rounds/index.ts';
import type { Announcement, Announcements } from '../../../../domain/schemas/announcements.ts';
import { coupleNames, coupleOf, toPlan } from '../queries.ts';
import { publicRoundResults } from '../publicResults/queries.ts';

export async function announcementsOf(db: Db, competitionId: number): Promise<Announcements> {
  // Announced only once public: a round moved out of Posted keeps its posted_at and is never read out.
  const posted = await publicRoundResults(db)
    .innerJoin('events', 'events.id', 'rounds.event_id')
    .select([
      'rounds.event_id',
      'rounds.round_number',
      'rounds.round_name',
      'events.key as event_key',
      'events.name as event_name',
      'round_results.kind',
      'round_results.placements',
      'round_results.recalled',
      'round_results.posted_at',
    ])
    .where('round_results.competition_id', '=', competitionId)
    .orderBy('round_results.posted_at')
    .orderBy('rounds.schedule_index')
    .orderBy('rounds.id')
    .execute();
  if (posted.length === 0) return { items: [] };
  const eventIds = [...new Set(posted.map((p) => p.event_id))];
  const [names, rounds] = await Promise.all([
    coupleNames(db, competitionId),
    db.selectFrom('rounds').selectAll().where('event_id', 'in', eventIds).execute(),
  ]);
  const items = posted.map((p): Announcement => {
    const couple = (n: string, place: number | null) => ({ ...coupleOf(names.get(p.event_id), n), place });
    const next = nextActiveRound(rounds.filter((r) => r.event_id === p.event_id).map(toPlan), p.round_number);
    const couples =
      p.kind === 'final'
        ? Object.entries(fromJson<Record<string, number>>(p.placements, {})).map(([n, place]) =>
            couple(n, place),
          )
        : fromJson<string[]>(p.recalled, []).map((n) => couple(n, null));
    return {
      id: `${p.event_key}/${p.round_number}`,
      eventKey: p.event_key,
      eventName: p.event_name,
      roundNumber: p.round_number,
      roundName: p.round_name,
      kind: p.kind,
      postedAt: p.posted_at!,
      nextRoundName: p.kind === 'recall' ? (next?.roundName ?? null) : null,
      couples,
    };
  });
  return { items };
}
