/**
 * How far a couple got in an event, from what is posted: the final place, the last round the couple
 * danced, and whether that round did not recall them. What the results pages and a person's record
 * show. Pure: the server reads the posted rounds and the rounds the couple danced.
 */

/** A posted round of an event: a final's places, or the couples a recall round recalled. */
export type PostedRoundOutcome =
  | { roundNumber: number; kind: 'final'; places: { readonly [couple: string]: number } }
  | { roundNumber: number; kind: 'recall'; recalled: readonly string[] };

/** A round the couple was put into. */
export interface RoundDanced {
  roundNumber: number;
  roundName: string;
}

export interface CoupleStanding {
  /** The place in the posted final (null: no final posted, or the couple is not placed in it). */
  place: number | null;
  /** The name of the last round the couple danced. */
  roundReached: string | null;
  /** The last round danced is posted and did not recall the couple. */
  out: boolean;
  finalPosted: boolean;
  /** With the final posted, the rounds of the event danced (null before). */
  roundsDanced: number | null;
}

/**
 * The couple's standing in an event from its posted rounds (in any order) and the rounds the couple
 * danced; null while nothing is posted (which rounds a couple is in is not public before a post).
 */
export function coupleStanding(
  couple: string,
  posted: readonly PostedRoundOutcome[],
  danced: readonly RoundDanced[],
): CoupleStanding | null {
  if (posted.length === 0) return null;
  const final = posted.find((p) => p.kind === 'final');
  const last = danced.reduce<RoundDanced | undefined>(
    (a, d) => (a === undefined || d.roundNumber >= a.roundNumber ? d : a),
    undefined,
  );
  const lastPosted = last ? posted.find((p) => p.roundNumber === last.roundNumber) : undefined;
  return {
    place: final ? (final.places[couple] ?? null) : null,
    roundReached: last?.roundName ?? null,
    out: lastPosted?.kind === 'recall' && !lastPosted.recalled.includes(couple),
    finalPosted: final !== undefined,
    // Every posted round of the event was danced (a skipped round is never posted).
    roundsDanced: final ? posted.length : null,
  };
}
