/**
 * Round names (spec §9): "1st Round" … "7th Round", "1/512 Final" … "1/8 Final", "Quarter-Final",
 * "Semi-Final", "Final". Names depend on a round's distance from the final: the last round is always
 * the Final, the one before it the Semi-Final, and so on.
 */
import { ordinal } from '../scoring/util.ts';
import { FINAL, FRACTION_FINALS, QUARTER_FINAL, SEMI_FINAL } from './standardNames.ts';

/**
 * How an event names its rounds before the quarter-final: 'fraction' (1/8 Final, 1/16 Final …, the
 * default for new events) or 'ordinal' (1st Round, 2nd Round …, the alternative an event may choose,
 * and what events made before the choice existed keep).
 */
export const ROUND_NAMINGS = ['fraction', 'ordinal'] as const;
export type RoundNaming = (typeof ROUND_NAMINGS)[number];
export const DEFAULT_ROUND_NAMING: RoundNaming = 'fraction';

export { FINAL, FRACTION_FINALS, QUARTER_FINAL, SEMI_FINAL };

/** Every name of the spec, in danced order. */
export const ROUND_NAMES: readonly string[] = [
  ...Array.from({ length: 7 }, (_, i) => `${ordinal(i + 1)} Round`),
  ...[...FRACTION_FINALS].reverse(),
  QUARTER_FINAL,
  SEMI_FINAL,
  FINAL,
];

/**
 * The name of the round at `index` (0 = first danced) of an event with `total` rounds.
 * With 'ordinal' naming, rounds before the quarter-final are "1st Round", "2nd Round", …; with
 * 'fraction' naming they are "1/8 Final", "1/16 Final", … counting back from the quarter-final, and
 * any rounds before the 1/512 Final are numbered rounds again.
 */
export function roundName(index: number, total: number, naming: RoundNaming = DEFAULT_ROUND_NAMING): string {
  const fromEnd = total - 1 - index;
  if (fromEnd === 0) return FINAL;
  if (fromEnd === 1) return SEMI_FINAL;
  if (fromEnd === 2) return QUARTER_FINAL;
  if (naming === 'fraction') {
    const fraction = FRACTION_FINALS[fromEnd - 3];
    if (fraction) return fraction;
  }
  return `${ordinal(index + 1)} Round`;
}

/** Names of all rounds of an event with `total` rounds, in danced order. */
export function roundNames(total: number, naming: RoundNaming = DEFAULT_ROUND_NAMING): string[] {
  return Array.from({ length: total }, (_, i) => roundName(i, total, naming));
}

/** True for the names this module gives; other names were typed by an organizer and are kept. */
export function isStandardRoundName(name: string): boolean {
  return (
    name === FINAL ||
    name === SEMI_FINAL ||
    name === QUARTER_FINAL ||
    (FRACTION_FINALS as readonly string[]).includes(name) ||
    /^\d+(st|nd|rd|th) Round$/.test(name)
  );
}
