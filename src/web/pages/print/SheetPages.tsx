import { memo, type CSSProperties, type ReactNode } from 'react';
import { PAPER_MM, type Paper } from './pagination.ts';
import type { NumberCard, PrintedPage } from './sheets.ts';
import { CoupleScheduleView, HeatLine, JudgeGrid, ResultBlockView } from './SheetBlocks.tsx';
import { HeadRow } from '../../components/HeadRow.tsx';
import { SheetHeading } from './SheetHeading.tsx';
import type { ClockFormat } from '../../../domain/time.ts';
import { QrCode } from '../../components/QrCode.tsx';
import { shortEntryLink } from '../../shared/entryCode.ts';
import { STAR_MARK } from '../../../domain/rounds/formats.ts';

/** Every page of a print-out, each a paper-sized box (print.css); the screen shows them as a preview. */
export const SheetPages = memo(function SheetPages({
  pages,
  paper,
  competition,
  timeZone,
  clock,
  cardCode,
}: {
  pages: PrintedPage[];
  paper: Paper;
  competition: string;
  timeZone: string;
  clock: ClockFormat;
  /** What a number card's QR code holds (shared/entryCode.ts); no QR code without it. */
  cardCode?: (card: NumberCard) => string;
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
            <SheetHeading
              competition={competition}
              page={p}
              title={p.title}
              // Number cards and competitor schedules: each page is one couple's, not part of a list.
              partless={p.body.type === 'numbers' || p.body.type === 'schedules'}
            />
            <div className="sheet-meta">
              {p.event && <Meta label="Event">{p.event}</Meta>}
              {p.round && <Meta label="Round">{p.round}</Meta>}
              {p.floor && <Meta label="Floor">{p.floor}</Meta>}
              {p.judge && <Meta label="Judge">{p.judge}</Meta>}
              {p.checksum && <Meta label="Marks checksum">{p.checksum}</Meta>}
              {p.seal && <Meta label="Record seal">{p.seal.slice(0, 16)}</Meta>}
            </div>
          </header>
          <div className="sheet-body">
            <PageBody page={p} timeZone={timeZone} clock={clock} cardCode={cardCode} />
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

function PageBody({
  page,
  timeZone,
  clock,
  cardCode,
}: {
  page: PrintedPage;
  timeZone: string;
  clock: ClockFormat;
  cardCode: ((card: NumberCard) => string) | undefined;
}) {
  const b = page.body;
  switch (b.type) {
    case 'judgeRecall':
      return (
        <>
          <p className="sheet-note">
            Mark {b.mark} couple{b.mark === 1 ? '' : 's'} in each dance: put an X in the box of each couple
            you recall.
          </p>
          <JudgeGrid couples={b.couples} dances={b.dances} receipts={b.receipts} kind="recall" />
        </>
      );
    case 'judgeFinal':
      return (
        <>
          <p className="sheet-note">
            Give every couple a place in each dance, 1 to {b.couples.length}: each place once, no ties, no
            blanks.
          </p>
          <JudgeGrid couples={b.couples} dances={b.dances} receipts={b.receipts} kind="final" />
        </>
      );
    case 'judgeAjs': {
      const group = b.components.join(' + ');
      // One line (the note's height is fixed by the pagination): the columns show which dances
      // have a box per component and which one box for both.
      const oneScore = b.components.length > 1 && b.dances.some((d) => !b.separateDances.includes(d));
      return (
        <>
          <p className="sheet-note">
            AJS 3.0: you score {group}, 1–10 in steps of 0.25
            {oneScore ? `; a “${group}” box: one score for both.` : ', a score for each.'}
          </p>
          <JudgeGrid
            couples={b.couples}
            dances={b.dances}
            receipts={b.receipts}
            kind="final"
            components={b.components}
            separateDances={b.separateDances}
          />
        </>
      );
    }
    case 'heats':
      return (
        <>
          <p className="sheet-note">
            {b.heats > 1 ? `${b.heats} heats.` : 'One heat.'} Tick each couple as they check in.
          </p>
          <table className="sheet-table heat-table">
            <thead>
              <HeadRow heads={['No.', 'Lead', 'Follow', 'Team', 'Heat', 'Check-in']} />
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
          {b.groups.map((g, i) => (
            <div key={i} className="recall-group" data-testid="recall-group">
              <p className="sheet-note">
                {g.label}
                {g.continued && <span className="sheet-part"> (continued)</span>}
              </p>
              <div className="big-numbers">
                {g.numbers.map((n) => (
                  <span key={n} className="big-number">
                    {n}
                    {g.star && (
                      <span className="big-star" aria-label="star couple">
                        {STAR_MARK}
                      </span>
                    )}
                  </span>
                ))}
              </div>
            </div>
          ))}
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
              <div className="number-card-foot">
                <div className="number-card-who">
                  <div className="number-card-name">{c.lead}</div>
                  <div className="number-card-team">{c.team}</div>
                  <CardLink url={cardCode?.(c)} />
                </div>
                {cardCode && (
                  <QrCode
                    text={cardCode(c)}
                    className="number-card-qr"
                    label={`QR code: check-in and the day of couple ${c.number}`}
                  />
                )}
              </div>
            </div>
          ))}
        </div>
      );
    case 'schedules':
      return (
        <>
          {b.couples.map((c) => (
            <CoupleScheduleView key={c.number} couple={c} timeZone={timeZone} clock={clock} />
          ))}
        </>
      );
  }
}

/** "Your day: host/c/key/competitors/12" under a number card's name, when the couple has a page. */
function CardLink({ url }: { url: string | undefined }) {
  const link = url ? shortEntryLink(url) : null;
  return link ? <div className="number-card-link">Your day: {link}</div> : null;
}
