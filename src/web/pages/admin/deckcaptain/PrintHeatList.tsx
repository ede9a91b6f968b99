import type { RoundCouples } from '../../../../domain/schemas/floor.ts';
import { heatGroups, heatSummary, roundLabel } from './deckLogic.ts';
import './deckcaptain.css';
import { HeadRow } from '../../../components/HeadRow.tsx';
import { CoupleMark } from '../../../components/CoupleMark.tsx';
import { useDeckWords } from './words.ts';

/**
 * The heat list on paper: hidden on screen, the only thing printed (deckcaptain.css). The couples
 * still dancing, heat by heat, with an empty box per couple to tick at the floor edge.
 */
export function PrintHeatList({
  round,
  competitionName,
  showFloor = false,
}: {
  round: RoundCouples;
  competitionName?: string;
  /** Name the floor: the competition has several. */
  showFloor?: boolean;
}) {
  const words = useDeckWords();
  const { t } = words;
  const heats = heatGroups(round).filter((g) => g.heat !== null);
  const scratched = round.couples.filter((c) => c.scratched).map((c) => c.coupleNumber);
  return (
    <div className="deck-print-sheet">
      <h2>{t('print.title', { round: roundLabel(round, words) })}</h2>
      <p className="deck-print-meta">
        {competitionName ? `${competitionName} · ` : ''}
        {showFloor ? `${round.floor} · ` : ''}
        {heatSummary(round, words)}
        {scratched.length ? ` · ${t('print.scratched', { numbers: scratched.join(', ') })}` : ''}
      </p>
      {heats.map((g) => (
        <section key={g.heat}>
          <h3>{heats.length > 1 ? t('heat', { heat: g.heat }) : t('oneHeat')}</h3>
          <table>
            {/* The same columns in every heat's table. */}
            <colgroup>
              <col style={{ width: '12%' }} />
              <col style={{ width: '50%' }} />
              <col style={{ width: '28%' }} />
              <col style={{ width: '10%' }} />
            </colgroup>
            <thead>
              <HeadRow heads={[t('col.number'), t('col.couple'), t('col.team'), t('col.here')]} />
            </thead>
            <tbody>
              {g.couples.map((c) => (
                <tr key={c.entryId}>
                  <td className="deck-print-number">
                    {c.coupleNumber}
                    <CoupleMark star={c.star} status={c.status} />
                  </td>
                  <td>
                    {c.leadName} &amp; {c.followName}
                  </td>
                  <td>{c.affiliation}</td>
                  <td>{c.checkedIn ? '✓' : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
