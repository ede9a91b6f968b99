/**
 * WDSF Absolute Judging System 3.0 (AJS, "JS 3.0"): judges score components on an absolute scale; a
 * component's score is the mean of its judges' scores that lie within a tolerance of their median;
 * a dance's score is the sum of its components, the round's total the sum over its dances, and the
 * highest total wins. Pure. Sources and the choices made where no source was found: docs/ajs.md.
 */
import { InvalidMarksError, type MarksProblem } from './errors.ts';
import { compareCouples, meanPlace } from './util.ts';
import { recallFromTally } from './recall.ts';
import type { RecallResult } from './types.ts';
import { shuffleWith } from '../random.ts';

/** Technical quality, movement to music, partnering skills, choreography and presentation. */
export const AJS_COMPONENTS = ['TQ', 'MM', 'PS', 'CP'] as const;
export type AjsComponent = (typeof AJS_COMPONENTS)[number];

export const AJS_COMPONENT_NAMES: Record<AjsComponent, string> = {
  TQ: 'Technical quality',
  MM: 'Movement to music',
  PS: 'Partnering skills',
  CP: 'Choreography and presentation',
};

/** The scale: 1 (lowest) to 10 (highest) in steps of 0.25 (docs/ajs.md, "Scale"). */
export const AJS_MIN = 1;
export const AJS_MAX = 10;
export const AJS_STEP = 0.25;
/**
 * Scores further than the tolerance from their component's median are not used (docs/ajs.md,
 * "Tolerance"). The tolerance depends on the competition's grade: each event sets its own, 0.5 to 3
 * in steps of 0.05; without one, the value for Opens and other competitions.
 */
export const AJS_TOLERANCE_GRADES = [
  { grade: 'Open and other competitions', tolerance: 1.5 },
  { grade: 'Grand Slam / championship', tolerance: 1.2 },
] as const;
export const AJS_TOLERANCE: number = AJS_TOLERANCE_GRADES[0].tolerance;
export const AJS_TOLERANCE_MIN = 0.5;
export const AJS_TOLERANCE_MAX = 3;
export const AJS_TOLERANCE_STEP = 0.05;
/**
 * The tolerance every AJS result was scored with before events had their own: AJS events of an older
 * database or export, and stored results that do not name theirs, keep it so a re-score agrees.
 */
export const AJS_TOLERANCE_BEFORE_PER_EVENT = 1.2;

/** What is wrong with a tolerance (off its range or steps), else null; the event form and the server say it. */
export function ajsToleranceProblem(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'Tolerance must be a number';
  if (value < AJS_TOLERANCE_MIN || value > AJS_TOLERANCE_MAX)
    return `Tolerance must be from ${AJS_TOLERANCE_MIN} to ${AJS_TOLERANCE_MAX}`;
  const steps = value / AJS_TOLERANCE_STEP;
  if (Math.abs(steps - Math.round(steps)) > 1e-9)
    return `Tolerance must be in steps of ${AJS_TOLERANCE_STEP} (e.g. 1.2, 1.25, 1.5)`;
  return null;
}

/** The grade a tolerance is named for ("Grand Slam / championship"), or null for another value. */
export function ajsToleranceGrade(tolerance: number): string | null {
  return AJS_TOLERANCE_GRADES.find((g) => Math.abs(g.tolerance - tolerance) < 1e-9)?.grade ?? null;
}

/** One judge's scores of one couple: only the components the judge is assigned. */
export type AjsCoupleScores = Partial<Record<AjsComponent, number>>;
/** {dance: {judge: {couple: {TQ?, MM?, PS?, CP?}}}} */
export type AjsScores = { [dance: string]: { [judge: string]: { [couple: string]: AjsCoupleScores } } };

export interface AjsOptions {
  /** judge → the components they score. Without it each judge's components are read from their scores. */
  assignments?: { [judge: string]: readonly AjsComponent[] };
  /** Every couple of the round: each must be scored (default: every couple that appears). */
  couples?: readonly string[];
  tolerance?: number;
}

