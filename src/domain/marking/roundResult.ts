/**
 * A round's result from its stored marks: the recall tally (with the chairman's tie decision at the
 * cut-off), the final's Skating System placings, or the AJS scores of a final or a recall round.
 * Couples out of the round (disqualified, withdrew) do not count. Pure: the server reads the round and
 * stores what this answers; a round that cannot be scored yet throws a domain error saying why.
 */
import {
  ajsRecall,
  placeMultiDance,
  recallTally,
  scoreAjs,
  withoutAjsCouples,
  type RecallInput,
  type RecallResult,
} from '../scoring/index.ts';
import { formatAjsTotal, type StoredAjsResult } from '../scoring/ajs.ts';
import {
  ajsScoresFrom,
  describeMissing,
  finalMarksFrom,
  missingMarks,
  recallInputFrom,
  recallsByJudge,
  type MarkingRound,
  type PanelJudge,
  type StoredMark,
} from '../marking.ts';
import type { TieDecision } from '../schemas/marks.ts';
import { placeWithdrawnLast, withoutCouples } from '../rounds/formats.ts';

/** The round as scoring needs it. */
export interface RoundToScore {
  /** "Semi-final of Gold Waltz", as refusals name it. */
  label: string;
  eventName: string;
  roundNumber: number;
  /** A round before the final: the highest are recalled to the next one. */
  hasNextRound: boolean;
  marking: MarkingRound;
  /** The event's AJS tolerance (docs/ajs.md "Tolerance"): used when the round is scored under AJS. */
  ajsTolerance: number;
  /** The panel in panel order. */
  judges: readonly PanelJudge[];
  marks: readonly StoredMark[];
  /** Couples out of this round by number; a finalist who withdrew once the final started keeps last place. */
  out: ReadonlyMap<string, { fromRound: number; keepsPlace: boolean }>;
}

/** The event has no judges to mark the round. */
export class NoPanelError extends Error {
  override readonly name = 'NoPanelError';
  constructor(readonly eventName: string) {
    super(`${eventName} has no judges to mark it.`);
  }
}

/** Some judges have not marked some dances yet. */
export class MarksMissingError extends Error {
  override readonly name = 'MarksMissingError';
  constructor(
    readonly roundLabel: string,
    readonly missing: ReturnType<typeof missingMarks>,
  ) {
    super(`${roundLabel} cannot be computed yet: ${describeMissing(missing)}`);
  }
}

/** Couples tie at the recall cut-off: the chairman recalls all of them or none of them. */
export class TieDecisionNeededError extends Error {
  override readonly name = 'TieDecisionNeededError';
  readonly options: {
    includeTied: { count: number; recalled: string[] };
    excludeTied: { count: number; recalled: string[] };
  };
  constructor(
    readonly tiedAtCutoff: readonly string[],
    readonly cutoffMarks: number,
    tally: Pick<RecallResult, 'recallIfTiesIncluded' | 'recallIfTiesExcluded'>,
    /** AJS: the cut-off is a total score, not a number of marks. */
    readonly byTotal: boolean,
  ) {
    const includeTied = tally.recallIfTiesIncluded.length;
    const excludeTied = tally.recallIfTiesExcluded.length;
    super(
      `${tiedAtCutoff.length} couples (${tiedAtCutoff.join(', ')}) are tied at the cut-off with ${byTotal ? `a total of ${formatAjsTotal(cutoffMarks)}` : `${cutoffMarks} marks`}: recall all of them (${includeTied} couples) or none of them (${excludeTied} couples).`,
    );
    this.options = {
      includeTied: { count: includeTied, recalled: tally.recallIfTiesIncluded },
      excludeTied: { count: excludeTied, recalled: tally.recallIfTiesExcluded },
    };
  }
}

/** Why a round cannot be scored (besides `InvalidMarksError`, marks the rules cannot be applied to). */
export type ScoringRefusal = NoPanelError | MarksMissingError | TieDecisionNeededError;

/**
 * Scores a round from its marks. Throws `NoPanelError`, `MarksMissingError`, `TieDecisionNeededError`
 * (a tie at the cut-off and no decision given) or the engine's `InvalidMarksError`.
 */
