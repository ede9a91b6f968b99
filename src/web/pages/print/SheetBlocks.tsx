/** The pieces a sheet page is made of: heat lines, result blocks, couple schedules, judge grids. */
import { MultiDanceSummary } from '../../components/results/ResultTables.tsx';
import { SkatingDance } from '../../components/results/SkatingDance.tsx';
import type { CoupleSchedule, HeatRow, ResultBlock } from './sheets.ts';
import { HeadRow } from '../../components/HeadRow.tsx';
import { formatTime, type ClockFormat } from '../../../domain/time.ts';
import { printedNumber } from './selection.ts';

export function HeatLine({ row }: { row: HeatRow }) {
  if (row.heading) {
    return (
      <tr className="row-heat heat-heading">
        <td colSpan={6}>
          Heat {row.heading.heat} — {row.heading.couples} couples
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
        <table className="sheet-table result-table">
          <thead>
            <HeadRow heads={['Place', 'No.', 'Lead', 'Follow', 'Team']} />
          </thead>
          <tbody>
            {block.placings!.map((p) => (
              <tr key={p.number}>
                <td>{p.place}</td>
                <td className="couple-no">{p.number}</td>
                <td>{p.lead}</td>
                <td>{p.follow}</td>
                <td>{p.team}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {block.kind === 'dance' && block.table && <SkatingDance dance={block.title} table={block.table} />}
      {block.kind === 'summary' && block.result && <MultiDanceSummary result={block.result} />}
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
              <td>{l.round}</td>
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
  kind,
}: {
  couples: readonly string[];
  dances: readonly string[];
  kind: 'recall' | 'final';
}) {
  return (
    <table className="sheet-table judge-table">
      <thead>
        <HeadRow heads={['Couple', ...dances]} />
      </thead>
      <tbody>
        {couples.map((c) => (
          <tr key={c} className={kind === 'recall' ? 'row-recall' : 'row-final'}>
            <td className="couple-no">{c}</td>
            {/* The box is drawn by CSS: a whole day's sheets are tens of thousands of cells. */}
            {dances.map((d) => (
              <td key={d} className={kind === 'recall' ? 'mark-box' : 'mark-box place-box'} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
