/**
 * Judges' marks as they are entered on the floor: checking one judge's dance against the round, and
 * turning the stored marks of a panel into the scoring engine's input. Pure; the server stores.
 */
import { InvalidMarksError } from './scoring/errors.ts';
import { validateDanceMarks } from './scoring/validate.ts';
import { compareCouples } from './scoring/util.ts';
import type { FinalMarks, RecallInput } from './scoring/types.ts';
import {
  AJS_COMPONENTS,
  ajsCoupleScoresProblem,
  ajsOneScoreProblem,
  type AjsComponent,
  type AjsCoupleScoresProblem,
  type AjsCoupleScores,
  type AjsScores,
} from './scoring/ajs.ts';

/**
 * Recall: the couple numbers a judge marked. Final: couple number → place. AJS final: couple number →
 * the judge's scores of their components ({TQ: 8.5, MM: 8.75}).
 */
export type MarkValue = string[] | { [couple: string]: number } | { [couple: string]: AjsCoupleScores };

/** 'ajs': a final scored under WDSF AJS 3.0 (docs/ajs.md). */
export type RoundKind = 'recall' | 'final' | 'ajs';

/** What the judge is asked to do in one round. */
export interface MarkingRound {
  kind: RoundKind;
  dances: readonly string[];
  /** Couple numbers dancing the round. */
  couples: readonly string[];
  /** Couples each judge marks in a recall round (the next round's size). */
  recallSize: number;
  /** AJS: official id → the components that judge scores (every judge of the panel). */
  ajsComponents?: { [officialId: string]: AjsComponent[] };
  /**
   * AJS: the dances where a judge gives a separate score for each component; in the others one score
   * counts for all of the judge's components (docs/ajs.md, "One score for both components").
   */
  ajsSeparateDances?: string[];
}

/** A judge of the panel, in panel order; `label` is the letter used on sheets ("A") or the name. */
export interface PanelJudge {
  id: number;
  label: string;
}

/** A mark as stored: one judge, one dance. */
export interface StoredMark {
  officialId: number;
  dance: string;
  value: MarkValue;
}

/** Why a judge's dance was refused: `invalid` is the judge's mistake, `count` may be overridden. */
export class MarkingError extends Error {
  override readonly name = 'MarkingError';
  constructor(
    readonly problem: 'unknown-dance' | 'unknown-couple' | 'invalid' | 'count',
    message: string,
    readonly dance: string | null = null,
  ) {
    super(message);
  }
}

/** How many couples a judge marks in a recall round: the recall size, or all when fewer danced. */
export const recallCount = (round: MarkingRound): number => Math.min(round.recallSize, round.couples.length);

export interface CheckedDance {
  dance: string;
  /** The value in one canonical form (couples in number order), so equal marks compare equal. */
  value: MarkValue;
  /** "6 of 8 marked" when a recall count is wrong (only when the override allowed it). */
  countProblem: string | null;
}

/**
 * Checks one judge's marks for one or more dances of a round. Throws `MarkingError`: an unknown dance
 * or couple, a couple marked twice, places that are not 1..n each once; a wrong recall count
 * ("6 of 8 marked") unless `override`.
 */
export function checkJudgeMarks(
  round: MarkingRound,
  body: { [dance: string]: MarkValue },
  override: boolean,
  officialId?: number,
): CheckedDance[] {
  const dances = Object.keys(body);
  if (dances.length === 0) throw new MarkingError('invalid', 'No dance was marked.');
  const known = new Set(round.couples);
  return dances.map((dance) => {
    if (!round.dances.includes(dance)) {
      throw new MarkingError(
        'unknown-dance',
        `The ${dance} is not danced in this round (dances: ${round.dances.join(', ')}).`,
        dance,
      );
    }
    const value = body[dance] as MarkValue;
    if (round.kind === 'ajs') {
      const mine = officialId === undefined ? undefined : round.ajsComponents?.[String(officialId)];
      return checkAjsDance(round, dance, value, known, mine ?? []);
    }
    return round.kind === 'recall'
      ? checkRecallDance(round, dance, value, known, override)
      : checkFinalDance(round, dance, value, known);
  });
}

function checkRecallDance(
  round: MarkingRound,
  dance: string,
  value: MarkValue,
  known: Set<string>,
  override: boolean,
): CheckedDance {
  if (!Array.isArray(value)) {
    throw new MarkingError('invalid', `Marks in the ${dance} must be a list of couple numbers.`, dance);
  }
  const seen = new Set<string>();
  for (const c of value) {
    if (!known.has(c)) {
      throw new MarkingError('unknown-couple', `Couple ${c} is not dancing this round (${dance}).`, dance);
    }
    if (seen.has(c)) throw new MarkingError('invalid', `Couple ${c} is marked twice in the ${dance}.`, dance);
    seen.add(c);
  }
  const wanted = recallCount(round);
  const countProblem =
    value.length === wanted
      ? null
      : `${value.length} of ${wanted} marked in the ${dance}: mark exactly ${wanted} couple${wanted === 1 ? '' : 's'}.`;
  if (countProblem && !override) throw new MarkingError('count', countProblem, dance);
  return { dance, value: [...value].sort(compareCouples), countProblem };
}