export function scoreRound(round: RoundToScore, tieDecision: TieDecision | undefined) {
  const missing = missingMarks(round.judges, round.marking.dances, round.marks);
  if (round.judges.length === 0) throw new NoPanelError(round.eventName);
  if (missing.length) throw new MarksMissingError(round.label, missing);
  if (round.marking.kind === 'ajs') {
    // Judges by label, as on the sheets; each judge's components from the panel's split.
    const byId = new Map(round.judges.map((j) => [String(j.id), j.label]));
    const assignments = Object.fromEntries(
      Object.entries(round.marking.ajsComponents ?? {}).map(([id, comps]) => [byId.get(id) ?? id, comps]),
    );
    // Couples out of the round are not ranked; the others' scores stand.
    const out = [...round.out.keys()];
    const result = scoreAjs(withoutAjsCouples(ajsScoresFrom(round.marking, round.judges, round.marks), out), {
      assignments,
      couples: round.marking.couples.filter((c) => !round.out.has(c)),
      tolerance: round.ajsTolerance,
    });
    const stored: StoredAjsResult = { system: 'ajs', judges: round.judges.map((j) => j.label), ...result };
    // A round before the final: the highest totals are recalled, a tie at the cut-off as under Rule 1.
    if (round.hasNextRound)
      return recallOutcome(ajsRecall(result.totals, round.marking.recallSize), tieDecision, {}, stored);
    return finalOutcome(placeWithdrawnLast(result.places, keptLast(round)), stored);
  }
  if (round.marking.kind === 'final') {
    // Couples out of the final that judges had already placed: their marks are taken out and each
    // judge's places closed up, so the couples below move up (formats.ts, docs/scrutineering-formats.md).
    const marked = new Set(round.marks.flatMap((m) => (Array.isArray(m.value) ? [] : Object.keys(m.value))));
    const danced = [...round.out.keys()].filter((c) => marked.has(c));
    const all = finalMarksFrom(
      { ...round.marking, couples: [...round.marking.couples, ...danced] },
      round.judges,
      round.marks,
    );
    const placed = placeMultiDance(danced.length ? withoutCouples(all, danced) : all, {
      judges: round.judges.map((j) => j.label),
    });
    // With couples taken out, the tables hold the closed-up places: keep the marks given beside them.
    const result = danced.length ? { ...placed, given: all } : placed;
    return finalOutcome(placeWithdrawnLast(result.places, keptLast(round)), result);
  }
  const r = recallTally(withoutOut(recallInputFrom(round.marking, round.judges, round.marks), round));
  return recallOutcome(r, tieDecision, recallsByJudge(round.marking, round.judges, round.marks), null);
}

/** What `scoreRound` answers: a final's placings and table, or a recall round's tally and recalled couples. */
export type RoundScore = ReturnType<typeof scoreRound>;

function finalOutcome<T>(placements: { [couple: string]: number }, finalTable: T) {
  return {
    kind: 'final' as const,
    placements,
    finalTable,
    sumRecalls: null,
    recalled: null,
    tieDecision: null,
    extra: null,
  };
}

/** A recall round's result from its tally (marks, or AJS totals), asking the chairman about a tie at the cut-off. */
function recallOutcome(
  r: RecallResult,
  tieDecision: TieDecision | undefined,
  byJudge: { [couple: string]: { [judge: string]: number } },
  ajs: StoredAjsResult | null,
) {
  const options = {
    includeTied: r.recallIfTiesIncluded.length,
    excludeTied: r.recallIfTiesExcluded.length,
  };
  const tied = r.tiedAtCutoff.length > 0;
  if (tied && !tieDecision) throw new TieDecisionNeededError(r.tiedAtCutoff, r.cutoffMarks, r, ajs !== null);
  const recalled = !tied
    ? r.recalled
    : tieDecision === 'excludeTied'
      ? r.recallIfTiesExcluded
      : r.recallIfTiesIncluded;
  return {
    kind: 'recall' as const,
    placements: r.ranking,
    finalTable: null,
    sumRecalls: r.tally,
    recalled,
    tieDecision: tied ? (tieDecision ?? null) : null,
    extra: {
      byJudge,
      cutoffMarks: r.cutoffMarks,
      tiedAtCutoff: r.tiedAtCutoff,
      options,
      markCountProblems: r.markCountProblems,
      // An AJS recall keeps its component scores for the results pages.
      ...(ajs ? { ajs } : {}),
    },
  };
}

/** Finalists who withdrew once the final had started: they keep the last place (formats.ts). */
const keptLast = (round: RoundToScore) =>
  [...round.out].filter(([, o]) => o.keepsPlace && o.fromRound === round.roundNumber).map(([c]) => c);

/**
 * A recall round's marks without the couples out of it (disqualified or withdrew after judges marked
 * them): their marks no longer count, so the couples below them reach the cut-off.
 */
function withoutOut(input: RecallInput, round: RoundToScore): RecallInput {
  if (round.out.size === 0) return input;
  const marks: RecallInput['marks'] = {};
  for (const [dance, byJudge] of Object.entries(input.marks)) {
    marks[dance] = Object.fromEntries(
      Object.entries(byJudge).map(([judge, couples]) => [judge, couples.filter((c) => !round.out.has(c))]),
    );
  }
  return { ...input, marks };
}
