import { useMemo } from 'react';
import { roundLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { useLocale, useT } from '../../../i18n/locale.ts';
import { deckText, type DeckT, type DeckWords } from './text.ts';
import type { RoundStateName } from '../../../shared/roundStates.ts';

/** The deck captain's words in the reader's language, for the helpers that word rounds and couples. */
export function useDeckWords(): DeckWords {
  const t = useT(deckText);
  const sport = useT(sportText);
  const locale = useLocale();
  return useMemo(() => ({ t, round: (name: string) => roundLabel(sport, name), locale }), [t, sport, locale]);
}

/** A round's state as the search names it ("Running"); nothing when the state is not known. */
export function roundStateLabel(t: DeckT, state: RoundStateName | undefined): string {
  return state ? t(`state.${state}`) : '';
}
