import { keyFromName, uniqueKey, type KeyShape } from './keys.ts';

export const EVENT_KEY_MAX = 60;
const EVENT_KEY: KeyShape = { max: EVENT_KEY_MAX, fallback: 'event' };

/**
 * The URL-safe key of an event from its name: "Bronze Latin (C/R/S)" → "bronze-latin-c-r-s".
 * Accents are dropped (é → e); never empty ("event" when nothing usable is left).
 */
export const eventKeyFromName = (name: string): string => keyFromName(name, EVENT_KEY);

/** An event key not in `taken`: the plain key, else key-2, key-3, … (kept within the length limit). */
export const uniqueEventKey = (name: string, taken: ReadonlySet<string>): string =>
  uniqueKey(name, taken, EVENT_KEY);
