import type { RoundView } from '../../../api/types.ts';
import { skipDestination, type RoundState } from '../../../../domain/rounds/index.ts';
import { translator, type Translate } from '../../../../domain/i18n/catalog.ts';
import { eventsText } from './text.ts';

/**
 * What skipping a round will do, in words, before the organizer confirms: its couples go back to the
 * previous round, or (first round, nothing before it) forward to the next one — nobody is eliminated.
 */
export function skipOutcome(
  rounds: readonly RoundView[],
  round: RoundView,
  t: Translate<'skip.back' | 'skip.forward'> = translator(eventsText, 'en'),
  roundName: (name: string) => string = (name) => name,
): string {
  const { direction, round: to } = skipDestination(
    rounds.map((r) => ({ ...r, roundState: r.roundState as RoundState })),
    round.roundNumber,
  );
  const values = { count: round.entries.length, to: roundName(to.roundName), n: to.roundNumber };
  return direction === 'back' ? t('skip.back', values) : t('skip.forward', values);
}
