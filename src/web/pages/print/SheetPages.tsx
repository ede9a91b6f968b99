import { memo, type CSSProperties, type ReactNode } from 'react';
import { MultiDanceSummary, SkatingDance } from '../../components/results/ResultTables.tsx';
import { PAPER_MM, type Paper } from './pagination.ts';
import type { CoupleSchedule, HeatRow, PrintedPage, ResultBlock } from './sheets.ts';

/** A time in the competition's zone: "Sat 10:30"; TBA when unknown (spec §3's placeholder). */
export function formatSheetTime(instant: string | null, timeZone: string): string {
  if (!instant) return 'TBA';
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return 'TBA';
  try {
    return new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }).format(d);
  } catch {
    return d.toISOString().slice(11, 16);
  }
}

/** Every page of a print-out, each a paper-sized box (print.css); the screen shows them as a preview. */
export const SheetPages = memo(function SheetPages({
  pages,
  paper,
  competition,
  timeZone,
}: {
  pages: PrintedPage[];
  paper: Paper;
  competition: string;
  timeZone: string;
}) {
  const size = PAPER_MM[paper];
  const style = { '--page-w': `${size.width}mm`, '--page-h': `${size.height}mm` } as CSSProperties;
  return (
    <div className="sheets" style={style} data-paper={paper}>
      {pages.map((p) => (
        <section
          key={p.pageNumber}
          className={`sheet-page sheet-${p.body.type}`}
          aria-label={`Page ${p.pageNumber} of ${p.pageCount}`}
          data-testid="sheet-page"
        >
          <header className="sheet-header">
            <div className="sheet-header-top">
              <span className="sheet-competition">{competition}</span>
              <span className="sheet-pageno">
                Page {p.pageNumber} of {p.pageCount}
              </span>
            </div>
            <div className="sheet-title">
              {p.title}
              {p.sheetPages > 1 && p.body.type !== 'numbers' && p.body.type !== 'schedules' && (
                <span className="sheet-part">
                  {' '}
                  (part {p.sheetPage} of {p.sheetPages})
                </span>
              )}
            </div>
            <div className="sheet-meta">
              {p.event && <Meta label="Event">{p.event}</Meta>}
              {p.round && <Meta label="Round">{p.round}</Meta>}
              {p.judge && <Meta label="Judge">{p.judge}</Meta>}
            </div>
          </header>
          <div className="sheet-body">
            <PageBody page={p} timeZone={timeZone} />
          </div>
          <footer className="sheet-footer">
            {p.judge ? <span>Judge’s signature: ______________________</span> : <span />}
            <span>
              {p.event ? `${p.event}${p.round ? ` · ${p.round}` : ''} · ` : ''}Page {p.pageNumber} of{' '}
              {p.pageCount}
            </span>
          </footer>
        </section>
      ))}
    </div>
  );
});

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="sheet-meta-item">
      <span className="sheet-meta-label">{label}:</span> <strong>{children}</strong>
    </span>
  );
}

function PageBody({ page, timeZone }: { page: PrintedPage; timeZone: string }) {
  const b = page.body;
  switch (b.type) {
    case 'judgeRecall':
      return (
        <>
          <p className="sheet-note">
            Mark {b.mark} couple{b.mark === 1 ? '' : 's'} in each dance: put an X in the box of each couple
            you recall.
          </p>
          <JudgeGrid couples={b.couples} dances={b.dances} kind="recall" />
        </>
      );
    case 'judgeFinal':
      return (
        <>
          <p className="sheet-note">
            Give every couple a place in each dance, 1 to {b.couples.length}: each place once, no ties, no
            blanks.
          </p>
          <JudgeGrid couples={b.couples} dances={b.dances} kind="final" />
        </>
      );
    case 'heats':
      return (
        <>
          <p className="sheet-note">
            {b.heats > 1 ? `${b.heats} heats.` : 'One heat.'} Tick each couple as they check in.
          </p>
          <table className="sheet-table heat-table">
            <thead>
              <tr>
                <th>No.</th>
                <th>Lead</th>
                <th>Follow</th>
                <th>Team</th>
                <th>Heat</th>
                <th>Check-in</th>
              </tr>
            </thead>
            <tbody>
              {b.rows.map((r, i) => (
                <HeatLine key={i} row={r} />
              ))}
            </tbody>
          </table>
        </>
      );
    case 'recalls':
      return (
        <>
          <p className="sheet-note">
            {b.total} couple{b.total === 1 ? '' : 's'} recalled to the {b.nextRound}
          </p>
          <div className="big-numbers">
            {b.numbers.map((n) => (
              <span key={n} className="big-number">
                {n}
              </span>
            ))}
          </div>
        </>
      );
    case 'results':
      return (
        <>
          {b.blocks.map((block, i) => (
            <ResultBlockView key={i} block={block} />
          ))}
        </>
      );
    case 'numbers':
      return (
        <div className="number-cards">
          {b.cards.map((c) => (
            <div key={c.number} className="number-card">
              <div className={`number-card-no digits-${Math.min(c.number.length, 5)}`}>{c.number}</div>
              <div className="number-card-name">{c.lead}</div>
              <div className="number-card-team">{c.team}</div>
            </div>
          ))}
        </div>
      );
    case 'schedules':
      return (
        <>
          {b.couples.map((c) => (
            <CoupleScheduleView key={c.number} couple={c} timeZone={timeZone} />
          ))}
        </>
      );
  }
}

function HeatLine({ row }: { row: HeatRow }) {
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
      <td className="couple-no">{c.number}</td>
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

function ResultBlockView({ block }: { block: ResultBlock }) {
  return (
    <div className="result-block">
      {block.kind === 'placings' && <div className="result-title">{block.title}</div>}
      {block.kind === 'placings' && (
        <table className="sheet-table result-table">
          <thead>
            <tr>
              <th>Place</th>
              <th>No.</th>
              <th>Lead</th>
              <th>Follow</th>
              <th>Team</th>
            </tr>
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

function CoupleScheduleView({ couple, timeZone }: { couple: CoupleSchedule; timeZone: string }) {
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
              <td className="time">{formatSheetTime(l.time, timeZone)}</td>
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
function JudgeGrid({
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
        <tr>
          <th>Couple</th>
          {dances.map((d) => (
            <th key={d}>{d}</th>
          ))}
        </tr>
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
