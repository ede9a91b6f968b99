/**
 * Rules 9–11: the final result of a multi-dance final.
 *
 * Rule 9: a couple's total is the sum of its places in each dance; lowest total wins.
 * Rule 10: couples with equal totals competing for place P — more dances placed P or better wins;
 *   then the lower sum of those places; then Rule 11. After place P is given by Rule 10, the remaining
 *   tied couples are compared afresh for P+1.
 * Rule 11: all marks of all dances of the couples still tied, as one dance (majority of judges ×
 *   dances), Rules 5–8 from column P. The winner takes P. If two couples went to Rule 11, the other
 *   takes P+1; if three or more went, the rest go back to Rule 10 for P+1 (among themselves, since all
 *   of them were ahead at Rule 10 of any couple that did not go to Rule 11). Couples Rule 11 cannot
 *   separate share the places.
 */
import { placeByMajority } from './majority.ts';
import { majorityOf, placeSingleDance } from './singleDance.ts';
import type {
  FinalMarks,
  FinalRule,
  MultiDanceOptions,
  MultiDanceResult,
  MultiDanceStep,
  PlacingTable,
  Rule10Line,
  Rule11Table,
} from './types.ts';
import { columnLabel, compareCouples, meanPlace } from './util.ts';
import { placingReasonText, stepText, type CoupleTally, type NotPlacedWhy, type StepWhy } from './why.ts';
import { validateFinalMarks } from './validate.ts';