function checkFinalDance(
  round: MarkingRound,
  dance: string,
  value: MarkValue,
  known: Set<string>,
): CheckedDance {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new MarkingError('invalid', `Marks in the ${dance} must give each couple a place.`, dance);
  }
  for (const c of Object.keys(value)) {
    if (!known.has(c)) {
      throw new MarkingError('unknown-couple', `Couple ${c} is not dancing this final (${dance}).`, dance);
    }
  }
  const missing = round.couples.filter((c) => !(c in value));
  if (missing.length) {
    throw new MarkingError(
      'invalid',
      `Every couple needs a place in the ${dance}: couple${missing.length === 1 ? '' : 's'} ${missing.join(', ')} ${missing.length === 1 ? 'has' : 'have'} none.`,
      dance,
    );
  }
  const asMarks = Object.fromEntries(Object.entries(value).map(([c, p]) => [c, [p]]));
  try {
    validateDanceMarks(asMarks, dance);
  } catch (err) {
    if (err instanceof InvalidMarksError) throw new MarkingError('invalid', `${err.message}.`, dance);
    throw err;
  }
  const sorted = Object.keys(value)
    .sort(compareCouples)
    .map((c) => [c, value[c] as number] as const);
  return { dance, value: Object.fromEntries(sorted), countProblem: null };
}

/**
 * An AJS dance: every couple of the final scored in exactly the judge's components, each score on
 * the scale in its steps (src/domain/scoring/ajs.ts). Canonical form: couples and components in order.
 */
function checkAjsDance(
  round: MarkingRound,
  dance: string,
  value: MarkValue,
  known: Set<string>,
  mine: readonly AjsComponent[],
): CheckedDance {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new MarkingError(
      'invalid',
      `Scores in the ${dance} must give each couple your components' scores.`,
      dance,
    );
  }
  if (mine.length === 0)
    throw new MarkingError('invalid', 'You are not assigned any AJS component in this round.', dance);
  for (const c of Object.keys(value)) {
    if (!known.has(c))
      throw new MarkingError('unknown-couple', `Couple ${c} is not dancing this final (${dance}).`, dance);
  }
  const oneScore = round.ajsSeparateDances !== undefined && !round.ajsSeparateDances.includes(dance);
  const out: { [couple: string]: AjsCoupleScores } = {};
  for (const couple of [...round.couples].sort(compareCouples)) {
    const given = (value as Record<string, unknown>)[couple];
    if (given === undefined) {
      throw new MarkingError(
        'invalid',
        `Every couple needs your ${mine.join(' and ')} scores in the ${dance}: couple ${couple} has none.`,
        dance,
      );
    }
    const problem = ajsCoupleScoresProblem(given, mine);
    if (problem) throw new MarkingError('invalid', ajsProblemWords(problem, { couple, dance, mine }), dance);
    const scores = given as AjsCoupleScores;
    // One score for both components: the tablet sends it under each, so two values mean a mistake.
    if (oneScore && ajsOneScoreProblem(scores))
      throw new MarkingError(
        'invalid',
        `In the ${dance} you give one score for ${mine.join(' and ')}: couple ${couple} has ${mine.map((k) => `${k} ${scores[k]}`).join(', ')}.`,
        dance,
      );
    out[couple] = Object.fromEntries(mine.map((comp) => [comp, scores[comp]]));
  }
  return { dance, value: out, countProblem: null };
}

/** A problem with a judge's scores of one couple as the judge's tablet says it. */
function ajsProblemWords(
  problem: AjsCoupleScoresProblem,
  at: { couple: string; dance: string; mine: readonly AjsComponent[] },
): string {
  const { couple, dance, mine } = at;
  switch (problem.kind) {
    case 'not-scores':
      return `Couple ${couple}'s scores in the ${dance} must be {${mine.map((m) => `"${m}": 8.5`).join(', ')}}.`;
    case 'unknown-component':
      return `${problem.component} is not an AJS component (${AJS_COMPONENTS.join(', ')}): couple ${couple}, ${dance}.`;
    case 'unassigned-component':
      return `You score ${mine.join(' and ')} in this round, not ${problem.component} (couple ${couple}, ${dance}).`;
    case 'bad-score':
      return `${problem.component} for couple ${couple} in the ${dance}: ${problem.problem}.`;
    case 'missing-score':
      return `Couple ${couple} has no ${problem.components[0]} score in the ${dance}.`;
  }
}

