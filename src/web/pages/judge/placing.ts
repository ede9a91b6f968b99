/** Final marking on a tablet: every couple gets a distinct place, by tapping in order or picking a place. */
export type Placing = Record<string, number>;

/** Tapping an unplaced couple gives it the lowest free place; tapping a placed couple frees its place. */
export function tapCouple(placing: Placing, couple: string, couples: number): Placing {
  const next = { ...placing };
  if (next[couple] !== undefined) {
    delete next[couple];
    return next;
  }
  const taken = new Set(Object.values(next));
  for (let p = 1; p <= couples; p++) {
    if (!taken.has(p)) {
      next[couple] = p;
      return next;
    }
  }
  return next;
}

/** Picking a place another couple holds swaps the two, so places stay distinct. */
export function pickPlace(placing: Placing, couple: string, place: number | null): Placing {
  const next = { ...placing };
  const before = next[couple];
  const holder = Object.keys(next).find((c) => next[c] === place && c !== couple);
  if (place === null) delete next[couple];
  else next[couple] = place;
  if (holder !== undefined) {
    if (before === undefined) delete next[holder];
    else next[holder] = before;
  }
  return next;
}

/** Complete = every couple placed 1…n with no gaps or duplicates. */
export function isComplete(placing: Placing, couples: readonly string[]): boolean {
  const places = couples.map((c) => placing[c]);
  if (places.some((p) => p === undefined)) return false;
  return new Set(places).size === couples.length && places.every((p) => p! >= 1 && p! <= couples.length);
}