/** How one component of one couple in one dance was formed. */
export interface AjsComponentWorking {
  /** Judge → score, every score given. */
  scores: { [judge: string]: number };
  median: number;
  /** Judges whose scores were outside median ± tolerance and so not used. */
  dropped: string[];
  /** Mean of the scores used (unrounded). */
  score: number;
}

export interface AjsDanceScore {
  components: Record<AjsComponent, AjsComponentWorking>;
  /** Sum of the four component scores, unrounded (shown with `formatAjsTotal`). */
  total: number;
}

export interface AjsResult {
  /** Couple → place (1 = highest total); equal totals share the mean place (2.5). */
  places: { [couple: string]: number };
  /** Couple → the sum of its dance scores, unrounded: places are decided on these. */
  totals: { [couple: string]: number };
  /** dance → couple → component working and the dance total. */
  dances: { [dance: string]: { [couple: string]: AjsDanceScore } };
  /** Couple → each component summed over the dances (unrounded). */
  componentTotals: { [couple: string]: Record<AjsComponent, number> };
  /** Couples best first, with total and place. */
  ranking: Array<{ couple: string; total: number; place: number }>;
  /** judge → the components they scored. */
  assignments: { [judge: string]: AjsComponent[] };
  /** The tolerance the result was scored with. */
  tolerance: number;
}

/**
 * An AJS total as shown and exported: two decimals, half up (32.675 → "32.68"). The total is first
 * read to the nearest millionth, so a sum stored as 32.67499999… in binary floating point rounds as
 * the 32.675 it is: real totals (means of quarter points) lie on a .xx5 boundary or at least 0.0008
 * from one, never within a millionth of it.
 */
