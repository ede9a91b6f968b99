import { describe, expect, it } from 'vitest';
import { LAYOUT_MM, bodyHeight, chunk, numberPages, packBlocks, rowsPerPage } from './pagination.ts';

describe('pagination', () => {
  it('fits fewer rows on US Letter than on A4 (Letter is shorter)', () => {
    expect(bodyHeight('A4')).toBeGreaterThan(bodyHeight('Letter'));
    expect(rowsPerPage('A4', LAYOUT_MM.recallRow)).toBe(27);
    expect(rowsPerPage('Letter', LAYOUT_MM.recallRow)).toBe(25);
    // Every row fits: rows × height + note + head never exceeds the body.
    for (const paper of ['A4', 'Letter'] as const) {
      for (const h of [LAYOUT_MM.recallRow, LAYOUT_MM.finalRow, LAYOUT_MM.heatRow]) {
        const n = rowsPerPage(paper, h);
        expect(n * h + LAYOUT_MM.note + LAYOUT_MM.tableHead).toBeLessThanOrEqual(bodyHeight(paper));
        expect((n + 1) * h + LAYOUT_MM.note + LAYOUT_MM.tableHead).toBeGreaterThan(bodyHeight(paper));
      }
    }
  });

  it('cuts 40 couples into 27 + 13 on A4, and an empty list into one empty page', () => {
    const couples = Array.from({ length: 40 }, (_, i) => String(100 + i));
    const pages = chunk(couples, 27);
    expect(pages.map((p) => p.length)).toEqual([27, 13]);
    expect(pages.flat()).toEqual(couples);
    expect(chunk([], 27)).toEqual([[]]);
    expect(() => chunk(couples, 0)).toThrow();
  });

  it('packs blocks in order without splitting one, starting a page when the next does not fit', () => {
    expect(packBlocks([50, 50, 50, 50, 50], (h) => h, 120)).toEqual([[50, 50], [50, 50], [50]]);
    // A block taller than a page still gets a page (never an endless loop or a lost block).
    expect(packBlocks([30, 300, 30], (h) => h, 120)).toEqual([[30], [300], [30]]);
    expect(packBlocks([], (h: number) => h, 120)).toEqual([]);
  });

  it('numbers pages over the whole print-out and within each sheet', () => {
    const pages = numberPages([[{ id: 'a1' }, { id: 'a2' }], [{ id: 'b1' }], [{ id: 'c1' }, { id: 'c2' }]]);
    expect(pages.map((p) => `${p.id} ${p.pageNumber}/${p.pageCount} ${p.sheetPage}/${p.sheetPages}`)).toEqual(
      ['a1 1/5 1/2', 'a2 2/5 2/2', 'b1 3/5 1/1', 'c1 4/5 1/2', 'c2 5/5 2/2'],
    );
  });
});
