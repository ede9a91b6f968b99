/**
 * Championship formats, as pure rules; the sources are cited in
 * docs/scrutineering-formats.md:
 * - Star couples: seeded couples who join at a later round (WDSF exemptions, DTV "Sternchenpaare").
 * - Redance: the couples not recalled from a round dance again and the best of them rejoin the next
 *   round (DTV "Hoffnungsrunde"). It is a round of its own (`type: 'redance'`) right after the round
 *   it gives a second chance in, so marks, results and sheets work as for any recall round; the
 *   round after it takes couples from both.
 * - Disqualification and withdrawal: the couple leaves from a round on (or the whole event); results
 *   are recomputed without it; a couple withdrawing from a final already started keeps last place.
 */
import type { FinalMarks } from '../scoring/types.ts';
import { RoundRuleError, RoundState } from './state.ts';

export const ROUND_TYPES = ['regular', 'redance'] as const;
export type RoundType = (typeof ROUND_TYPES)[number];

/** Shown by a star couple's number on every screen and sheet. */
export const STAR_MARK = '★';

/** The name a redance round gets (the organizer may rename it). */
export const REDANCE_NAME = 'Redance';

export const WITHDRAWAL_KINDS = ['disqualified', 'withdrew'] as const;
export type WithdrawalKind = (typeof WITHDRAWAL_KINDS)[number];
/** What the public pages say for each kind. */
export const WITHDRAWAL_LABELS: Readonly<Record<WithdrawalKind, string>> = {
  disqualified: 'Disqualified',
  withdrew: 'Withdrew',
};

/** The part of a round these rules read. */
export interface FormatRound {
  roundNumber: number;
  roundName: string;
  roundState: RoundState;
  /** Absent: a regular round. */
  type?: RoundType;
}

const isRedance = (r: FormatRound) => r.type === 'redance';
const active = (r: FormatRound) => r.roundState !== RoundState.Skipped;
const sorted = <R extends FormatRound>(rounds: readonly R[]) =>
  [...rounds].sort((a, b) => a.roundNumber - b.roundNumber);

/**
 * Where a round's recalled couples go: the next regular round that is not skipped (a redance round
 * between them takes the couples NOT recalled instead). Null after the final.
 */
export function nextRegularRound<R extends FormatRound>(rounds: readonly R[], n: number): R | null {
  return sorted(rounds).find((r) => r.roundNumber > n && active(r) && !isRedance(r)) ?? null;
}

/** The redance of regular round `n`: the round right after it (not skipped), when it is a redance. */
export function redanceOf<R extends FormatRound>(rounds: readonly R[], n: number): R | null {
  const me = sorted(rounds).find((r) => r.roundNumber === n);
  if (!me || isRedance(me)) return null;
  const after = sorted(rounds).find((r) => r.roundNumber > n && active(r));
  return after && isRedance(after) ? after : null;
}

/**
 * The rounds whose posting hands couples to round `n`: the regular round before it and, when that
 * round has a redance, the redance too. A round starts only once all of them are posted.
 */
export function feedInsOf<R extends FormatRound>(rounds: readonly R[], n: number): R[] {
  const me = sorted(rounds).find((r) => r.roundNumber === n);
  if (!me) return [];
  const before = sorted(rounds).filter((r) => r.roundNumber < n && active(r));
  if (isRedance(me)) {
    const regular = [...before].reverse().find((r) => !isRedance(r));
    return regular ? [regular] : [];
  }
  const previous = [...before].reverse().find((r) => !isRedance(r));
  if (!previous) return [];
  const redance = redanceOf(rounds, previous.roundNumber);
  return redance ? [previous, redance] : [previous];
}

/**
 * Names of the feed-ins of round `n` not posted yet: the round cannot start before them (the couples
 * of a round after a redance are complete only once both the round and its redance are posted).
 */
export function pendingFeedIns(rounds: readonly FormatRound[], n: number): string[] {
  return feedInsOf(rounds, n)
    .filter((r) => r.roundState !== RoundState.Posted)
    .map((r) => r.roundName);
}

