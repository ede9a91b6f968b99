/** One dance of a final (Rules 5–8), with the Rule 11 working where it was needed. */
import type { PlacingTable, Rule11Table } from '../../../domain/scoring/types.ts';
import { useT } from '../../i18n/locale.ts';
import { danceLabel, placeLabel, sportText } from '../../../domain/i18n/sport.ts';
import { resultTablesText, ruleLabel } from './text.ts';
import { CoupleCell, type CoupleNames } from './CoupleCell.tsx';
import { ResultTable } from './ResultTable.tsx';
import { danceReasons, useReasonWords } from './reasons.ts';

/** One dance of a final (Rules 5–8): marks by judge, the columns count(sum), place and rule. */
export function SkatingDance({
  dance,
  table,
  names,
}: {
  dance: string;
  table: PlacingTable;
  names?: CoupleNames | undefined;
}) {
  const t = useT(resultTablesText);
  const sport = useT(sportText);
  const rows = [...table.rows].sort((a, b) => a.place - b.place);
  const reasons = danceReasons(table, useReasonWords(), t, sport);
  const name = danceLabel(sport, dance);
  return (
    <section
      className="rt-block"
      aria-label={t('dance.label', { dance: name })}
      data-testid={`skating-${dance}`}
    >
      <h4 className="rt-title">
        {name}{' '}
        <span className="rt-dim">
          {t('dance.majority', { majority: table.majority, judges: table.judges.length })}
        </span>
      </h4>
      <ResultTable
        label={t('dance.table', { dance: name })}
        heads={[
          t('couple'),
          ...table.judges.map((j) => ({ label: j, title: t('judge', { judge: j }) })),
          ...table.columnLabels.map((c, i) => ({
            label: c,
            className: i === 0 ? 'rt-start rt-col' : 'rt-col',
          })),
          { label: t('place'), className: 'rt-start' },
          t('rule.head'),
        ]}
      >
        {rows.map((r) => (
          <tr key={r.couple}>
            <CoupleCell couple={r.couple} names={names} />
            {r.marks.map((m, i) => (
              <td key={i}>{m}</td>
            ))}
            {r.shown.map((s, i) => (
              <td
                key={i}
                className={[i === 0 ? 'rt-start' : '', i + 1 === r.decidedInColumn ? 'rt-decided' : '']
                  .join(' ')
                  .trim()}
              >
                {s}
              </td>
            ))}
            <td className="rt-start rt-strong">{placeLabel(sport, r.place)}</td>
            <td className="rt-nowrap">{ruleLabel(t, r.rule)}</td>
          </tr>
        ))}
      </ResultTable>
      <ul className="rt-reasons">
        {reasons.map((r) => (
          <li key={r.places}>
            <strong>{r.places}:</strong> {r.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Numbers only: the summary above names the couples. */
export function Rule11Working({ table }: { table: Rule11Table }) {
  const t = useT(resultTablesText);
  const sport = useT(sportText);
  return (
    <ResultTable
      label={t('rule11.label')}
      heads={[t('couple'), ...table.columnLabels.filter((_, i) => i + 1 >= table.startColumn), t('place')]}
      small
    >
      {table.rows.map((r) => (
        <tr key={r.couple}>
          <CoupleCell couple={r.couple} />
          {r.shown.map((s, i) =>
            i + 1 < table.startColumn ? null : (
              <td key={i} className={i + 1 === r.decidedInColumn ? 'rt-decided' : undefined}>
                {s}
              </td>
            ),
          )}
          <td className="rt-strong">{r.place === null ? '—' : placeLabel(sport, r.place)}</td>
        </tr>
      ))}
    </ResultTable>
  );
}