export function formatAjsTotal(total: number): string {
  const millionths = Math.round(Math.abs(total) * 1e6);
  const hundredths = Math.floor((millionths + 5_000) / 10_000);
  const sign = total < 0 && hundredths > 0 ? '-' : '';
  return `${sign}${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/**
 * Two totals are equal when they differ by less than this: sums of the same means added in another
 * order differ in the last binary digits, while totals that really differ are at least 0.0008 apart.
 */
export const AJS_EQUAL_TOTALS = 1e-9;

/**
 * The totals with each run of equal ones (within `AJS_EQUAL_TOTALS`, highest first) given the same
 * value, the first of the run: places and recalls then compare them exactly.
 */
function mergeEqualTotals(totals: { [couple: string]: number }): { [couple: string]: number } {
  const order = Object.keys(totals).sort((a, b) => (totals[b] as number) - (totals[a] as number));
  const out: { [couple: string]: number } = {};
  let prev: number | null = null;
  let run = 0;
  for (const c of order) {
    const t = totals[c] as number;
    if (prev === null || prev - t >= AJS_EQUAL_TOTALS) run = t;
    out[c] = run;
    prev = t;
  }
  return out;
}

const isComponent = (c: string): c is AjsComponent => (AJS_COMPONENTS as readonly string[]).includes(c);

/**
 * Checks one score: a number on the scale in its steps. Returns the message for a bad one, else null.
 * Used by the tablet and the server as well as the engine.
 */
export function ajsScoreProblem(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'is not a number';
  if (value < AJS_MIN || value > AJS_MAX) return `${value} is off the scale (${AJS_MIN} to ${AJS_MAX})`;
  const steps = value / AJS_STEP;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) return `${value} is not in steps of ${AJS_STEP}`;
  return null;
}

/** What is wrong with one judge's scores of one couple in one dance. */
export type AjsCoupleScoresProblem =
  | { kind: 'not-scores' }
  | { kind: 'unknown-component'; component: string }
  | { kind: 'unassigned-component'; component: AjsComponent }
  | { kind: 'bad-score'; component: AjsComponent; problem: string }
  | { kind: 'missing-score'; components: AjsComponent[] };

/**
 * THE check of one judge's scores of one couple: an object holding exactly the judge's components
 * (`mine`), each score on the scale in its steps. The first problem found, else null. The judge's
 * tablet submission (marking.ts) and the engine (`validateAjs`) each say it in their own words.
 */
export function ajsCoupleScoresProblem(
  given: unknown,
  mine: readonly AjsComponent[],
): AjsCoupleScoresProblem | null {
  if (given === null || typeof given !== 'object' || Array.isArray(given)) return { kind: 'not-scores' };
  for (const [component, v] of Object.entries(given)) {
    if (!isComponent(component)) return { kind: 'unknown-component', component };
    if (!mine.includes(component)) return { kind: 'unassigned-component', component };
    const problem = ajsScoreProblem(v);
    if (problem) return { kind: 'bad-score', component, problem };
  }
  const missing = mine.filter((c) => !(c in given));
  return missing.length ? { kind: 'missing-score', components: missing } : null;
}

/** The median of a non-empty list (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/**
 * A component's score from its judges' scores: scores more than `tolerance` from the median are left
 * out (a score exactly at the tolerance stays), the rest averaged. With an even number of scores the
 * median may lie between two groups further apart than twice the tolerance (two judges 6 and 9): then
 * no score is within it and the scores nearest the median are used (a choice, docs/ajs.md).
 */
export function componentScore(
  scores: { [judge: string]: number },
  tolerance = AJS_TOLERANCE,
): AjsComponentWorking {
  const values = Object.values(scores);
  if (values.length === 0) throw new Error('componentScore needs at least one score');
  const m = median(values);
  // Distances in millionths: 1.2 away in floating point (e.g. 8.45 − 7.25) counts as exactly 1.2.
  const away = (v: number) => Math.round(Math.abs(v - m) * 1e6);
  const nearest = Math.min(...values.map(away));
  const limit = Math.max(Math.round(tolerance * 1e6), nearest);
  const outside = (v: number) => away(v) > limit;
  const dropped = Object.keys(scores).filter((j) => outside(scores[j] as number));
  const used = values.filter((v) => !outside(v));
  return { scores: { ...scores }, median: m, dropped, score: used.reduce((a, b) => a + b, 0) / used.length };
}

function fail(
  problem: ConstructorParameters<typeof InvalidMarksError>[0],
  message: string,
  where: { judge?: string; dance?: string; couple?: string } = {},
): never {
  throw new InvalidMarksError(
    problem,
    message,
    where.judge ?? null,
    where.dance ?? null,
    where.couple ?? null,
  );
}

/** Each judge's components: as assigned, or as read from the scores they gave (the same in every dance). */
function judgeComponents(scores: AjsScores, options: AjsOptions): { [judge: string]: AjsComponent[] } {
  if (options.assignments) {
    const out: { [judge: string]: AjsComponent[] } = {};
    for (const [judge, comps] of Object.entries(options.assignments)) {
      for (const c of comps)
        if (!isComponent(c))
          fail(
            'unknown-component',
            `Judge ${judge} is assigned ${c}, which is not an AJS component (TQ, MM, PS, CP)`,
            { judge },
          );
      out[judge] = AJS_COMPONENTS.filter((c) => comps.includes(c));
    }
    return out;
  }
  const out: { [judge: string]: Set<AjsComponent> } = {};
  for (const [dance, byJudge] of Object.entries(scores)) {
    for (const [judge, byCouple] of Object.entries(byJudge)) {
      const set = (out[judge] ??= new Set());
      for (const [couple, comps] of Object.entries(byCouple ?? {})) {
        for (const c of Object.keys(comps ?? {})) {
          if (!isComponent(c))
            fail(
              'unknown-component',
              `Judge ${judge} gave ${c} to couple ${couple} in the ${dance}: not an AJS component (TQ, MM, PS, CP)`,
              { judge, dance, couple },
            );
          set.add(c);
        }
      }
    }
  }
  return Object.fromEntries(Object.entries(out).map(([j, s]) => [j, AJS_COMPONENTS.filter((c) => s.has(c))]));
}

/** A problem with a judge's scores of one couple as the engine's refusal says it. */
function engineWords(
  problem: AjsCoupleScoresProblem,
  at: { judge: string; dance: string; couple: string; mine: readonly AjsComponent[] },
): [MarksProblem, string] {
  const { judge, dance, couple, mine } = at;
  switch (problem.kind) {
    case 'unknown-component':
      return [
        'unknown-component',
        `Judge ${judge} gave ${problem.component} to couple ${couple} in the ${dance}: not an AJS component (TQ, MM, PS, CP)`,
      ];
    case 'unassigned-component':
      return [
        'unassigned-component',
        `Judge ${judge} scored ${problem.component} for couple ${couple} in the ${dance} but is assigned ${mine.join(', ') || 'no component'}`,
      ];
    case 'bad-score':
      return [
        problem.problem.includes('steps') ? 'wrong-step' : 'off-scale',
        `Judge ${judge}'s ${problem.component} for couple ${couple} in the ${dance}: ${problem.problem}`,
      ];
    case 'not-scores':
    case 'missing-score': {
      const missing = problem.kind === 'missing-score' ? problem.components : mine;
      return [
        'missing-score',
        `Judge ${judge} has not scored ${missing.join(', ')} for couple ${couple} in the ${dance}`,
      ];
    }
  }
}