/**
 * A redance may follow a regular round that is not the final and does not have one already; it must
 * be added before the round is posted (its couples are handed on at posting).
 */
export function checkRedanceAfter(rounds: readonly FormatRound[], n: number): void {
  const all = sorted(rounds);
  const me = all.find((r) => r.roundNumber === n);
  if (!me) throw new RoundRuleError('no-such-round', `There is no round ${n} in this event`);
  if (isRedance(me)) throw new RoundRuleError('invalid-position', 'A redance cannot follow a redance');
  if (!nextRegularRound(all, n)) {
    throw new RoundRuleError('invalid-position', 'The Final has no redance: nobody dances after it');
  }
  if (redanceOf(all, n))
    throw new RoundRuleError('invalid-position', `${me.roundName} already has a redance`);
  if (me.roundState === RoundState.Posted) {
    throw new RoundRuleError(
      'round-has-results',
      `${me.roundName} is posted: un-post it to add a redance (its couples are handed on at posting)`,
    );
  }
}

/** A couple of the event as these rules see it. */
export interface FormatEntry {
  couple: string;
  /** Star couple: the round number they join at; null for everyone else. */
  joinsRound: number | null;
  /** The round number from which the couple is out (disqualified or withdrew), or null. */
  outFrom: number | null;
}

const outOf = (e: FormatEntry, n: number) => e.outFrom !== null && e.outFrom <= n;

/**
 * Who dances the first round danced: every entry except star couples joining later and couples out.
 */
export function firstRoundCouples(entries: readonly FormatEntry[], firstRound: number): string[] {
  return entries
    .filter((e) => (e.joinsRound === null || e.joinsRound <= firstRound) && !outOf(e, firstRound))
    .map((e) => e.couple);
}

/** Star couples who join round `n` (and are not out). */
export function starsJoining(entries: readonly FormatEntry[], n: number): string[] {
  return entries.filter((e) => e.joinsRound === n && !outOf(e, n)).map((e) => e.couple);
}

/**
 * A star couple joins a regular round after the first one danced (joining the first round is simply
 * dancing it), at the latest the final.
 */
export function checkStarRound(rounds: readonly FormatRound[], n: number): void {
  const all = sorted(rounds).filter(active);
  const target = all.find((r) => r.roundNumber === n);
  if (!target) {
    throw new RoundRuleError(
      'no-such-round',
      `There is no round ${n} to join in this event (skipped or missing)`,
    );
  }
  if (isRedance(target)) {
    throw new RoundRuleError('invalid-position', 'A star couple joins a regular round, not a redance');
  }
  if (all[0]?.roundNumber === n) {
    throw new RoundRuleError(
      'invalid-position',
      `${target.roundName} is the first round: every couple dances it, so nobody is a star couple there`,
    );
  }
}

/**
 * Who goes where when a regular round is posted: the recalled couples and the star couples joining
 * the next round go to it; with a redance, the couples not recalled go to the redance. Couples who
 * are out (disqualified, withdrew) go nowhere.
 */
export function handOn(f: {
  /** The round's couples. */
  couples: readonly string[];
  recalled: readonly string[];
  /** Star couples joining the next round. */
  stars: readonly string[];
  hasRedance: boolean;
  /** Couples out of the event from the next round on. */
  out: readonly string[];
}): { next: string[]; redance: string[] } {
  const out = new Set(f.out);
  const recalled = new Set(f.recalled);
  const next = [...new Set([...f.recalled, ...f.stars])].filter((c) => !out.has(c));
  const redance = f.hasRedance ? f.couples.filter((c) => !recalled.has(c) && !out.has(c)) : [];
  return { next, redance };
}

/** After a redance is posted, the next round dances with those already there plus the redance's recalled. */
export function joinRedance(existing: readonly string[], recalled: readonly string[]): string[] {
  return [...new Set([...existing, ...recalled])];
}

