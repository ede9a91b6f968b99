/**
 * Scores a round from its stored marks with the scoring engine: the recall tally (with the
 * chairman's tie decision at the cut-off) or the final's Skating System placings.
 */
import { HttpError } from '../../../errors.ts';
import {
  InvalidMarksError,
  placeMultiDance,
  recallTally,
  scoreAjs,
  ajsRecall,
  withoutAjsCouples,
  type RecallInput,
  type RecallResult,
} from '../../../../domain/scoring/index.ts';
import type { StoredAjsResult } from '../../../../domain/scoring/ajs.ts';
import {
  ajsScoresFrom,
  describeMissing,
  finalMarksFrom,
  missingMarks,
  recallInputFrom,
  recallsByJudge,
} from '../../../../domain/marking.ts';
import type { TieDecision } from '../../../../domain/schemas/marks.ts';
import { placeWithdrawnLast, withoutCouples } from '../../../../domain/rounds/index.ts';
import { roundLabel, type RoundContext } from '../context.ts';

/** Computes a round from its marks; throws 409/422 with words a scrutineer can act on. */
export function scoreRound(ctx: RoundContext, tieDecision: TieDecision | undefined) {
  const missing = missingMarks(ctx.judges, ctx.marking.dances, ctx.marks);
  if (ctx.judges.length === 0)
    throw new HttpError(409, 'no_panel', `${ctx.event.name} has no judges to mark it.`);
  if (missing.length) {
    throw new HttpError(
      409,
      'marks_missing',
      `${roundLabel(ctx)} cannot be computed yet: ${describeMissing(missing)}`,
      {
        missing,
      },
    );
  }
  try {
    if (ctx.marking.kind === 'ajs') {
      // Judges by label, as on the sheets; each judge's components from the panel's split.
      const byId = new Map(ctx.judges.map((j) => [String(j.id), j.label]));
      const assignments = Object.fromEntries(
        Object.entries(ctx.marking.ajsComponents ?? {}).map(([id, comps]) => [byId.get(id) ?? id, comps]),
      );
      // Couples out of the round (disqualified, withdrew) are not ranked; the others' scores stand.
      const out = [...ctx.out.keys()];
      const result = scoreAjs(withoutAjsCouples(ajsScoresFrom(ctx.marking, ctx.judges, ctx.marks), out), {
        assignments,
        couples: ctx.marking.couples.filter((c) => !ctx.out.has(c)),
      });
      const stored = { system: 'ajs' as const, judges: ctx.judges.map((j) => j.label), ...result };
      // A round before the final: the highest totals are recalled, a tie at the cut-off as under Rule 1.
      if (ctx.next)
        return recallOutcome(ajsRecall(result.totals, ctx.marking.recallSize), tieDecision, {}, stored);
      return {
        kind: 'final' as const,
        placements: placeWithdrawnLast(result.places, keptLast(ctx)),
        finalTable: stored,
        sumRecalls: null,
        recalled: null,
        tieDecision: null,
        extra: null,
      };
    }
    if (ctx.marking.kind === 'final') {
      // Couples out of the final that judges had already placed: their marks are taken out and each
      // judge's places closed up, so the couples below move up (formats.ts, docs/scrutineering-formats.md).
      const marked = new Set(ctx.marks.flatMap((m) => (Array.isArray(m.value) ? [] : Object.keys(m.value))));
      const danced = [...ctx.out.keys()].filter((c) => marked.has(c));
      const all = finalMarksFrom(
        { ...ctx.marking, couples: [...ctx.marking.couples, ...danced] },
        ctx.judges,
        ctx.marks,
      );
      const placed = placeMultiDance(danced.length ? withoutCouples(all, danced) : all, {
        judges: ctx.judges.map((j) => j.label),
      });
      // With couples taken out, the tables hold the closed-up places: keep the marks given beside them.
      const result = danced.length ? { ...placed, given: all } : placed;
      return {
        kind: 'final' as const,
        placements: placeWithdrawnLast(result.places, keptLast(ctx)),
        finalTable: result,
        sumRecalls: null,
        recalled: null,
        tieDecision: null,
        extra: null,
      };
    }
    const r = recallTally(withoutOut(recallInputFrom(ctx.marking, ctx.judges, ctx.marks), ctx));
    return recallOutcome(r, tieDecision, recallsByJudge(ctx.marking, ctx.judges, ctx.marks), null);
  } catch (err) {
    if (err instanceof InvalidMarksError) {
      throw new HttpError(422, 'invalid_marks', `${err.message}.`, {
        problem: err.problem,
        judge: err.judge,
        dance: err.dance,
        couple: err.couple,
      });
    }
    throw err;
  }
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
  if (tied && !tieDecision) {
    throw new HttpError(
      409,
      'tie_decision_needed',
      `${r.tiedAtCutoff.length} couples (${r.tiedAtCutoff.join(', ')}) are tied at the cut-off with ${ajs ? `a total of ${r.cutoffMarks}` : `${r.cutoffMarks} marks`}: recall all of them (${options.includeTied} couples) or none of them (${options.excludeTied} couples).`,
      {
        tiedAtCutoff: r.tiedAtCutoff,
        cutoffMarks: r.cutoffMarks,
        default: 'includeTied',
        options: {
          includeTied: { count: options.includeTied, recalled: r.recallIfTiesIncluded },
          excludeTied: { count: options.excludeTied, recalled: r.recallIfTiesExcluded },
        },
      },
    );
  }
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
const keptLast = (ctx: RoundContext) =>
  [...ctx.out].filter(([, o]) => o.keepsPlace && o.fromRound === ctx.round.round_number).map(([c]) => c);

/**
 * A recall round's marks without the couples out of it (disqualified or withdrew after judges marked
 * them): their marks no longer count, so the couples below them reach the cut-off.
 */
function withoutOut(input: RecallInput, ctx: RoundContext): RecallInput {
  if (ctx.out.size === 0) return input;
  const marks: RecallInput['marks'] = {};
  for (const [dance, byJudge] of Object.entries(input.marks)) {
    marks[dance] = Object.fromEntries(
      Object.entries(byJudge).map(([judge, couples]) => [judge, couples.filter((c) => !ctx.out.has(c))]),
    );
  }
  return { ...input, marks };
}
