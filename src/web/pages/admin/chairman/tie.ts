/**
 * The chairman sees a tie at the cut-off as soon as the panel's marks are in, before anyone computes:
 * the same recall engine the server runs, on the marks the chairman already has on screen.
 */
import { recallInputFrom, type StoredMark } from '../../../../domain/marking.ts';
import type { RoundMarksView } from '../../../../domain/schemas/marks.ts';
import { recallTally } from '../../../../domain/scoring/recall.ts';
import { translator, type Translate } from '../../../../domain/i18n/catalog.ts';
import { chairmanText } from './text.ts';

export interface TieOptions {
  tiedAtCutoff: string[];
  cutoffMarks: number;
  includeTied: string[];
  excludeTied: string[];
}

/** The tie at the cut-off of a complete recall round, or null (not complete, a final, no tie). */
export function tieAtCutoff(view: RoundMarksView): TieOptions | null {
  const { round, judges } = view;
  if (round.kind !== 'recall' || !view.complete) return null;
  const marks: StoredMark[] = [];
  for (const [dance, byJudge] of Object.entries(view.marks)) {
    for (const [id, m] of Object.entries(byJudge))
      marks.push({ officialId: Number(id), dance, value: m.value });
  }
  const r = recallTally(
    recallInputFrom(
      { kind: 'recall', dances: round.dances, couples: round.couples, recallSize: round.recallSize },
      judges.map((j) => ({ id: j.id, label: j.label })),
      marks,
    ),
  );
  if (r.tiedAtCutoff.length === 0) return null;
  return {
    tiedAtCutoff: r.tiedAtCutoff,
    cutoffMarks: r.cutoffMarks,
    includeTied: r.recallIfTiesIncluded,
    excludeTied: r.recallIfTiesExcluded,
  };
}

const inNumberOrder = (couples: readonly string[]) => [...couples].sort((a, b) => Number(a) - Number(b));

/** "Recall all 8 (couples 12, 15 tied)" / "Recall none: 6". */
export function tieOptionLabels(
  tie: { tiedAtCutoff: string[]; includeCount: number; excludeCount: number },
  t: Translate<'tie.includeTied' | 'tie.excludeTied'> = translator(chairmanText, 'en'),
) {
  const tied = inNumberOrder(tie.tiedAtCutoff).join(', ');
  return {
    includeTied: t('tie.includeTied', { count: tie.includeCount, tied }),
    excludeTied: t('tie.excludeTied', { count: tie.excludeCount }),
  };
}
