import { compareLevels, type Level } from './levels.ts';
import type { Style } from './styles.ts';

/** A level a dancer has placed out of in a style (they are now too good for it). */
export interface PlacedOut {
  style: Style;
  level: Level;
}

export interface LevelRefusal {
  dancer: string;
  style: Style;
  level: Level;
  /** The highest level the dancer has placed out of in this style. */
  placedOutOf: Level;
  message: string;
}

/**
 * Level rule (spec §5, domain.md): a dancer who has placed out of level L in a style may not enter that
 * style at L or below. Returns the refusal naming the dancer and the rule, or null when allowed.
 */
export function checkLevelEligibility(
  dancer: string,
  event: { style: Style; level: Level },
  placedOut: readonly PlacedOut[],
): LevelRefusal | null {
  let highest: Level | null = null;
  for (const p of placedOut) {
    if (p.style !== event.style) continue;
    if (highest === null || compareLevels(p.level, highest) > 0) highest = p.level;
  }
  if (highest === null || compareLevels(event.level, highest) > 0) return null;
  return {
    dancer,
    style: event.style,
    level: event.level,
    placedOutOf: highest,
    message:
      `${dancer} has placed out of ${highest} ${event.style} and may not enter ${event.style} at ` +
      `${highest} or below (this event is ${event.level}).`,
  };
}

/** Both dancers of a couple; every refusal is returned so the message can name each dancer. */
export function checkCoupleEligibility(
  event: { style: Style; level: Level },
  dancers: ReadonlyArray<{ name: string; placedOut: readonly PlacedOut[] }>,
): LevelRefusal[] {
  return dancers
    .map((d) => checkLevelEligibility(d.name, event, d.placedOut))
    .filter((r): r is LevelRefusal => r !== null);
}
