/**
 * Why a couple got its place, as data: the scoring engine's decisions (Rules 5–8 per dance, Rules
 * 10–11 for a multi-dance final) with the numbers they rest on. Plain JSON, stored with a posted final
 * and sent by the API, so a reader's screen can word them in the reader's language. The English
 * sentences the engine has always given (`reason`, `text`) are worded from these values here, in one
 * place, so the data and the English cannot drift apart.
 */
import { columnLabel, formatPlace, ordinal } from './util.ts';

/** A couple's count(sum) in one column. */
export interface CoupleTally {
  couple: string;
  count: number;
  sum: number;
}

/** Columns looked at without a majority before the deciding one (Rule 8); columns are numbers (1, 2 = "1-2"). */
export interface SkippedColumns {
  from: number;
  to: number;
}

/** What every majority decision states: "a majority (3 of 5) in column 1-2". */
interface MajorityFacts {
  /** Marks needed for a majority. */
  majority: number;
  /** Marks each couple has (judges; judges × dances for Rule 11). */
  marks: number;
  /** The column the majority was found in. */
  column: number;
}

/** Several couples reached the majority in `column`; this couple was told apart from `second`/`first`. */
interface SeparationFacts extends MajorityFacts {
  skipped: SkippedColumns | null;
  /** How many couples reached the majority in the column. */
  candidates: number;
  /** The couple ahead, then the couple behind, in the deciding column. */
  first: CoupleTally;
  second: CoupleTally;
  place: number;
}

/** The decision of one couple's place by Rules 5–8 (a dance, or a Rule 11 comparison). */
export type PlacingWhy =
  /** The only couple with a majority in the first column looked at. */
  | (MajorityFacts & { kind: 'rule5'; count: number; sum: number; place: number })
  /** The only couple with a majority, after columns without one. */
  | (MajorityFacts & { kind: 'rule8'; skipped: SkippedColumns; count: number; sum: number; place: number })
  /** Larger majority in the column. */
  | (SeparationFacts & { kind: 'rule6' })
  /** Equal majority, lower sum. */
  | (SeparationFacts & { kind: 'rule7' })
  /** Equal count and sum in the column; a later column decides (`first`/`second` tallies are there). */
  | (SeparationFacts & { kind: 'rule7next'; equal: { count: number; sum: number }; decidingColumn: number })
  /** Equal to `others` in every column from `from` to `to`: places `firstPlace`–`lastPlace` shared. */
  | {
      kind: 'shared';
      others: string[];
      from: number;
      to: number;
      firstPlace: number;
      lastPlace: number;
      place: number;
    };

/** A couple a Rule 11 comparison did not place: it goes on to `nextPlace`. */
export interface NotPlacedWhy {
  kind: 'notPlaced';
  nextPlace: number;
}

/** How Rule 10 saw one tied couple (as `Rule10Line`). */
export interface Rule10Count {
  couple: string;
  count: number;
  sum: number;
}

/** The Rule 10 lines of a step: place P among the couples tied on `total`. */
interface Rule10Facts {
  place: number;
  /** The couples compared, by number. */
  couples: string[];
  total: number;
  /** Best first, as the engine ranked them. */
  lines: Rule10Count[];
}

/** One Rule 10 / Rule 11 decision of a multi-dance final. */
export type StepWhy =
  /** Rule 10 separated a winner: more dances placed P or better (`by: 'count'`), else the lower sum. */
  | (Rule10Facts & {
      kind: 'rule10';
      winner: string;
      by: 'count' | 'sum';
      best: { count: number; sum: number };
      runnerUp: { count: number; sum: number };
    })
  /** Rule 10 could not separate `leaders`; Rule 11 took all their marks as one dance. */
  | (Rule10Facts & {
      kind: 'rule11';
      leaders: string[];
      /** Marks each leader has in the comparison (judges × dances) and the majority of them. */
      marks: number;
      majority: number;
      /** The column that decided, the couples placed there (several: they share), and their place. */
      column: number;
      awarded: string[];
      placeAwarded: number;
      /** The leaders' count(sum) in `column`, by couple number. */
      standings: CoupleTally[];
    })
  /** The one couple left of those tied on `total`. */
  | { kind: 'lastOfTie'; couple: string; total: number; place: number }
  /** The other couple of a two-couple Rule 11 comparison. */
  | { kind: 'otherOfRule11'; couple: string; place: number };

const cell = (t: { count: number; sum: number }): string => `${t.count}(${t.sum})`;

