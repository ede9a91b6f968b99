import { useMemo } from 'react';
import { roundLabel, sportText } from '../../../domain/i18n/sport.ts';
import { useT } from '../../i18n/locale.ts';
import type { RoundPosted } from '../../../domain/schemas/marks.ts';
import { roundNoticesText } from './text.ts';

/** A round's heats as POST …/heats answers them. */
interface HeatsSet {
  roundName: string;
  eventName: string;
  heats: number;
  heatSize: number | null;
}

/** A started round as POST …/start answers it (the event's name from the screen's own data). */
interface Started {
  alreadyRunning: boolean;
  round: { roundName: string; couples: readonly string[] };
}

/** The notices of round commands in the reader's language, the round named in the sport's words. */
export function useRoundNotices() {
  const t = useT(roundNoticesText);
  const sport = useT(sportText);
  return useMemo(
    () => ({
      heatsSet: (r: HeatsSet) => {
        const values = { round: roundLabel(sport, r.roundName), event: r.eventName };
        // As the server counts them: more than one heat only with a heat size.
        return r.heats > 1 && r.heatSize !== null
          ? t('heats.many', { ...values, heats: r.heats, size: r.heatSize })
          : t('heats.one', values);
      },
      started: (r: Started, eventName: string) => {
        const values = { round: roundLabel(sport, r.round.roundName), event: eventName };
        return r.alreadyRunning
          ? t('started.already', values)
          : t('started', { ...values, count: r.round.couples.length });
      },
      posted: (r: RoundPosted) => {
        const values = { round: roundLabel(sport, r.roundName), event: r.eventName };
        if (!r.next)
          return (
            t('posted.final', values) +
            (r.mailed > 0 ? t('posted.mailed', { count: r.mailed }) : t('posted.end'))
          );
        const { next } = r;
        // In the order the server's English says it: who goes on, who joins, who redances, what next.
        return (
          t('posted.recall', { ...values, count: next.recalled, next: roundLabel(sport, next.roundName) }) +
          (next.stars.length
            ? t('posted.stars', { count: next.stars.length, numbers: next.stars.join(', ') })
            : '') +
          (next.redance
            ? t('posted.redance', {
                count: next.redance.couples,
                redance: roundLabel(sport, next.redance.roundName),
              })
            : '') +
          (next.toStart ? t('posted.toStart') : t('posted.end'))
        );
      },
      unposted: (roundName: string, eventName: string, reason: string) =>
        t('unposted', { round: roundLabel(sport, roundName), event: eventName, reason }),
    }),
    [t, sport],
  );
}
