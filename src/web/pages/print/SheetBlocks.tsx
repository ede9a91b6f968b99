/** The pieces a sheet page is made of: heat lines, result blocks, couple schedules, judge grids. */
import { MultiDanceSummary } from '../../components/results/ResultTables.tsx';
import { SkatingDance } from '../../components/results/SkatingDance.tsx';
import type { CoupleSchedule, HeatRow, ResultBlock } from './sheets.ts';
import { HeadRow } from '../../components/HeadRow.tsx';
import { formatTime, type ClockFormat } from '../../../domain/time.ts';
import { AjsWorking } from '../../components/results/AjsTables.tsx';
import { printedNumber } from './selection.ts';
import { printText } from './text.ts';
import { useLocale, useT } from '../../i18n/locale.ts';
import { danceLabel, sportText } from '../../../domain/i18n/sport.ts';
import type { Locale } from '../../../domain/i18n/locales.ts';

export function HeatLine({ row }: { row: HeatRow }) {
  const t = useT(printText);
  if (row.heading) {
    return (
      <tr className="row-heat heat-heading">
        <td colSpan={6}>{t('heatHeading', { heat: row.heading.heat, count: row.heading.couples })}</td>
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
        {c.entry.scratched ? (
          t('scratched')
        ) : (
          <span className={`box${c.entry.checkedIn ? ' checked' : ''}`} />
        )}
      </td>
    </tr>
  );
}

export function ResultBlockView({ block }: { block: ResultBlock }) {
  const t = useT(printText);
  const sport = useT(sportText);
  return (
    <div className="result-block">
      {block.kind === 'placings' && <div className="result-title">{block.title}</div>}
      {block.kind === 'placings' && (
        <table className="sheet-table result-table placings-table">
          <thead>
            <HeadRow
              heads={[
                t('head.place'),
                t('head.no'),
                t('head.lead'),
                t('head.follow'),
                t('head.team'),
                t('head.note'),
              ]}
            />
          </thead>
          <tbody>
            {block.placings!.map((p) => (
              <tr key={p.number}>
                <td>{p.place === null ? '' : sport('placeShared', { place: p.place })}</td>
                <td className="couple-no">{p.number}</td>
                <td>{p.lead}</td>
                <td>{p.follow}</td>
                <td>{p.team}</td>
                <td className={p.status ? `result-status result-${p.status}` : undefined}>
                  {p.status ? t(`status.${p.status}`) : ''}
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
  const t = useT(printText);
  const locale = useLocale();
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
              <td colSpan={5}>{t('schedule.none')}</td>
            </tr>
          )}
          {couple.lines.map((l, i) => (
            <tr key={i}>
              <td className="time">{timeIn(l.time, timeZone, clock, locale) ?? t('schedule.tba')}</td>
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

/** A round's time with its day, "Sat 3:45 PM", "Sa. 15:45"; null when there is no time yet. */
function timeIn(instant: string | null, timeZone: string, clock: ClockFormat, locale: Locale): string | null {
  return instant && !Number.isNaN(Date.parse(instant))
    ? formatTime(instant, timeZone, clock, true, locale)
    : null;
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
  const t = useT(printText);
  const sport = useT(sportText);
  const ofDance = (d: string) => {
    const name = danceLabel(sport, d);
    return !components
      ? [name]
      : components.length < 2 || !separateDances || separateDances.includes(d)
        ? components.map((c) => `${name} ${c}`)
        : [`${name} ${components.join(' + ')}`];
  };
  const columns = dances.flatMap(ofDance);
  return (
    <table className="sheet-table judge-table">
      <thead>
        <HeadRow heads={[t('head.couple'), ...columns]} />
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
          <th scope="row">{t('head.receipt')}</th>
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
