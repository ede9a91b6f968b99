import type { RoundView } from '../../../api/types.ts';
import { skipDestination, type RoundState } from '../../../../domain/rounds/index.ts';

/**
 * What skipping a round will do, in words, before the organizer confirms: its couples go back to the
 * previous round, or (first round, nothing before it) forward to the next one — nobody is eliminated.
 */
export function skipOutcome(rounds: readonly RoundView[], round: RoundView): string {
  const couples = `${round.entries.length} couple${round.entries.length === 1 ? '' : 's'}`;
  const { direction, round: to } = skipDestination(
    rounds.map((r) => ({ ...r, roundState: r.roundState as RoundState })),
    round.roundNumber,
  );
  return direction === 'back'
    ? `Its ${couples} go back to ${to.roundName} (round ${to.roundNumber}).`
    : `Nobody is eliminated: its ${couples} go forward to ${to.roundName} (round ${to.roundNumber}), which then dances with all of them.`;
}
