/**
 * An AJS 3.0 final's result (docs/ajs.md), presentational like ResultTables.tsx: the totals with each
 * component summed over the dances, then every dance with its component scores and the judges whose
 * scores were outside the tolerance and not used. Used by /results/{event}, the scrutineer's results,
 * the live round page and the printed results.
 */
import {
  AJS_COMPONENTS,
  AJS_COMPONENT_NAMES,
  ajsToleranceGrade,
  formatAjsTotal,
  type StoredAjsResult,
} from '../../../domain/scoring/ajs.ts';
import { ordinal } from '../format.ts';
import { ResultTable } from './ResultTable.tsx';
import { CoupleCell, type CoupleNames } from './CoupleCell.tsx';

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
  const dances = Object.keys(result.dances);
  const heads = ['Couple', ...AJS_COMPONENTS, 'Total', recalled ? 'Recalled' : 'Place'];
  return (
    <div className="rt-final" data-testid="ajs-result">
      <section className="rt-block" aria-label="AJS totals">
        <h4 className="rt-title">Totals (WDSF AJS 3.0)</h4>
        <p className="rt-note">
          {AJS_COMPONENTS.map((c) => `${c} ${AJS_COMPONENT_NAMES[c]}`).join(' · ')}. Each component is summed
          over the dances; the total is the sum of all, shown to two decimals (places are decided on the exact
          totals).
        </p>
        <p className="rt-note" data-testid="ajs-tolerance">
          <strong>tolerance {result.tolerance}</strong>
          {ajsToleranceGrade(result.tolerance) ? ` (${ajsToleranceGrade(result.tolerance)})` : ''}: a score
          further than this from the median of its component is not used.
        </p>
        <ResultTable label="Component scores and totals" heads={heads} testId="ajs-totals">
          {result.ranking.map((r) => (
            <tr key={r.couple}>
              <CoupleCell couple={r.couple} names={names} />
              {AJS_COMPONENTS.map((c) => (
                <td key={c}>{formatAjsTotal(result.componentTotals[r.couple]![c])}</td>
              ))}
              <td className="rt-strong">{formatAjsTotal(r.total)}</td>
              <td className="rt-strong">
                {recalled ? (recalled.includes(r.couple) ? 'Recalled' : '') : ordinal(r.place)}
              </td>
            </tr>
          ))}
        </ResultTable>
      </section>
      {dances.map((d) => {
        const byCouple = result.dances[d]!;
        return (
          <section key={d} className="rt-block" aria-label={`${d}: component scores`}>
            <h4 className="rt-title">{d}</h4>
            <ResultTable
              label={`${d} component scores`}
              heads={['Couple', ...AJS_COMPONENTS, 'Dance', 'Not used']}
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