/**
 * Checks a whole round's scores; throws `InvalidMarksError` naming the judge, dance and couple: a score
 * off the scale or not in its steps, a component the judge is not assigned, a missing score, a
 * component nobody scores.
 */
export function validateAjs(
  scores: AjsScores,
  options: AjsOptions = {},
): {
  assignments: { [judge: string]: AjsComponent[] };
  couples: string[];
  dances: string[];
} {
  if (scores === null || typeof scores !== 'object' || Array.isArray(scores))
    fail('no-dances', 'Scores must be an object {dance: {judge: {couple: {TQ, MM, PS, CP}}}}');
  const dances = Object.keys(scores);
  if (dances.length === 0) fail('no-dances', 'No dance was scored');
  const assignments = judgeComponents(scores, options);
  const judges = Object.keys(assignments);
  if (judges.length === 0) fail('no-judges', 'No judge scored');
  for (const c of AJS_COMPONENTS) {
    if (!judges.some((j) => assignments[j]?.includes(c)))
      fail('missing-score', `No judge scores ${c} (${AJS_COMPONENT_NAMES[c]})`);
  }
  const couples = options.couples
    ? [...options.couples]
    : [
        ...new Set(
          dances.flatMap((d) => Object.values(scores[d] ?? {}).flatMap((bc) => Object.keys(bc ?? {}))),
        ),
      ];
  couples.sort(compareCouples);
  if (couples.length === 0) fail('no-couples', 'No couple was scored');
  const known = new Set(couples);
  for (const dance of dances) {
    const byJudge = scores[dance] ?? {};
    for (const judge of Object.keys(byJudge)) {
      if (!(judge in assignments))
        fail('judge-names', `Judge ${judge} scored the ${dance} but is not on the panel`, { judge, dance });
    }
    for (const judge of judges) {
      const mine = assignments[judge] as AjsComponent[];
      const byCouple = byJudge[judge] ?? {};
      for (const couple of Object.keys(byCouple)) {
        if (!known.has(couple))
          fail(
            'unknown-couple',
            `Judge ${judge} scored couple ${couple} in the ${dance}, who is not in this round`,
            { judge, dance, couple },
          );
      }
      for (const couple of couples) {
        const problem = ajsCoupleScoresProblem(byCouple[couple] ?? {}, mine);
        if (!problem) continue;
        const [kind, message] = engineWords(problem, { judge, dance, couple, mine });
        fail(kind, message, { judge, dance, couple });
      }
    }
  }
  return { assignments, couples, dances };
}

/**
 * Places from the unrounded totals, highest first; equal totals (within `AJS_EQUAL_TOTALS`) share the
 * mean place. Each couple keeps its own total in the ranking.
 */
