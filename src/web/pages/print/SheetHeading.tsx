import type { ReactNode } from 'react';
import type { PageNumbering } from './pagination.ts';
import { printText } from './text.ts';
import { useT } from '../../i18n/locale.ts';

/**
 * The top of a printed page's header: the competition, the page number, and the sheet's title with
 * its part when the sheet runs over several pages (unless `partless`: the sheet's pages stand alone).
 */
export function SheetHeading({
  competition,
  page,
  title,
  partless = false,
}: {
  competition: ReactNode;
  page: PageNumbering;
  title: ReactNode;
  partless?: boolean;
}) {
  const t = useT(printText);
  return (
    <>
      <div className="sheet-header-top">
        <span className="sheet-competition">{competition}</span>
        <span className="sheet-pageno">{t('pageOf', { page: page.pageNumber, count: page.pageCount })}</span>
      </div>
      <div className="sheet-title">
        {title}
        {!partless && page.sheetPages > 1 && (
          <span className="sheet-part"> {t('part', { part: page.sheetPage, count: page.sheetPages })}</span>
        )}
      </div>
    </>
  );
}
