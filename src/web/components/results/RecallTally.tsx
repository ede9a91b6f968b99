/** A posted recall round's tally: an X per judge per dance, the total, and who was recalled. */
import type { PostedRecallRound } from '../../../domain/schemas/results.ts';
import { CoupleCell } from './CoupleCell.tsx';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, sportText } from '../../../domain/i18n/sport.ts';
import { resultTablesText } from './text.ts';

/** What the tally reads of a posted recall round (GET …/results/{eventKey}). */
export type RecallTallyRound = Pick<PostedRecallRound, 'judges' | 'dances'> & {
  couples: Pick<
    PostedRecallRound['couples'][number],
    'coupleNumber' | 'leadName' | 'followName' | 'marks' | 'byDance' | 'recalled'
  >[];
};

/** A posted recall round: which judge recalled which couple in which dance, the total, who went on. */
export function RecallTally({ round, caption }: { round: RecallTallyRound; caption?: string }) {
  const t = useT(resultTablesText);
  const sport = useT(sportText);
  const recalledCount = round.couples.filter((c) => c.recalled).length;
  return (
    <div className="rt-block">
      <p className="rt-note">{t('tally.note', { recalled: recalledCount, count: round.couples.length })}</p>
      <div className="rt-scroll" role="region" aria-label={caption ?? t('tally.label')} tabIndex={0}>
        <table className="rt-table" data-testid="recall-tally">
          {caption && <caption className="rt-caption">{caption}</caption>}
          <thead>
            <tr>
              <th scope="col" rowSpan={round.dances.length > 1 ? 2 : 1}>
                {t('couple')}
              </th>
              {round.dances.length > 1
                ? round.dances.map((d) => (
                    <th key={d} scope="colgroup" colSpan={round.judges.length} className="rt-group">
                      {danceLabel(sport, d)}
                    </th>
                  ))
                : round.judges.map((j) => (
                    <th key={j} scope="col" title={t('judge', { judge: j })}>
                      {j}
                    </th>
                  ))}
              <th scope="col" rowSpan={round.dances.length > 1 ? 2 : 1}>
                {t('total')}
              </th>
              <th scope="col" rowSpan={round.dances.length > 1 ? 2 : 1}>
                {t('recalled')}
              </th>
            </tr>
            {round.dances.length > 1 && (
              <tr>
                {round.dances.flatMap((d) =>
                  round.judges.map((j, i) => (
                    <th key={`${d}-${j}`} scope="col" className={i === 0 ? 'rt-start' : undefined}>
                      {j}
                    </th>
                  )),
                )}
              </tr>
            )}
          </thead>
          <tbody>
            {round.couples.map((c) => (
              <tr key={c.coupleNumber} className={c.recalled ? 'rt-recalled' : undefined}>
                <CoupleCell
                  couple={c.coupleNumber}
                  names={{ [c.coupleNumber]: [c.leadName, c.followName].filter(Boolean).join(' & ') }}
                />
                {round.dances.flatMap((d) =>
                  round.judges.map((j, i) => (
                    <td
                      key={`${d}-${j}`}
                      className={i === 0 && round.dances.length > 1 ? 'rt-start rt-mark' : 'rt-mark'}
                    >
                      {c.byDance[d]?.includes(j) ? t('tally.mark') : ''}
                    </td>
                  )),
                )}
                <td className="rt-strong">{c.marks}</td>
                <td>{c.recalled ? t('recalled') : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