export function ajsPlaces(exact: { [couple: string]: number }): AjsResult['ranking'] {
  const totals = mergeEqualTotals(exact);
  const order = Object.keys(totals).sort(
    (a, b) => (totals[b] as number) - (totals[a] as number) || compareCouples(a, b),
  );
  const out: AjsResult['ranking'] = [];
  for (let i = 0; i < order.length;) {
    let k = i;
    while (k + 1 < order.length && totals[order[k + 1] as string] === totals[order[i] as string]) k++;
    const place = meanPlace(i + 1, k - i + 1);
    for (let x = i; x <= k; x++)
      out.push({ couple: order[x] as string, total: exact[order[x] as string] as number, place });
    i = k + 1;
  }
  return out;
}

/**
 * The scores without some couples (disqualified, or withdrew). Scores are absolute, so the
 * others' scores stand as given; only the ranking closes up (docs/scrutineering-formats.md).
 */
export function withoutAjsCouples(scores: AjsScores, remove: readonly string[]): AjsScores {
  if (remove.length === 0) return scores;
  const gone = new Set(remove);
  return Object.fromEntries(
    Object.entries(scores).map(([dance, byJudge]) => [
      dance,
      Object.fromEntries(
        Object.entries(byJudge).map(([judge, byCouple]) => [
          judge,
          Object.fromEntries(Object.entries(byCouple).filter(([c]) => !gone.has(c))),
        ]),
      ),
    ]),
  );
}

/**
 * Scores a round under AJS 3.0: per dance and component the tolerance-trimmed mean of its judges,
 * per dance the sum of components, the total over dances, places by total (highest first).
 */
export function scoreAjs(scores: AjsScores, options: AjsOptions = {}): AjsResult {
  const { assignments, couples, dances } = validateAjs(scores, options);
  const tolerance = options.tolerance ?? AJS_TOLERANCE;
  const perDance: AjsResult['dances'] = {};
  const exact: { [couple: string]: Record<AjsComponent, number> } = {};
  for (const c of couples) exact[c] = { TQ: 0, MM: 0, PS: 0, CP: 0 };
  for (const dance of dances) {
    const byJudge = scores[dance] ?? {};
    const out: { [couple: string]: AjsDanceScore } = {};
    for (const couple of couples) {
      const components = {} as Record<AjsComponent, AjsComponentWorking>;
      let total = 0;
      for (const comp of AJS_COMPONENTS) {
        const given: { [judge: string]: number } = {};
        for (const [judge, mine] of Object.entries(assignments)) {
          if (mine.includes(comp)) given[judge] = byJudge[judge]?.[couple]?.[comp] as number;
        }
        const w = componentScore(given, tolerance);
        components[comp] = w;
        total += w.score;
        (exact[couple] as Record<AjsComponent, number>)[comp] += w.score;
      }
      out[couple] = { components, total };
    }
    perDance[dance] = out;
  }
  const totals: { [couple: string]: number } = {};
  const componentTotals: AjsResult['componentTotals'] = {};
  for (const c of couples) {
    const e = exact[c] as Record<AjsComponent, number>;
    totals[c] = e.TQ + e.MM + e.PS + e.CP;
    componentTotals[c] = { ...e };
  }
  const ranking = ajsPlaces(totals);
  const places = Object.fromEntries(ranking.map((r) => [r.couple, r.place]));
  return { places, totals, dances: perDance, componentTotals, ranking, assignments, tolerance };
}

/**
 * The two groups of a panel (docs/ajs.md, "Panel split"): as on the WDSF World Open score sheets, one
 * group scores TQ and PS, the other MM and CP.
 */
export const AJS_GROUPS = ['TQ+PS', 'MM+CP'] as const;
export type AjsGroup = (typeof AJS_GROUPS)[number];

export const AJS_GROUP_COMPONENTS: Record<AjsGroup, readonly AjsComponent[]> = {
  'TQ+PS': ['TQ', 'PS'],
  'MM+CP': ['MM', 'CP'],
};

