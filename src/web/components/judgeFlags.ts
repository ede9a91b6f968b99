import type { Translate } from '../../domain/i18n/catalog.ts';
import type { JudgeFlag } from '../../domain/schemas/judgingReport.ts';

/** The keys a catalog words the judging report's flags with (the chairman's and the print sheets'). */
export type JudgeFlagKey =
  | 'flag.farAway.couples'
  | 'flag.farAway.placings'
  | 'flag.finalDeviation'
  | 'flag.recallShare'
  | 'flag.ajsMean'
  | 'flag.ajsDropped';

const percent = (share: number): number => Math.round(share * 100);

/** Why a judge is flagged in a round, in the catalog's language (the API's `reasons` are English). */
export function judgeFlagWords(t: Translate<JudgeFlagKey>, f: JudgeFlag): string {
  switch (f.kind) {
    case 'farAway':
      return f.dances === 1
        ? t('flag.farAway.couples', { count: f.count, places: f.places })
        : t('flag.farAway.placings', { count: f.count, places: f.places, dances: f.dances });
    case 'finalDeviation':
      return t('flag.finalDeviation', { deviation: f.deviation, panel: f.panel });
    case 'recallShare':
      return t('flag.recallShare', {
        count: f.count,
        crosses: f.crosses,
        share: percent(f.share),
        panel: percent(f.panel),
      });
    case 'ajsMean':
      return t('flag.ajsMean', { component: f.component, mean: f.mean, panel: f.panel });
    case 'ajsDropped':
      return t('flag.ajsDropped', { component: f.component, dropped: f.dropped, scores: f.scores });
  }
}

/** A round's reasons in the catalog's language; a report without `why` (an older server) as sent. */
export const judgeReasons = (
  t: Translate<JudgeFlagKey>,
  r: { reasons: string[]; why?: JudgeFlag[] | undefined },
): string[] => (r.why ? r.why.map((f) => judgeFlagWords(t, f)) : r.reasons);