/** The English sentence of a placing decision (a row's `reason`). */
export function placingReasonText(why: PlacingWhy | NotPlacedWhy): string {
  switch (why.kind) {
    case 'notPlaced':
      return `Not placed by this comparison; goes on to ${ordinal(why.nextPlace)} place`;
    case 'shared':
      return (
        `Equal to ${why.others.join(', ')} in every column from ${columnLabel(why.from)} to ` +
        `${columnLabel(why.to)}: places ${why.firstPlace}–${why.lastPlace} shared (${formatPlace(why.place)} each)`
      );
    case 'rule5':
    case 'rule8': {
      const start = why.kind === 'rule8' ? `${skippedText(why, why.skipped)}Only` : 'Rule 5: only';
      return (
        `${start} couple with a majority (${why.majority} of ${why.marks}) in column ${columnLabel(why.column)}: ` +
        `${cell(why)} → ${ordinal(why.place)}`
      );
    }
    default:
      return (
        `${why.skipped ? skippedText(why, why.skipped) : ''}${why.candidates} couples have a majority ` +
        `(${why.majority} of ${why.marks}) in column ${columnLabel(why.column)}. ${separationText(why)} → ` +
        ordinal(why.place)
      );
  }
}

function skippedText(facts: MajorityFacts, s: SkippedColumns): string {
  const several = s.to > s.from;
  return (
    `Rule 8: no majority (${facts.majority} of ${facts.marks}) in column${several ? 's' : ''} ` +
    `${columnLabel(s.from)}${several ? ` to ${columnLabel(s.to)}` : ''}. `
  );
}

function separationText(why: Extract<PlacingWhy, { kind: 'rule6' | 'rule7' | 'rule7next' }>): string {
  const { first, second } = why;
  if (why.kind === 'rule7next') {
    return (
      `Rule 7: couples ${first.couple} and ${second.couple} are equal in column ${columnLabel(why.column)}, ` +
      `${cell(why.equal)}; column ${columnLabel(why.decidingColumn)} decides: couple ${first.couple} ` +
      `${cell(first)}, couple ${second.couple} ${cell(second)}`
    );
  }
  const L = columnLabel(why.column);
  if (why.kind === 'rule6') {
    return (
      `Rule 6: larger majority in column ${L}: couple ${first.couple} has ${first.count}, ` +
      `couple ${second.couple} has ${second.count}`
    );
  }
  return (
    `Rule 7: equal majority (${first.count}) in column ${L}, the lower sum places higher: ` +
    `couple ${first.couple} ${cell(first)}, couple ${second.couple} ${cell(second)}`
  );
}

/** The English sentence of a Rule 10 / Rule 11 step (a step's `text`). */
export function stepText(why: StepWhy): string {
  switch (why.kind) {
    case 'lastOfTie':
      return `Couple ${why.couple} is the last of the couples tied on ${formatPlace(why.total)} takes ${ordinal(why.place)}.`;
    case 'otherOfRule11':
      return `Couple ${why.couple}, the other couple of the Rule 11 comparison, takes ${ordinal(why.place)}.`;
    case 'rule10': {
      const P = ordinal(why.place);
      const reason =
        why.by === 'count'
          ? `more dances placed ${P} or better (${why.best.count} against ${why.runnerUp.count})`
          : `the same number of dances placed ${P} or better (${why.best.count}) with the lower sum ` +
            `(${formatPlace(why.best.sum)} against ${formatPlace(why.runnerUp.sum)})`;
      return `${rule10Text(why)} Couple ${why.winner} has ${reason} and takes ${P}.`;
    }
    case 'rule11': {
      const prefix =
        `${rule10Text(why)} ${capitalize(joinCouples(why.leaders))} cannot be separated by Rule 10. ` +
        `Rule 11: their ${why.marks} marks each (all judges, all dances), majority ${why.majority}, from column ` +
        `${columnLabel(why.place)}.`;
      const n = why.awarded.length;
      const decision =
        n > 1
          ? `${capitalize(joinCouples(why.awarded))} are equal in every column from ${columnLabel(why.column)} on and ` +
            `share places ${why.place}–${why.place + n - 1} (${formatPlace(why.placeAwarded)} each).`
          : `In column ${columnLabel(why.column)}: ${why.standings
              .map((s) => `couple ${s.couple} ${cell(s)}`)
              .join(', ')}. Couple ${why.awarded[0]} takes ${ordinal(why.place)}.`;
      return `${prefix} ${decision}`;
    }
  }
}

/** "Rule 10 for 3rd place between couples 12 and 14 (total 9): 12: 2× 3rd or better (sum 4); …." */
function rule10Text(why: Rule10Facts): string {
  const P = ordinal(why.place);
  const lines = why.lines
    .map((l) => `${l.couple}: ${l.count}× ${P} or better (sum ${formatPlace(l.sum)})`)
    .join('; ');
  return `Rule 10 for ${P} place between ${joinCouples(why.couples)} (total ${formatPlace(why.total)}): ${lines}.`;
}

/** "couple 12", "couples 12, 14 and 15" (the couples as given: the engine sorts them by number). */
function joinCouples(cs: readonly string[]): string {
  if (cs.length <= 1) return `couple ${cs[0] ?? ''}`;
  return `couples ${cs.slice(0, -1).join(', ')} and ${cs.at(-1)}`;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
