/**
 * The sport's own words in each language: round names, dances, styles and
 * placings. Names an organizer typed (a level "Gold", a round "Vorrunde B") are shown as typed.
 */
import en from './sport/locales/en.json' with { type: 'json' };
import { catalog, type Translate } from './catalog.ts';
import { FINAL, FRACTION_FINALS, QUARTER_FINAL, SEMI_FINAL } from '../rounds/standardNames.ts';

export const sportText = catalog('sport', en, {
  de: () => import('./sport/locales/de.json'),
  es: () => import('./sport/locales/es.json'),
});
export type SportKey = keyof typeof en;
type SportT = Translate<SportKey>;

const has = (key: string): key is SportKey => Object.hasOwn(en, key);

/** A round's name: the standard names (Final, Semi-Final, 1/8 Final, 2nd Round) in the language. */
export function roundLabel(t: SportT, name: string): string {
  if (name === FINAL) return t('round.final');
  if (name === SEMI_FINAL) return t('round.semiFinal');
  if (name === QUARTER_FINAL) return t('round.quarterFinal');
  if ((FRACTION_FINALS as readonly string[]).includes(name))
    return t('round.fraction', { n: name.slice(2, -6) });
  const numbered = /^(\d+)(st|nd|rd|th) Round$/.exec(name);
  if (numbered) return t('round.numbered', { n: Number(numbered[1]) });
  return name;
}

/** A dance's name ("Waltz" → "Langsamer Walzer"); a dance we do not know as typed. */
export function danceLabel(t: SportT, dance: string): string {
  const key = `dance.${dance}`;
  return has(key) ? t(key) : dance;
}

/** A style's name where the federation has its own ("Latin" → "Latein"). */
export function styleLabel(t: SportT, style: string): string {
  const key = `style.${style}`;
  return has(key) ? t(key) : style;
}

/** A placing: "1st" / "1." / "1.º"; a shared place stays a number ("2.5", "2,5"). */
export function placeLabel(t: SportT, place: number): string {
  return Number.isInteger(place) ? t('place', { place }) : t('placeShared', { place });
}
