/**
 * Scores a round from its stored marks with the domain's rules (domain/marking/roundResult.ts) and
 * answers a round that cannot be scored as HTTP: 409 `no_panel`, 409 `marks_missing`, 409
 * `tie_decision_needed` with the chairman's options, 422 `invalid_marks` naming judge, dance and couple.
 */
import { HttpError } from '../../../errors.ts';
import { InvalidMarksError } from '../../../../domain/scoring/errors.ts';
import {
  MarksMissingError,
  NoPanelError,
  scoreRound as scoreRoundRules,
  TieDecisionNeededError,
  type RoundScore,
  type RoundToScore,
} from '../../../../domain/marking/roundResult.ts';
import type { TieDecision } from '../../../../domain/schemas/marks.ts';
import { roundLabel, type RoundContext } from '../context.ts';

/** The loaded round as the scoring rules see it. */
export const roundToScore = (ctx: RoundContext): RoundToScore => ({
  label: roundLabel(ctx),
  eventName: ctx.event.name,
  roundNumber: ctx.round.round_number,
  hasNextRound: ctx.next !== null,
  marking: ctx.marking,
  ajsTolerance: ctx.event.ajs_tolerance,
  judges: ctx.judges,
  marks: ctx.marks,
  out: ctx.out,
});

/** A scoring refusal as the HTTP answer (the one mapping); any other error passes through. */
export function scoringHttp(err: unknown): unknown {
  if (err instanceof NoPanelError) return new HttpError(409, 'no_panel', err.message);
  if (err instanceof MarksMissingError)
    return new HttpError(409, 'marks_missing', err.message, { missing: err.missing });
  if (err instanceof TieDecisionNeededError)
    return new HttpError(409, 'tie_decision_needed', err.message, {
      tiedAtCutoff: err.tiedAtCutoff,
      cutoffMarks: err.cutoffMarks,
      // AJS: the cut-off is a total score (shown to two decimals), not a number of marks.
      byTotal: err.byTotal,
      default: 'includeTied',
      options: err.options,
    });
  if (err instanceof InvalidMarksError)
    return new HttpError(422, 'invalid_marks', `${err.message}.`, {
      problem: err.problem,
      judge: err.judge,
      dance: err.dance,
      couple: err.couple,
    });
  return err;
}

/** Runs scoring rules, answering a refusal as `scoringHttp` says. */
export function underScoringRules<T>(rules: () => T): T {
  try {
    return rules();
  } catch (err) {
    throw scoringHttp(err);
  }
}

/** Computes a round from its marks; throws 409/422 with words a scrutineer can act on. */
export const scoreRound = (ctx: RoundContext, tieDecision: TieDecision | undefined): RoundScore =>
  underScoringRules(() => scoreRoundRules(roundToScore(ctx), tieDecision));