/** What `judge` stored for `dance` (undefined: nothing yet). */
const storedValue = (marks: readonly StoredMark[], judge: PanelJudge, dance: string): MarkValue | undefined =>
  marks.find((m) => m.officialId === judge.id && m.dance === dance)?.value;

/**
 * dance → judge label → what `read` makes of the value the judge stored for the dance (undefined:
 * nothing yet): the shape both the recall and the AJS engine take, judges in panel order.
 */
function byDanceAndJudge<T>(
  round: MarkingRound,
  judges: readonly PanelJudge[],
  marks: readonly StoredMark[],
  read: (stored: MarkValue | undefined) => T,
): { [dance: string]: { [judge: string]: T } } {
  return Object.fromEntries(
    round.dances.map((dance) => [
      dance,
      Object.fromEntries(judges.map((j) => [j.label, read(storedValue(marks, j, dance))])),
    ]),
  );
}

/** The AJS engine's input from the panel's stored scores: dance → judge label → couple → scores. */
export function ajsScoresFrom(
  round: MarkingRound,
  judges: readonly PanelJudge[],
  marks: readonly StoredMark[],
): AjsScores {
  return byDanceAndJudge(round, judges, marks, (v) =>
    v && !Array.isArray(v) ? (v as { [couple: string]: AjsCoupleScores }) : {},
  );
}

/** Which judge has not yet submitted which dance, judges in panel order, dances in order. */
export function missingMarks(
  judges: readonly PanelJudge[],
  dances: readonly string[],
  marks: readonly StoredMark[],
): { officialId: number; judge: string; dance: string }[] {
  const have = new Set(marks.map((m) => `${m.officialId}\u0000${m.dance}`));
  return judges.flatMap((j) =>
    dances
      .filter((d) => !have.has(`${j.id}\u0000${d}`))
      .map((dance) => ({ officialId: j.id, judge: j.label, dance })),
  );
}

/** "Judge B has not marked the Tango; Judge C has not marked the Waltz" (at most `limit` named). */
export function describeMissing(missing: readonly { judge: string; dance: string }[], limit = 6): string {
  const named = missing.slice(0, limit).map((m) => `Judge ${m.judge} has not marked the ${m.dance}`);
  const more = missing.length > limit ? ` (and ${missing.length - limit} more)` : '';
  return `${named.join('; ')}${more}.`;
}

/** The recall engine's input from the panel's stored marks (judges by label). */
export function recallInputFrom(
  round: MarkingRound,
  judges: readonly PanelJudge[],
  marks: readonly StoredMark[],
): RecallInput {
  return {
    couples: [...round.couples],
    requested: round.recallSize,
    marks: byDanceAndJudge(round, judges, marks, (v) => (Array.isArray(v) ? [...v] : [])),
  };
}

/** Each couple's recall marks by judge over all dances: {couple: {judge: n}}. */
export function recallsByJudge(
  round: MarkingRound,
  judges: readonly PanelJudge[],
  marks: readonly StoredMark[],
): { [couple: string]: { [judge: string]: number } } {
  const out: { [couple: string]: { [judge: string]: number } } = {};
  for (const c of round.couples) out[c] = Object.fromEntries(judges.map((j) => [j.label, 0]));
  for (const m of marks) {
    const j = judges.find((x) => x.id === m.officialId);
    if (!j || !Array.isArray(m.value) || !round.dances.includes(m.dance)) continue;
    for (const c of m.value) {
      const row = out[c];
      if (row) row[j.label] = (row[j.label] ?? 0) + 1;
    }
  }
  return out;
}

/** The final engine's input from the panel's stored marks: dance → couple → places in panel order. */
export function finalMarksFrom(
  round: MarkingRound,
  judges: readonly PanelJudge[],
  marks: readonly StoredMark[],
): FinalMarks {
  const out: FinalMarks = {};
  for (const dance of round.dances) {
    const byCouple: { [couple: string]: number[] } = {};
    for (const c of round.couples) {
      byCouple[c] = judges.map((j) => {
        const stored = storedValue(marks, j, dance);
        const v = stored && !Array.isArray(stored) ? stored[c] : undefined;
        // A missing place (or an AJS score where a place belongs) is passed on as 0 so the engine names
        // judge and dance in its refusal.
        return typeof v === 'number' ? v : 0;
      });
    }
    out[dance] = byCouple;
  }
  return out;
}

/** Same marks? Compares the canonical forms `checkJudgeMarks` returns. */
export function sameMarkValue(a: MarkValue, b: MarkValue): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** JSON with object keys and recall lists in couple order, for comparing and fingerprinting. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) {
    const items = v.every((x) => typeof x === 'string') ? [...(v as string[])].sort(compareCouples) : v;
    return `[${items.map(canonicalJson).join(',')}]`;
  }
  if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v).sort(compareCouples);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}