/** "TQ + PS": a group, or any judge's components, as the tablet and the sheets name them. */
export const ajsComponentsLabel = (components: readonly AjsComponent[]): string => components.join(' + ');

/** The group a judge's components make, or null when they are not exactly one group. */
export function ajsGroupOf(components: readonly AjsComponent[]): AjsGroup | null {
  return (
    AJS_GROUPS.find(
      (g) => components.length === 2 && AJS_GROUP_COMPONENTS[g].every((c) => components.includes(c)),
    ) ?? null
  );
}

/** Judge → group as judge → components (the engine's and the marks check's assignments). */
export function ajsGroupAssignments(groups: { [judge: string]: AjsGroup }): {
  [judge: string]: AjsComponent[];
} {
  return Object.fromEntries(Object.entries(groups).map(([j, g]) => [j, [...AJS_GROUP_COMPONENTS[g]]]));
}

/**
 * The default split of a panel (judges in panel order): two groups as in JS 3.0, the first half
 * (the larger if odd) scoring TQ and PS, the second MM and CP; a panel of one judge scores everything.
 * docs/ajs.md.
 */
export function defaultAjsAssignments(judges: readonly string[]): { [judge: string]: AjsComponent[] } {
  if (judges.length === 1) return { [judges[0] as string]: [...AJS_COMPONENTS] };
  const half = Math.ceil(judges.length / 2);
  return ajsGroupAssignments(
    Object.fromEntries(judges.map((j, i) => [j, i < half ? 'TQ+PS' : 'MM+CP'] as const)),
  );
}

/**
 * A drawn split: the judges shuffled by `random` (a seeded generator, so the draw can be replayed from
 * its seed), the first half (the larger if odd) TQ + PS, the rest MM + CP. Needs two judges at least:
 * one judge cannot be both groups.
 */
export function drawAjsGroups(
  judges: readonly string[],
  random: () => number,
): { [judge: string]: AjsGroup } {
  if (judges.length < 2) throw new Error('A panel of fewer than two judges cannot be split in two groups');
  const order = shuffleWith(judges, random);
  const half = Math.ceil(order.length / 2);
  return Object.fromEntries(order.map((j, i) => [j, i < half ? 'TQ+PS' : 'MM+CP'] as const));
}

/**
 * The dances of a final where a judge gives a separate score for each component (docs/ajs.md, "One
 * score for both components"): as on the WDSF sheets, the Samba and Rumba of a Latin final and the
 * Waltz and Tango of a Standard final; in any other final its first two dances. Rounds before the
 * final: none (one score per group in every dance).
 */
export function defaultSeparateDances(dances: readonly string[], final: boolean): string[] {
  if (!final) return [];
  for (const pair of [
    ['Samba', 'Rumba'],
    ['Waltz', 'Tango'],
  ]) {
    if (pair.every((d) => dances.includes(d))) return dances.filter((d) => pair.includes(d));
  }
  return dances.slice(0, 2);
}

/**
 * In a dance with one score per group, a judge's one score counts for each of their components: the
 * components given a different score than the first, else null.
 */
export function ajsOneScoreProblem(scores: AjsCoupleScores): AjsComponent[] | null {
  const given = AJS_COMPONENTS.filter((c) => scores[c] !== undefined);
  const first = given[0];
  if (first === undefined) return null;
  const differ = given.filter((c) => scores[c] !== scores[first]);
  return differ.length ? differ : null;
}

/**
 * The rounds an event scores under AJS: its last `ajsRounds` rounds that are danced, none under the
 * Skating System. `rounds`: the round numbers of its regular rounds danced, in order — not skipped
 * ones, nor redances, which stay recalls with crosses and do not count among the `ajsRounds`.
 */
export function roundsUnderAjs(rounds: readonly number[], system: string, ajsRounds: number): number[] {
  return system === 'ajs' ? rounds.slice(-Math.max(1, ajsRounds)) : [];
}

/** The components no judge of the split scores (each needs one). */
export const ajsUnscored = (assignments: { [judge: string]: readonly AjsComponent[] }): AjsComponent[] =>
  AJS_COMPONENTS.filter((c) => !Object.values(assignments).some((cs) => cs.includes(c)));

