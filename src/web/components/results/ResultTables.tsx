/**
 * Public, presentational tables of posted results — used by /results/{event} and by the printed
 * results (print sheets). Props in, markup out: no data fetching, no router, no Mantine, so they stay
 * light on a phone and print as plain tables. Each table has its own file (RecallTally.tsx,
 * SkatingDance.tsx, CoupleCell.tsx); this one holds the multi-dance summary and a final's whole working. Wide tables scroll sideways inside their own container
 * on screen and print in full (see results.css).
 *
 * - `<RecallTally round={…} />` — a posted recall round: one row per couple (most marks first), an "X"
 *   for each judge who recalled the couple in each dance, the total, and "Recalled" marked.
 *   `round` is `{judges, dances, couples: [{coupleNumber, leadName, followName, marks, byDance,
 *   recalled}]}` (GET …/results/{eventKey}, kind "recall").
 * - `<SkatingDance dance="Waltz" table={placingTable} names={…} />` — one dance of a final, Rules 5–8:
 *   each judge's place, the columns 1, 1-2, 1-3 … as count(sum) up to the deciding column ("3(5)"),
 *   the place, the deciding rule, and below it each decision in words.
 * - `<MultiDanceSummary result={multiDanceResult} names={…} />` — Rule 9 totals per couple, places,
 *   and every Rule 10 / Rule 11 step with the Rule 11 working.
 * - `<FinalWorking result={multiDanceResult} names={…} />` — every dance, then the summary when there
 *   are several dances: the whole working of a final.
 *
 * `names` (optional) maps a couple number to "Lead & Follow" for the first column (FinalWorking
 * shows them in the summary, or in the single dance's table for a one-dance final).
 */
import type { MultiDanceResult } from '../../../domain/scoring/types.ts';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, placeLabel, sportText } from '../../../domain/i18n/sport.ts';
import { resultTablesText, ruleLabel } from './text.ts';
import { CoupleCell, type CoupleNames } from './CoupleCell.tsx';
import { ResultTable } from './ResultTable.tsx';
import { SkatingDance, Rule11Working } from './SkatingDance.tsx';
import { stepReason, useReasonWords } from './reasons.ts';

/** Several dances: Rule 9 totals, the places, and every Rule 10 / 11 decision with its working. */
export function MultiDanceSummary({
  result,
  names,
}: {
  result: MultiDanceResult;
  names?: CoupleNames | undefined;
}) {
  const t = useT(resultTablesText);
  const sport = useT(sportText);
  const words = useReasonWords();
  const dances = Object.keys(result.tables);
  const summary = [...result.summary].sort((a, b) => a.place - b.place);
  return (
    <section className="rt-block" aria-label={t('summary.title')} data-testid="final-summary">
      <h4 className="rt-title">{t('summary.title')}</h4>
      <ResultTable
        label={t('summary.table')}
        heads={[
          t('couple'),
          ...dances.map((d) => danceLabel(sport, d)),
          { label: t('total'), className: 'rt-start' },
          t('place'),
          t('rule.head'),
        ]}
      >
        {summary.map((r) => (
          <tr key={r.couple}>
            <CoupleCell couple={r.couple} names={names} />
            {dances.map((d) => (
              <td key={d}>{r.perDance[d]}</td>
            ))}
            <td className="rt-start">{r.total}</td>
            <td className="rt-strong">{placeLabel(sport, r.place)}</td>
            <td className="rt-nowrap">{ruleLabel(t, r.rule)}</td>
          </tr>
        ))}
      </ResultTable>
      {result.steps.length > 0 && (
        <div className="rt-steps" data-testid="final-steps">
          <h5 className="rt-subtitle">{t('summary.ties')}</h5>
          <ol>
            {result.steps.map((s, i) => (
              <li key={i}>
                <p>
                  <strong>
                    {t('summary.step', { rule: ruleLabel(t, s.rule), place: placeLabel(sport, s.place) })}
                  </strong>{' '}
                  {stepReason(words, s)}
                </p>
                {s.rule11 && <Rule11Working table={s.rule11} />}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/**
 * The whole working of a final: each dance, then (several dances) the summary and its steps. Names go
 * in the summary only, so the per-dance tables stay narrow enough for a phone.
 */
export function FinalWorking({
  result,
  names,
}: {
  result: MultiDanceResult;
  names?: CoupleNames | undefined;
}) {
  const dances = Object.keys(result.tables);
  return (
    <div className="rt-final">
      {dances.map((d) => (
        <SkatingDance
          key={d}
          dance={d}
          table={result.tables[d]!}
          names={dances.length === 1 ? names : undefined}
        />
      ))}
      {dances.length > 1 && <MultiDanceSummary result={result} names={names} />}
    </div>
  );
}
