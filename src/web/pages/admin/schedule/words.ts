import { useMemo } from 'react';
import { danceLabel, roundLabel, sportText } from '../../../../domain/i18n/sport.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { useT } from '../../../i18n/locale.ts';

/**
 * A running-order item's name in the reader's language: a round's standard name ("Semi-Final"), or
 * Awards / Break; names the organizer typed as typed.
 */
export function useItemName(): (item: Pick<ScheduleItem, 'kind' | 'roundName'>) => string {
  const sport = useT(sportText);
  return useMemo(
    () => (item) =>
      item.kind === 'round' ? roundLabel(sport, item.roundName) : danceLabel(sport, item.kind),
    [sport],
  );
}

/** A round's name alone ("Final" → "Endrunde"). */
export function useRoundName(): (name: string) => string {
  const sport = useT(sportText);
  return useMemo(() => (name: string) => roundLabel(sport, name), [sport]);
}
