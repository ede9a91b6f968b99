import en from './locales/en.json' with { type: 'json' };
import { catalog, translator, type Translate } from '../../../../domain/i18n/catalog.ts';
import type { Locale } from '../../../../domain/i18n/locales.ts';

/** The deck captain's screen: lining couples up, check-in, heats, scans and the printed heat list. */
export const deckText = catalog('deckcaptain', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type DeckKey = keyof typeof en;
export type DeckT = Translate<DeckKey>;

/**
 * What the pure helpers (deckLogic.ts, balances.ts) need to word things: the screen's words and the
 * round names in the reader's language (useDeckWords).
 */
export interface DeckWords {
  t: DeckT;
  /** A round's name ("Semi-Final", "2nd Round") in the language; a name the organizer typed as typed. */
  round: (name: string) => string;
  /** The language, for money. */
  locale: Locale;
}

/** English, as the helpers word things when no language is given (their tests). */
export const englishWords: DeckWords = {
  t: translator(deckText, 'en'),
  round: (name) => name,
  locale: 'en',
};
