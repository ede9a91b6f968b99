/**
 * An AJS 3.0 final's result (docs/ajs.md), presentational like ResultTables.tsx: the totals with each
 * component summed over the dances, then every dance with its component scores and the judges whose
 * scores were outside the tolerance and not used. Used by /results/{event}, the scrutineer's results,
 * the live round page and the printed results.
 */
import {
  AJS_COMPONENTS,
  AJS_TOLERANCE_GRADES,
  formatAjsTotal,
  type AjsComponent,
  type StoredAjsResult,
} from '../../../domain/scoring/ajs.ts';
import type { Translate } from '../../../domain/i18n/catalog.ts';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, placeLabel, sportText } from '../../../domain/i18n/sport.ts';
import { resultTablesText, type ResultTablesKey } from './text.ts';
import { ResultTable } from './ResultTable.tsx';
import { CoupleCell, type CoupleNames } from './CoupleCell.tsx';

type T = Translate<ResultTablesKey>;

/** An AJS component's name ("Technical quality"). */
export const ajsComponentName = (t: T, c: AjsComponent): string => t(`ajs.name.${c}`);

/** The grade a tolerance is named for, or null for another value. */
export function ajsGradeLabel(t: T, tolerance: number): string | null {
  const [open, championship] = AJS_TOLERANCE_GRADES;
  if (Math.abs(open.tolerance - tolerance) < 1e-9) return t('ajs.grade.open');
  if (Math.abs(championship.tolerance - tolerance) < 1e-9) return t('ajs.grade.championship');
  return null;
}

/** A component's mean for one dance: the working, to 3 decimals; every total is shown by `formatAjsTotal`. */
const score = (x: number) => x.toFixed(3);

/** `recalled`: a round before the final, whose last column says who was recalled instead of a place. */
export function AjsWorking({
  result,
  names,
  recalled,
}: {
  result: StoredAjsResult;
  names?: CoupleNames | undefined;
  recalled?: readonly string[] | undefined;
}) {
  const t = useT(resultTablesText);
  const sport = useT(sportText);
  const dances = Object.keys(result.dances);
  const heads = [t('couple'), ...AJS_COMPONENTS, t('total'), recalled ? t('recalled') : t('place')];
  const grade = ajsGradeLabel(t, result.tolerance);
  return (
    <div className="rt-final" data-testid="ajs-result">
      <section className="rt-block" aria-label={t('ajs.totals.label')}>
        <h4 className="rt-title">{t('ajs.totals.title')}</h4>
        <p className="rt-note">
          {t('ajs.totals.note', {
            components: AJS_COMPONENTS.map((c) => `${c} ${ajsComponentName(t, c)}`).join(' · '),
          })}
        </p>
        <p className="rt-note" data-testid="ajs-tolerance">
          <strong>{t('ajs.tolerance', { tolerance: result.tolerance })}</strong>
          {grade ? ` (${grade})` : ''}
          {t('ajs.tolerance.note')}
        </p>
        <ResultTable label={t('ajs.totals.table')} heads={heads} testId="ajs-totals">
          {result.ranking.map((r) => (
            <tr key={r.couple}>
              <CoupleCell couple={r.couple} names={names} />
              {AJS_COMPONENTS.map((c) => (
                <td key={c}>{formatAjsTotal(result.componentTotals[r.couple]![c])}</td>
              ))}
              <td className="rt-strong">{formatAjsTotal(r.total)}</td>
              <td className="rt-strong">
                {recalled ? (recalled.includes(r.couple) ? t('recalled') : '') : placeLabel(sport, r.place)}
              </td>
            </tr>
          ))}
        </ResultTable>
      </section>
      {dances.map((d) => {
        const byCouple = result.dances[d]!;
        return (
          <section
            key={d}
            className="rt-block"
            aria-label={t('ajs.dance.label', { dance: danceLabel(sport, d) })}
          >
            <h4 className="rt-title">{danceLabel(sport, d)}</h4>
            <ResultTable
              label={t('ajs.dance.table', { dance: danceLabel(sport, d) })}
              heads={[t('couple'), ...AJS_COMPONENTS, t('ajs.dance'), t('ajs.notUsed')]}
            >
              {result.ranking.map(({ couple }) => {
                const s = byCouple[couple];
                if (!s) return null;
                const dropped = AJS_COMPONENTS.flatMap((c) =>
                  s.components[c].dropped.map((j) => `${c} ${j} (${s.components[c].scores[j]})`),
                );
                return (
                  <tr key={couple}>
                    <CoupleCell couple={couple} />
                    {AJS_COMPONENTS.map((c) => (
                      <td key={c}>{score(s.components[c].score)}</td>
                    ))}
                    <td className="rt-strong">{formatAjsTotal(s.total)}</td>
                    <td className="rt-nowrap">{dropped.join(', ') || '–'}</td>
                  </tr>
                );
              })}
            </ResultTable>
          </section>
        );
      })}
    </div>
  );
}