/**
 * How many couples a round recalls so that the next round holds `size` couples, given the star couples
 * joining it and the couples its redance brings back: a 12-couple semi-final with 2 star couples
 * recalls 10 from the quarter-final. At least 1.
 */
export function recallSizeFor(size: number, stars: number, redanceRecall = 0): number {
  return Math.max(1, size - stars - redanceRecall);
}

// --- disqualification and withdrawal --------------------------------------------------------

/**
 * A couple leaving a final that had started (Running, Marked or Posted) keeps the last place when it
 * withdrew; a disqualified couple loses its placing wherever it happens, and a couple withdrawing
 * before the final started simply does not dance it.
 */
export function keepsLastPlace(kind: WithdrawalKind, isFinal: boolean, finalState: RoundState): boolean {
  const started =
    finalState === RoundState.Running || finalState === RoundState.Marked || finalState === RoundState.Posted;
  return kind === 'withdrew' && isFinal && started;
}

/**
 * A final's marks without some couples: each judge's places in each dance closed up (1, 2, 4, 5 →
 * 1, 2, 3, 4) in the judge's own order, so the Skating System places the remaining couples as if the
 * removed couples had not danced; the couples below them move up. A missing mark (0) stays missing.
 */
export function withoutCouples(marks: FinalMarks, remove: readonly string[]): FinalMarks {
  const gone = new Set(remove);
  const out: FinalMarks = {};
  for (const [dance, byCouple] of Object.entries(marks)) {
    const kept = Object.entries(byCouple).filter(([c]) => !gone.has(c));
    const judges = Math.max(0, ...kept.map(([, m]) => m.length));
    const closed: { [couple: string]: number[] } = Object.fromEntries(kept.map(([c, m]) => [c, [...m]]));
    for (let j = 0; j < judges; j++) {
      const ranked = kept
        .filter(([, m]) => (m[j] ?? 0) > 0)
        .sort(([, a], [, b]) => (a[j] as number) - (b[j] as number));
      ranked.forEach(([c], k) => {
        (closed[c] as number[])[j] = k + 1;
      });
    }
    out[dance] = closed;
  }
  return out;
}

/**
 * The final's placings with the couples who withdrew after it started put last, below everyone
 * placed; several share the last places (as tied couples do: 5 and 6 → 5.5 each).
 */
export function placeWithdrawnLast(
  places: Readonly<Record<string, number>>,
  withdrawn: readonly string[],
): Record<string, number> {
  const out: Record<string, number> = { ...places };
  for (const c of withdrawn) delete out[c];
  if (withdrawn.length === 0) return out;
  const first = Object.keys(out).length + 1;
  const last = first + withdrawn.length - 1;
  for (const c of withdrawn) out[c] = (first + last) / 2;
  return out;
}

/** A round with the couples placed in it (numbers), as the event's lists show it. */
export interface PlacedRound extends FormatRound {
  couples: readonly string[];
}

/**
 * The couples still in an event, the only ones the chairman can disqualify or record a withdrawal
 * for: those of its latest round with couples, those dancing a redance not posted yet that feeds
 * into it, and star couples joining a later round. Before any round has couples, every entry. A couple
 * not recalled from an earlier round is out of the event already.
 */
export function couplesStillIn(
  rounds: readonly PlacedRound[],
  entries: readonly Pick<FormatEntry, 'couple' | 'joinsRound'>[],
): Set<string> {
  const placed = sorted(rounds).filter((r) => active(r) && r.couples.length > 0);
  const latest = placed.at(-1);
  if (!latest) return new Set(entries.map((e) => e.couple));
  const redances = isRedance(latest)
    ? []
    : feedInsOf(rounds, latest.roundNumber).filter((r) => isRedance(r) && r.roundState !== RoundState.Posted);
  return new Set([
    ...latest.couples,
    ...redances.flatMap((r) => r.couples),
    ...entries.filter((e) => e.joinsRound !== null && e.joinsRound > latest.roundNumber).map((e) => e.couple),
  ]);
}
