/** The pieces a sheet page is made of: heat lines, result blocks, couple schedules, judge grids. */
import { MultiDanceSummary } from '../../components/results/ResultTables.tsx';
import { SkatingDance } from '../../components/results/SkatingDance.tsx';
import type { CoupleSchedule, HeatRow, ResultBlock } from './sheets.ts';
import { HeadRow } from '../../components/HeadRow.tsx';
import { formatTime, type ClockFormat } from '../../../domain/time.ts';
import { AjsWorking } from '../../components/results/AjsTables.tsx';
import { printedNumber } from './selection.ts';
import { counted } from '../../../domain/words.ts';
import { WITHDRAWAL_LABELS } from '../../../domain/rounds/formats.ts';

export function HeatLine({ row }: { row: HeatRow }) {
  if (row.heading) {
    return (
      <tr className="row-heat heat-heading">
        <td colSpan={6}>
          Heat {row.heading.heat} — {counted(row.heading.couples, 'couple')}
        </td>
      </tr>
    );
  }
  const c = row.couple!;
  return (
    <tr className={`row-heat${c.entry.scratched ? ' scratched' : ''}`}>
      <td className="couple-no">{printedNumber(c)}</td>
      <td>{c.entry.leadName}</td>
      <td>{c.entry.followName}</td>
      <td>{c.entry.affiliation}</td>
      <td>{c.heat}</td>
      <td>
        {c.entry.scratched ? 'Scratched' : <span className={`box${c.entry.checkedIn ? ' checked' : ''}`} />}
      </td>
    </tr>
  );
}

export function ResultBlockView({ block }: { block: ResultBlock }) {
  return (
    <div className="result-block">
      {block.kind === 'placings' && <div className="result-title">{block.title}</div>}
      {block.kind === 'placings' && (
        <table className="sheet-table result-table placings-table">
          <thead>
            <HeadRow heads={['Place', 'No.', 'Lead', 'Follow', 'Team', 'Note']} />
          </thead>
          <tbody>
            {block.placings!.map((p) => (
              <tr key={p.number}>
                <td>{p.place ?? ''}</td>
                <td className="couple-no">{p.number}</td>
                <td>{p.lead}</td>
                <td>{p.follow}</td>
                <td>{p.team}</td>
                <td className={p.status ? `result-status result-${p.status}` : undefined}>
                  {p.status ? WITHDRAWAL_LABELS[p.status] : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {block.kind === 'dance' && block.table && <SkatingDance dance={block.title} table={block.table} />}
      {block.kind === 'summary' && block.result && <MultiDanceSummary result={block.result} />}
      {block.kind === 'ajs' && block.ajs && <AjsWorking result={block.ajs} />}
    </div>
  );
}

export function CoupleScheduleView({
  couple,
  timeZone,
  clock,
}: {
  couple: CoupleSchedule;
  timeZone: string;
  clock: ClockFormat;
}) {
  return (
    <div className="couple-schedule">
      <div className="couple-schedule-head">
        <span className="couple-no">{couple.number}</span> {couple.names}
        <span className="couple-team"> · {couple.team}</span>
      </div>
      <table className="sheet-table schedule-table">
        <tbody>
          {couple.lines.length === 0 && (
            <tr>
              <td colSpan={5}>No rounds scheduled.</td>
            </tr>
          )}
          {couple.lines.map((l, i) => (
            <tr key={i}>
              <td className="time">{formatTime(l.time, timeZone, clock, true)}</td>
              <td>#{l.scheduleIndex}</td>
              <td>{l.event}</td>
              <td>
                {l.round}
                {l.floor && <span className="schedule-floor"> · {l.floor}</span>}
              </td>
              <td>{l.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A judge's sheet: couples × dances, an empty box per cell (an X for a recall, a place in a final). */
export function JudgeGrid({
  couples,
  dances,
  receipts,
  kind,
  components,
  separateDances,
}: {
  couples: readonly string[];
  dances: readonly string[];
  /** Each dance's receipt: printed when stored, else a box the scrutineer writes it in. */
  receipts: readonly (string | null)[];
  kind: 'recall' | 'final';
  /** AJS: a column per dance and component ("Waltz TQ"). */
  components?: readonly string[] | undefined;
  /**
   * AJS: the dances with a column per component; in the others one column counts for all of the
   * judge's components ("Samba TQ + PS"). Absent: every dance has a column per component.
   */
  separateDances?: readonly string[] | undefined;
}) {
  const ofDance = (d: string) =>
    !components
      ? [d]
      : components.length < 2 || !separateDances || separateDances.includes(d)
        ? components.map((c) => `${d} ${c}`)
        : [`${d} ${components.join(' + ')}`];
  const columns = dances.flatMap(ofDance);
  return (
    <table className="sheet-table judge-table">
      <thead>
        <HeadRow heads={['Couple', ...columns]} />
      </thead>
      <tbody>
        {couples.map((c) => (
          <tr key={c} className={kind === 'recall' ? 'row-recall' : 'row-final'}>
            <td className="couple-no">{c}</td>
            {/* The box is drawn by CSS: a whole day's sheets are tens of thousands of cells. */}
            {columns.map((d) => (
              <td key={d} className={kind === 'recall' ? 'mark-box' : 'mark-box place-box'} />
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="row-receipt">
          <th scope="row">Receipt</th>
          {dances.map((d, i) => (
            <td key={d} className="receipt-box" data-testid="sheet-receipt" colSpan={ofDance(d).length}>
              {receipts[i] ?? ''}
            </td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}