/** A component no judge of the split scores ("No judge scores CP …"), else null. */
export function ajsSplitProblem(assignments: { [judge: string]: readonly AjsComponent[] }): string | null {
  const missing = ajsUnscored(assignments);
  return missing.length
    ? `No judge scores ${missing.join(', ')}: every component needs at least one judge`
    : null;
}

/**
 * The split a round uses: the organizer's for the judges it names, the default split (by panel
 * position) for any judge it does not name (e.g. added to the panel later).
 */
export function panelAjsAssignments(
  panel: readonly string[],
  set: { [judge: string]: readonly AjsComponent[] } | null,
): { [judge: string]: AjsComponent[] } {
  const fallback = defaultAjsAssignments(panel);
  return Object.fromEntries(
    panel.map((j) => [
      j,
      set?.[j]?.length ? AJS_COMPONENTS.filter((c) => set[j]!.includes(c)) : fallback[j]!,
    ]),
  );
}

/** A round's own panel as the scrutineer drew or set it (stored with the round). */
export interface RoundAjsPanel {
  groups: { [judge: string]: AjsGroup };
  separateDances: string[];
  how: 'drawn' | 'set';
  /** The draw's seed: `drawAjsGroups(panel, seededRandom(seed))` draws these groups again. */
  seed?: number;
}

/**
 * The panel a round is scored with: its own when the scrutineer drew or set one (a judge it does not
 * name, added later, takes the default), else the event's split, else the default; and the dances with
 * separate scores, its own or the defaults for a final or an earlier round.
 */
export function roundAjsSplit(
  panel: readonly string[],
  dances: readonly string[],
  final: boolean,
  own: RoundAjsPanel | null,
  eventSplit: { [judge: string]: readonly AjsComponent[] } | null,
): {
  assignments: { [judge: string]: AjsComponent[] };
  separateDances: string[];
  source: 'default' | 'event' | 'drawn' | 'set';
} {
  const separateDances = own
    ? dances.filter((d) => own.separateDances.includes(d))
    : defaultSeparateDances(dances, final);
  if (own)
    return {
      assignments: panelAjsAssignments(panel, ajsGroupAssignments(own.groups)),
      separateDances,
      source: own.how,
    };
  return {
    assignments: panelAjsAssignments(panel, eventSplit),
    separateDances,
    source: eventSplit ? 'event' : 'default',
  };
}

/** An AJS result as stored with a round's result (the Skating working is stored in the same place). */
export type StoredAjsResult = AjsResult & { system: 'ajs'; judges: string[] };

/**
 * A stored AJS result as read back: one stored before results named their tolerance was scored with
 * the tolerance of that time.
 */
export function readStoredAjs(stored: StoredAjsResult): StoredAjsResult {
  return typeof stored.tolerance === 'number'
    ? stored
    : { ...stored, tolerance: AJS_TOLERANCE_BEFORE_PER_EVENT };
}

/** A final's stored working told apart: the Skating System's table or the AJS result. */
export function splitFinalTable<T>(stored: unknown): { finalTable: T | null; ajs: StoredAjsResult | null } {
  if (stored && typeof stored === 'object' && (stored as { system?: unknown }).system === 'ajs')
    return { finalTable: null, ajs: readStoredAjs(stored as StoredAjsResult) };
  return { finalTable: (stored as T | null) ?? null, ajs: null };
}

/**
 * Recall under AJS (docs/ajs.md, a choice): the `requested` highest unrounded totals; couples tied on
 * the total at the cut-off (equal as `ajsPlaces` counts equal) are a tie for the chairman, as under
 * Rule 1 (recall all of them by default, or none). `tally` holds each couple's own total.
 */
export function ajsRecall(totals: { [couple: string]: number }, requested: number): RecallResult {
  return { ...recallFromTally(mergeEqualTotals(totals), Object.keys(totals), requested), tally: totals };
}
