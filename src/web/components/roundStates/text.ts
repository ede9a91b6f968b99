import en from './locales/en.json' with { type: 'json' };
import { catalog, translator, type Translate } from '../../../domain/i18n/catalog.ts';
import type { RoundStateWord } from '../../shared/roundStates.ts';

/** A round's state in words, and what it means: the staff screens' badges, tooltips and legend. */
export const roundStatesText = catalog('roundStates', en, {
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
});
export type RoundStatesKey = keyof typeof en;

/** The catalog keys of a state's words: its label and what it means (roundStatesText). */
export function roundStateKeys(word: RoundStateWord): { label: RoundStatesKey; meaning: RoundStatesKey } {
  return { label: `state.${word}`, meaning: `state.${word}.meaning` };
}

/** A state's words in the reader's language (`t` from `useT(roundStatesText)`). */
export function roundStateText(t: Translate<RoundStatesKey>, word: RoundStateWord) {
  const keys = roundStateKeys(word);
  return { label: t(keys.label), meaning: t(keys.meaning) };
}

/**
 * Round states in words a person understands, and what each means, in English (the source, for tests
 * and screens not yet in other languages): screens read `roundStateText` so a state says the same thing
 * on every screen, in the reader's language.
 */
export const roundStateWords: Record<RoundStateWord, { label: string; meaning: string }> = Object.fromEntries(
  (['Initialized', 'Empty', 'Ready', 'Running', 'Skipped', 'Marked', 'Posted'] as const).map((w) => [
    w,
    roundStateText(translator(roundStatesText, 'en'), w),
  ]),
) as Record<RoundStateWord, { label: string; meaning: string }>;
