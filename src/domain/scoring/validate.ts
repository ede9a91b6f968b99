import { InvalidMarksError } from './errors.ts';
import type { DanceMarks, FinalMarks, MarkCountProblem, RecallInput } from './types.ts';
import { compareCouples, judgeNames, ordinal } from './util.ts';

const inDance = (dance: string | null): string => (dance ? ` in the ${dance}` : '');

/**
 * Checks one dance of a final (Rules 2–4): every couple has one mark per judge, and each judge gave
 * every place 1..n exactly once. Returns the judge names to use in the working.
 */
export function validateDanceMarks(
  marks: DanceMarks,
  dance: string | null,
  givenJudges?: readonly string[],
): { couples: string[]; judges: string[] } {
  if (marks === null || typeof marks !== 'object' || Array.isArray(marks)) {
    throw new InvalidMarksError(
      'no-couples',
      `Marks${inDance(dance)} must be an object of couple → places`,
      null,
      dance,
    );
  }
  const couples = Object.keys(marks).sort(compareCouples);
  if (couples.length === 0) {
    throw new InvalidMarksError('no-couples', `No couples were marked${inDance(dance)}`, null, dance);
  }
  const first = couples[0] as string;
  const firstMarks = marks[first];
  const judgeCount = Array.isArray(firstMarks) ? firstMarks.length : 0;
  if (judgeCount === 0) {
    throw new InvalidMarksError(
      'no-judges',
      `Couple ${first} has no marks${inDance(dance)}`,
      null,
      dance,
      first,
    );
  }
  if (givenJudges && givenJudges.length !== judgeCount) {
    throw new InvalidMarksError(
      'judge-names',
      `${givenJudges.length} judges were named but couples have ${judgeCount} marks${inDance(dance)}`,
      null,
      dance,
    );
  }
  const judges = judgeNames(judgeCount, givenJudges);
  const n = couples.length;
  for (const couple of couples) {
    const m = marks[couple];
    if (!Array.isArray(m) || m.length !== judgeCount) {
      const have = Array.isArray(m) ? m.length : 0;
      const missingJudge = have < judgeCount ? (judges[have] ?? null) : null;
      throw new InvalidMarksError(
        'ragged-marks',
        `Couple ${couple} has ${have} mark${have === 1 ? '' : 's'}${inDance(dance)} but couple ${first} has ` +
          `${judgeCount}: every judge must place every couple`,
        missingJudge,
        dance,
        couple,
      );
    }
  }
  for (let j = 0; j < judgeCount; j++) {
    const judge = judges[j] as string;
    const byPlace: Array<string | undefined> = new Array<string | undefined>(n + 1);
    for (const couple of couples) {
      const place = (marks[couple] as number[])[j];
      if (typeof place !== 'number' || !Number.isInteger(place) || place < 1 || place > n) {
        throw new InvalidMarksError(
          'not-a-place',
          `${judge} gave couple ${couple} "${String(place)}"${inDance(dance)}; places must be whole numbers from 1 to ${n}`,
          judge,
          dance,
          couple,
        );
      }
      const other = byPlace[place];
      if (other !== undefined) {
        throw new InvalidMarksError(
          'duplicate-place',
          `${judge} gave ${ordinal(place)} place to both couple ${other} and couple ${couple}${inDance(dance)}; ` +
            `each place 1–${n} must be given exactly once`,
          judge,
          dance,
          couple,
        );
      }
      byPlace[place] = couple;
    }
    // n distinct places in 1..n are necessarily all of them; kept for clarity of the rule.
    for (let p = 1; p <= n; p++) {
      if (byPlace[p] === undefined) {
        throw new InvalidMarksError(
          'missing-place',
          `${judge} did not give ${ordinal(p)} place${inDance(dance)}`,
          judge,
          dance,
        );
      }
    }
  }
  return { couples, judges };
}

