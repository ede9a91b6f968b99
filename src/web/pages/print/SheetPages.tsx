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
import { printText } from './text.ts';
import { useT } from '../../i18n/locale.ts';

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
  const t = useT(printText);
  const size = PAPER_MM[paper];
  const style = { '--page-w': `${size.width}mm`, '--page-h': `${size.height}mm` } as CSSProperties;
  return (
    <div className="sheets" style={style} data-paper={paper}>
      {pages.map((p) => (
        <section
          key={p.pageNumber}
          className={`sheet-page sheet-${p.body.type}`}
          aria-label={t('pageOf', { page: p.pageNumber, count: p.pageCount })}
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
              {p.event && <Meta label={t('meta.event')}>{p.event}</Meta>}
              {p.round && <Meta label={t('meta.round')}>{p.round}</Meta>}
              {p.floor && <Meta label={t('meta.floor')}>{p.floor}</Meta>}
              {p.judge && <Meta label={t('meta.judge')}>{p.judge}</Meta>}
              {p.checksum && <Meta label={t('meta.checksum')}>{p.checksum}</Meta>}
              {p.seal && <Meta label={t('meta.seal')}>{p.seal.slice(0, 16)}</Meta>}
            </div>
          </header>
          <div className="sheet-body">
            <PageBody page={p} timeZone={timeZone} clock={clock} cardCode={cardCode} />
          </div>
          <footer className="sheet-footer">
            {p.judge ? <span>{t('footer.judgeSignature')}</span> : <span />}
            <span>
              {p.event ? `${p.event}${p.round ? ` · ${p.round}` : ''} · ` : ''}
              {t('pageOf', { page: p.pageNumber, count: p.pageCount })}
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
  const t = useT(printText);
  const b = page.body;
  switch (b.type) {
    case 'judgeRecall':
      return (
        <>
          <p className="sheet-note">{t('note.recall', { count: b.mark })}</p>
          <JudgeGrid couples={b.couples} dances={b.dances} receipts={b.receipts} kind="recall" />
        </>
      );
    case 'judgeFinal':
      return (
        <>
          <p className="sheet-note">{t('note.final', { count: b.couples.length })}</p>
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
          <p className="sheet-note">{t(oneScore ? 'note.ajsOne' : 'note.ajsEach', { group })}</p>
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
          <p className="sheet-note">{t('note.heats', { count: Math.max(b.heats, 1) })}</p>
          <table className="sheet-table heat-table">
            <thead>
              <HeadRow
                heads={[
                  t('head.no'),
                  t('head.lead'),
                  t('head.follow'),
                  t('head.team'),
                  t('head.heat'),
                  t('head.checkIn'),
                ]}
              />
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
                {g.continued && <span className="sheet-part"> {t('continued')}</span>}
              </p>
              <div className="big-numbers">
                {g.numbers.map((n) => (
                  <span key={n} className="big-number">
                    {n}
                    {g.star && (
                      <span className="big-star" aria-label={t('starCouple')}>
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
                    label={t('card.qr', { number: c.number })}
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
  const t = useT(printText);
  const link = url ? shortEntryLink(url) : null;
  return link ? <div className="number-card-link">{t('card.link', { link })}</div> : null;
}
