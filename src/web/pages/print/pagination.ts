/**
 * How printed sheets are cut into paper pages. Chromium's paged media cannot number pages "x of y"
 * across a document, so each page is laid out here: every printed page is one fixed-size box whose
 * rows have fixed heights (print.css uses the same millimetres), and these functions decide what goes
 * on which page. The count they give is the count the printer gets.
 */

export type Paper = 'A4' | 'Letter';

/** Page size in millimetres (portrait). */
export const PAPER_MM: Record<Paper, { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  Letter: { width: 215.9, height: 279.4 },
};

/** Millimetres the layout spends; print.css reads the same numbers through CSS variables. */
export const LAYOUT_MM = {
  /** Page padding on every side (the printer's margin is 0: the box carries its own). */
  padding: 12,
  /** Each page box is this much shorter than the paper so rounding never spills onto a blank page. */
  slack: 1.5,
  header: 24,
  footer: 7,
  /** A line of instructions under the header ("Mark 14 couples in each dance"). */
  note: 10,
  tableHead: 9,
  recallRow: 8,
  finalRow: 12,
  /** The receipt line under a judge's grid. */
  receiptRow: 9,
  heatRow: 8,
  /** One line of 10 pt text at the sheets' line height (1.2). */
  textLine: 4.3,
  bigNumberRow: 28,
  bigNumberColumns: 4,
  scheduleRow: 6.5,
  scheduleHead: 11,
  resultRow: 6,
  /** One line of a sentence under a results table. */
  resultLine: 4.5,
  resultTitle: 9,
};

/** Height left for a sheet's body on one page. */
export function bodyHeight(paper: Paper): number {
  const { height } = PAPER_MM[paper];
  return height - LAYOUT_MM.slack - 2 * LAYOUT_MM.padding - LAYOUT_MM.header - LAYOUT_MM.footer;
}

/** How many fixed-height rows fit under a note line and a table head. */
export function rowsPerPage(
  paper: Paper,
  rowHeight: number,
  overhead = LAYOUT_MM.note + LAYOUT_MM.tableHead,
) {
  return Math.max(1, Math.floor((bodyHeight(paper) - overhead) / rowHeight));
}

/** Cuts a list into pages of at most `size`; an empty list is one empty page (a sheet is still printed). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new Error('A page holds at least one row');
  if (items.length === 0) return [[]];
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

/**
 * Packs blocks of known height onto pages in order, a block never split; a block taller than a page
 * gets a page of its own (it is cut off rather than spilling onto an unnumbered page).
 */
export function packBlocks<T>(blocks: readonly T[], heightOf: (b: T) => number, pageHeight: number): T[][] {
  const pages: T[][] = [];
  let current: T[] = [];
  let used = 0;
  for (const b of blocks) {
    const h = heightOf(b);
    if (current.length && used + h > pageHeight) {
      pages.push(current);
      current = [];
      used = 0;
    }
    current.push(b);
    used += h;
  }
  if (current.length) pages.push(current);
  return pages;
}

/** One printed page's place in the print-out and in its own sheet. */
export interface PageNumbering {
  /** 1-based over the whole print-out: "Page x of y". */
  pageNumber: number;
  pageCount: number;
  /** 1-based within one sheet (one judge's sheet of one round may take two pages). */
  sheetPage: number;
  sheetPages: number;
}

/** Numbers the pages of several sheets, in order. */
export function numberPages<T>(sheets: readonly (readonly T[])[]): (T & PageNumbering)[] {
  const pageCount = sheets.reduce((n, s) => n + s.length, 0);
  const out: (T & PageNumbering)[] = [];
  for (const sheet of sheets) {
    sheet.forEach((page, i) => {
      out.push({
        ...page,
        pageNumber: out.length + 1,
        pageCount,
        sheetPage: i + 1,
        sheetPages: sheet.length,
      });
    });
  }
  return out;
}