/** Checks a multi-dance final: at least one dance, the same couples in every dance. */
export function validateFinalMarks(marks: FinalMarks): { dances: string[]; couples: string[] } {
  if (marks === null || typeof marks !== 'object' || Array.isArray(marks)) {
    throw new InvalidMarksError('no-dances', 'Final marks must be an object of dance → couple → places');
  }
  const dances = Object.keys(marks);
  if (dances.length === 0) throw new InvalidMarksError('no-dances', 'No dances were marked');
  const firstDance = dances[0] as string;
  const couples = Object.keys(marks[firstDance] ?? {}).sort(compareCouples);
  const known = new Set(couples);
  for (const dance of dances.slice(1)) {
    const here = Object.keys(marks[dance] ?? {});
    const hereSet = new Set(here);
    // A couple marked in one of the two dances only: named with the dance it has marks in.
    const onlyIn = (problem: 'unknown-couple' | 'missing-couple', c: string, marked: string, not: string) =>
      new InvalidMarksError(
        problem,
        `Couple ${c} has marks in the ${marked} but not in the ${not}`,
        null,
        dance,
        c,
      );
    const unknown = here.find((c) => !known.has(c));
    if (unknown !== undefined) throw onlyIn('unknown-couple', unknown, dance, firstDance);
    const missing = couples.find((c) => !hereSet.has(c));
    if (missing !== undefined) throw onlyIn('missing-couple', missing, firstDance, dance);
  }
  // One panel marks every dance: Rule 11's majority (judges × dances) assumes it, and a dance with a
  // judge missing would otherwise be placed with a smaller majority without anyone noticing.
  const panel = (dance: string) =>
    (Object.values(marks[dance] ?? {})[0] as unknown[] | undefined)?.length ?? 0;
  const judgeCount = panel(firstDance);
  for (const dance of dances.slice(1)) {
    const here = panel(dance);
    if (here !== judgeCount) {
      throw new InvalidMarksError(
        'ragged-marks',
        `The ${dance} has marks from ${here} judge${here === 1 ? '' : 's'} but the ${firstDance} from ${judgeCount}: the same panel must mark every dance`,
        null,
        dance,
      );
    }
  }
  return { dances, couples };
}

/**
 * Checks a recall round. Unknown couples and a couple marked twice by one judge are errors; a wrong
 * number of marks is returned as a problem (an error only when `requireExactCounts`).
 */
export function validateRecall(input: RecallInput, requireExactCounts: boolean): MarkCountProblem[] {
  const { couples, requested, marks } = input;
  if (!Array.isArray(couples) || couples.length === 0) {
    throw new InvalidMarksError('no-couples', 'A recall needs the list of couples that danced');
  }
  const known = new Set<string>();
  for (const c of couples) {
    if (typeof c !== 'string' || c === '') {
      throw new InvalidMarksError('unknown-couple', 'Couple numbers must be non-empty text');
    }
    if (known.has(c)) {
      throw new InvalidMarksError('duplicate-couple', `Couple ${c} is listed twice`, null, null, c);
    }
    known.add(c);
  }
  if (!Number.isInteger(requested) || requested < 1) {
    throw new InvalidMarksError(
      'invalid-requested',
      `The number of couples to recall must be a whole number of at least 1 (got ${String(requested)})`,
    );
  }
  if (marks === null || typeof marks !== 'object' || Array.isArray(marks)) {
    throw new InvalidMarksError('no-dances', 'Recall marks must be an object of dance → judge → couples');
  }
  const expected = Math.min(requested, couples.length);
  const problems: MarkCountProblem[] = [];
  for (const [dance, byJudge] of Object.entries(marks)) {
    if (byJudge === null || typeof byJudge !== 'object' || Array.isArray(byJudge)) {
      throw new InvalidMarksError(
        'no-judges',
        `Marks in the ${dance} must be an object of judge → couples`,
        null,
        dance,
      );
    }
    for (const [judge, marked] of Object.entries(byJudge)) {
      if (!Array.isArray(marked)) {
        throw new InvalidMarksError(
          'not-a-place',
          `${judge}'s marks in the ${dance} must be a list of couples`,
          judge,
          dance,
        );
      }
      const seen = new Set<string>();
      for (const c of marked) {
        if (!known.has(c)) {
          throw new InvalidMarksError(
            'unknown-couple',
            `${judge} marked couple ${String(c)} in the ${dance}, but that couple is not in this round`,
            judge,
            dance,
            String(c),
          );
        }
        if (seen.has(c)) {
          throw new InvalidMarksError(
            'duplicate-couple',
            `${judge} marked couple ${c} twice in the ${dance}`,
            judge,
            dance,
            c,
          );
        }
        seen.add(c);
      }
      if (marked.length !== expected) {
        const message =
          `${judge} marked ${marked.length} couple${marked.length === 1 ? '' : 's'} in the ${dance}; ` +
          `${expected} ${expected === 1 ? 'was' : 'were'} requested`;
        if (requireExactCounts) throw new InvalidMarksError('wrong-recall-count', message, judge, dance);
        problems.push({ dance, judge, marked: marked.length, requested: expected, message });
      }
    }
  }
  return problems;
}
