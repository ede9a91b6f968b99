/** One dance of a final (Rules 5–8), with the Rule 11 working where it was needed. */
import type { PlacingTable, Rule11Table } from '../../../domain/scoring/types.ts';
import { ordinal } from '../format.ts';
import { CoupleCell, type CoupleNames } from './CoupleCell.tsx';
import { ResultTable } from './ResultTable.tsx';
import { danceReasons } from './reasons.ts';

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
  const rows = [...table.rows].sort((a, b) => a.place - b.place);
  const reasons = danceReasons(table);
  return (
    <section className="rt-block" aria-label={`${dance} working`} data-testid={`skating-${dance}`}>
      <h4 className="rt-title">
        {dance}{' '}
        <span className="rt-dim">
          majority {table.majority} of {table.judges.length}
        </span>
      </h4>
      <ResultTable
        label={`${dance}: marks and columns`}
        heads={[
          'Couple',
          ...table.judges.map((j) => ({ label: j, title: `Judge ${j}` })),
          ...table.columnLabels.map((c, i) => ({
            label: c,
            className: i === 0 ? 'rt-start rt-col' : 'rt-col',
          })),
          { label: 'Place', className: 'rt-start' },
          'Rule',
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
            <td className="rt-start rt-strong">{ordinal(r.place)}</td>
            <td className="rt-nowrap">{r.rule}</td>
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
  return (
    <ResultTable
      label="Rule 11 working"
      heads={['Couple', ...table.columnLabels.filter((_, i) => i + 1 >= table.startColumn), 'Place']}
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
          <td className="rt-strong">{r.place === null ? '—' : ordinal(r.place)}</td>
        </tr>
      ))}
    </ResultTable>
  );
}