export function placeMultiDance(marks: FinalMarks, options: MultiDanceOptions = {}): MultiDanceResult {
  const { dances, couples } = validateFinalMarks(marks);
  const n = couples.length;

  const perDance: Record<string, Record<string, number>> = {};
  const tables: Record<string, PlacingTable> = {};
  for (const dance of dances) {
    const r = placeSingleDance(marks[dance] as Record<string, number[]>, { dance, judges: options.judges });
    perDance[dance] = r.places;
    tables[dance] = r.table;
  }
  const placesByCouple = new Map(
    couples.map((c) => [c, dances.map((d) => (perDance[d] as Record<string, number>)[c] as number)]),
  );
  const placesOf = (c: string): number[] => placesByCouple.get(c) as number[];
  const totals: Record<string, number> = {};
  for (const c of couples) totals[c] = placesOf(c).reduce((a, b) => a + b, 0);

  const final: Record<string, number> = {};
  const ruleOf: Record<string, FinalRule> = {};
  const steps: MultiDanceStep[] = [];

  const rule10Lines = (group: readonly string[], P: number): Rule10Line[] =>
    group.map((couple) => {
      const good = placesOf(couple).filter((p) => p <= P);
      return { couple, count: good.length, sum: good.reduce((a, b) => a + b, 0) };
    });

  /** The one couple left of a tie takes place P. */
  const placeLastOfTie = (couple: string, P: number, total: number, rule: MultiDanceStep['rule']) => {
    final[couple] = P;
    ruleOf[couple] = rule;
    const why: StepWhy =
      rule === 'Rule 10'
        ? { kind: 'lastOfTie', couple, total, place: P }
        : { kind: 'otherOfRule11', couple, place: P };
    steps.push({
      rule,
      place: P,
      total,
      couples: [couple],
      awarded: [couple],
      placeAwarded: P,
      rule10: [],
      text: stepText(why),
      why,
    });
  };

  /** Resolves a group of couples tied on total, from place P. Returns the next free place. */
  const resolveTie = (group: readonly string[], startPlace: number, total: number): number => {
    let P = startPlace;
    let pending = [...group];
    while (pending.length > 0) {
      if (pending.length === 1) {
        const couple = pending[0] as string;
        placeLastOfTie(couple, P, total, 'Rule 10');
        return P + 1;
      }
      const lines = rule10Lines(pending, P).sort(
        (a, b) => b.count - a.count || a.sum - b.sum || compareCouples(a.couple, b.couple),
      );
      const best = lines[0] as Rule10Line;
      const leaders = lines.filter((l) => l.count === best.count && l.sum === best.sum).map((l) => l.couple);
      if (leaders.length === 1) {
        const winner = best.couple;
        const runnerUp = lines[1] as Rule10Line;
        const why: StepWhy = {
          kind: 'rule10',
          place: P,
          couples: sortedCouples(pending),
          total,
          lines: lines.map((l) => ({ ...l })),
          winner,
          by: best.count > runnerUp.count ? 'count' : 'sum',
          best: { count: best.count, sum: best.sum },
          runnerUp: { count: runnerUp.count, sum: runnerUp.sum },
        };
        final[winner] = P;
        ruleOf[winner] = 'Rule 10';
        steps.push({
          rule: 'Rule 10',
          place: P,
          total,
          couples: [...pending],
          awarded: [winner],
          placeAwarded: P,
          rule10: lines,
          text: stepText(why),
          why,
        });
        pending = pending.filter((c) => c !== winner);
        P += 1;
        continue;
      }

      // Rule 11 for the couples Rule 10 could not separate.
      const combined = leaders.map((couple) => ({
        couple,
        marks: dances.flatMap((d) => ((marks[d] as Record<string, number[]>)[couple] as number[]).slice()),
      }));
      const markCount = combined[0]?.marks.length ?? 0;
      const majority = majorityOf(markCount);
      const { groups, rows } = placeByMajority(combined, {
        majority,
        firstColumn: P,
        lastColumn: n,
        firstPlace: P,
        onlyFirst: true,
      });
      const top = groups[0];
      if (!top) throw new Error('internal: Rule 11 placed nobody');
      const rule11: Rule11Table = {
        majority,
        startColumn: P,
        columnLabels: Array.from({ length: n }, (_, i) => columnLabel(i + 1)),
        rows: [...leaders].sort(compareCouples).map((c) => {
          const r = rows.get(c);
          if (!r) throw new Error('internal: Rule 11 row missing');
          if (r.place !== null) return { ...r, why: r.why ?? undefined };
          const why: NotPlacedWhy = { kind: 'notPlaced', nextPlace: P + top.couples.length };
          return { ...r, reason: placingReasonText(why), why };
        }),
      };
      const value = meanPlace(P, top.couples.length);
      for (const c of top.couples) {
        final[c] = value;
        ruleOf[c] = top.couples.length > 1 ? 'Shared' : 'Rule 11';
      }
      const tallyAt = (c: string): CoupleTally => {
        const col = rows.get(c)?.columns.find((x) => x.column === top.column);
        return { couple: c, count: col?.count ?? 0, sum: col?.sum ?? 0 };
      };
      const why: StepWhy = {
        kind: 'rule11',
        place: P,
        couples: sortedCouples(pending),
        total,
        lines: lines.map((l) => ({ ...l })),
        leaders: sortedCouples(leaders),
        marks: markCount,
        majority,
        column: top.column,
        awarded: sortedCouples(top.couples),
        placeAwarded: value,
        standings: sortedCouples(leaders).map(tallyAt),
      };
      steps.push({
        rule: 'Rule 11',
        place: P,
        total,
        couples: [...leaders],
        awarded: [...top.couples],
        placeAwarded: value,
        rule10: lines,
        rule11,
        text: stepText(why),
        why,
      });
      P += top.couples.length;
      const rest = leaders.filter((c) => !top.couples.includes(c));
      if (rest.length === 1) {
        placeLastOfTie(rest[0] as string, P, total, 'Rule 11');
        P += 1;
      } else if (rest.length > 1) {
        P = resolveTie(rest, P, total);
      }
      pending = pending.filter((c) => !leaders.includes(c));
    }
    return P;
  };

  const byTotal = [...couples].sort(
    (a, b) => (totals[a] as number) - (totals[b] as number) || compareCouples(a, b),
  );
  let P = 1;
  for (let i = 0; i < byTotal.length;) {
    const total = totals[byTotal[i] as string] as number;
    let j = i;
    while (j < byTotal.length && totals[byTotal[j] as string] === total) j++;
    const group = byTotal.slice(i, j);
    if (group.length === 1) {
      const couple = group[0] as string;
      final[couple] = P;
      ruleOf[couple] = 'Rule 9';
      P += 1;
    } else {
      P = resolveTie(group, P, total);
    }
    i = j;
  }

  return {
    places: final,
    perDance,
    totals,
    steps,
    tables,
    summary: couples.map((couple) => ({
      couple,
      perDance: Object.fromEntries(
        dances.map((d) => [d, (perDance[d] as Record<string, number>)[couple] as number]),
      ),
      total: totals[couple] as number,
      place: final[couple] as number,
      rule: ruleOf[couple] as FinalRule,
    })),
  };
}

const sortedCouples = (cs: readonly string[]): string[] => [...cs].sort(compareCouples);
