/**
 * A competitor's own day: each round of each event they are entered in, in the running order, from
 * the public schedule (its times are the server's: actual, set or estimated) and their posted results
 * (which rounds they are through to, and where their event ended). Pure, so tested without a browser.
 */
import type { ScheduleItem } from '../../../domain/schemas/events.ts';
import type { PublicCompetitorEntry } from '../../../domain/schemas/registration.ts';
import type { CompetitorResult } from '../../../domain/schemas/results.ts';
import { RoundState } from '../../shared/roundStates.ts';

export interface CompetitorRound {
  item: ScheduleItem;
  /** The couple number they dance this round with. */
  number: number;
  partner: string;
  /** Not theirs for sure yet: they dance it only if recalled from the round before. */
  ifRecalled: boolean;
}

type Entry = Pick<PublicCompetitorEntry, 'eventKey' | 'leadNumber' | 'scratched' | 'partner'>;
type Result = Pick<CompetitorResult, 'eventKey' | 'roundReached' | 'out'>;

export function competitorRounds(
  entries: readonly Entry[],
  schedule: readonly ScheduleItem[],
  results: readonly Result[] = [],
): CompetitorRound[] {
  const order = new Map(schedule.map((item, i) => [item.roundId, i]));
  const out: CompetitorRound[] = [];
  for (const entry of entries) {
    if (entry.scratched) continue;
    let rounds = schedule.filter(
      (i) => i.kind === 'round' && i.eventKey === entry.eventKey && i.roundState !== RoundState.Skipped,
    );
    const result = results.find((r) => r.eventKey === entry.eventKey);
    // The last round they danced or were recalled to: theirs for sure, and every round before it.
    const reached = result?.roundReached ? rounds.findIndex((r) => r.roundName === result.roundReached) : -1;
    // Not recalled: the event's later rounds go on without them.
    if (result?.out && reached >= 0) rounds = rounds.slice(0, reached + 1);
    rounds.forEach((item, i) =>
      out.push({
        item,
        number: entry.leadNumber,
        partner: entry.partner.name,
        ifRecalled: i > Math.max(0, reached),
      }),
    );
  }
  return out.sort((a, b) => order.get(a.item.roundId)! - order.get(b.item.roundId)!);
}
