import { Fragment, useId, useMemo, type ReactNode } from 'react';
import { byCoupleNumber, type HeatLineUp } from '../../../domain/rounds/heats.ts';
import type { JudgeRound } from '../../api/types.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import { useT } from '../../i18n/locale.ts';
import { judgeText, type JudgeKey } from './text.ts';

/**
 * The round's couples as the deck captain lines them up and the judging sheet lists them: heat by
 * heat, numbers ascending within a heat. Rounds kept on the tablet by an older version carry no
 * heats: one heat by number then.
 */
export function heatsOf(
  round: Pick<JudgeRound, 'couples'> & Partial<Pick<JudgeRound, 'heats'>>,
): HeatLineUp[] {
  if (round.heats?.length) return round.heats;
  return round.couples.length ? [{ heat: 1, couples: [...round.couples].sort(byCoupleNumber) }] : [];
}

/** "Heat 2 of 3": heats as drawn, so the judge hears the same number the deck captain calls. */
export const heatTitle = (t: Translate<JudgeKey>, h: HeatLineUp, heats: readonly HeatLineUp[]) =>
  t('heat', { heat: h.heat, count: Math.max(...heats.map((x) => x.heat)) });

/** The couples' tiles, under a heading per heat when the round is danced in several heats. */
export function CoupleGrid({ round, tile }: { round: JudgeRound; tile: (couple: string) => ReactNode }) {
  const t = useT(judgeText);
  const heats = useMemo(() => heatsOf(round), [round]);
  const id = useId();
  const tiles = (h: HeatLineUp) => h.couples.map((c) => <Fragment key={c}>{tile(c)}</Fragment>);
  if (heats.length <= 1)
    return (
      <section className="judge-grid" aria-label={t('couples')}>
        {heats[0] && tiles(heats[0])}
      </section>
    );
  return (
    <div className="judge-heats">
      {heats.map((h) => (
        <section key={h.heat} aria-labelledby={`${id}-${h.heat}`} className="judge-heat">
          <h2 className="judge-heat-title" id={`${id}-${h.heat}`}>
            {heatTitle(t, h, heats)}
          </h2>
          <div className="judge-grid">{tiles(h)}</div>
        </section>
      ))}
    </div>
  );
}
