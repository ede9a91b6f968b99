export interface Pair {
  leadName: string;
  followName: string;
}

/** Names are compared trimmed, with inner spaces collapsed, case-insensitively. */
export function normalizeName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The same two people, in either position (spec §5): "Ana / Ben" and "ben / ANA " are one pair, so
 * they may not enter one event twice even if they swap lead and follow.
 */
export function samePair(a: Pair, b: Pair): boolean {
  const [al, af, bl, bf] = [a.leadName, a.followName, b.leadName, b.followName].map(normalizeName);
  return (al === bl && af === bf) || (al === bf && af === bl);
}

/**
 * The same key for the same two people in either position (samePair): entries store it so the
 * duplicate check looks one pair up instead of comparing with every entry of the event. The names are
 * joined by a line break, which a normalized name never holds (PostgreSQL text cannot hold the NUL
 * used before: migration 0011).
 */
export function pairKey(a: Pair): string {
  return [normalizeName(a.leadName), normalizeName(a.followName)].sort().join('\n');
}

/** The existing entry of this pair in the event, if any. */
export function findDuplicateEntry<E extends Pair>(entries: readonly E[], pair: Pair): E | undefined {
  return entries.find((e) => samePair(e, pair));
}
