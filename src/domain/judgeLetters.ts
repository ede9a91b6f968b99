/**
 * A judge's letter names them on every sheet and in every mark: within a competition no two judges
 * share one, and a judge keeps theirs (sheets may be printed) while others come and go.
 */

/** Judge letters A…Z, then AA, AB… for very large panels. */
export function judgeLetter(n: number): string {
  const A = 'A'.charCodeAt(0);
  return n < 26
    ? String.fromCharCode(A + n)
    : String.fromCharCode(A + Math.floor(n / 26) - 1) + String.fromCharCode(A + (n % 26));
}

/** The letter a new judge gets: the first one no judge of the competition holds. */
export function freeJudgeLetter(taken: Iterable<string>): string {
  const held = new Set(taken);
  let n = 0;
  while (held.has(judgeLetter(n))) n++;
  return judgeLetter(n);
}
