import { Group, Table, type TableProps, type TableThProps, type TableTrProps } from '@mantine/core';
import { useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import './DataTable.css';
import { useT } from '../i18n/locale.ts';
import { staffControlsText } from './staff/text.ts';

/** A column head: its text, or its text with the head cell's props (alignment, width, title, aria-label). */
export type Column = string | (Omit<TableThProps, 'children'> & { label?: ReactNode });

export interface DataTableProps extends Omit<TableProps, 'children'> {
  /** The heads, left to right; `false`/`null` leave a column out (e.g. one a setting hides). */
  columns: readonly (Column | false | null | undefined)[];
  /** The rows (`Table.Tr`). */
  children: ReactNode;
  /** Scroll up and down too, in a box this high, with the heads in view. */
  maxHeight?: CSSProperties['maxHeight'];
  /**
   * On a phone each row becomes a card (its cells one under the other, each under its column's head),
   * so a row's buttons are in sight without scrolling sideways. For lists of records with actions,
   * not for grids of numbers read across.
   */
  cards?: boolean;
}

/**
 * The staff screens' table: one header row from `columns`, the rows as children. It scrolls sideways
 * inside its own box when wider than the screen, so the page never does (ui.md). A sticky head without
 * `maxHeight` sticks to the page instead: on wide screens the box then lets the table overflow rather
 * than become the head's scroller (see DataTable.css).
 */
export function DataTable({ columns, children, maxHeight, stickyHeader, cards, ...table }: DataTableProps) {
  const t = useT(staffControlsText);
  const heads = columns.filter((c): c is Column => c !== false && c !== null && c !== undefined);
  const ref = useRowCardLabels(cards);
  const scroller = useKeyboardScroll(maxHeight !== undefined);
  return (
    <div
      ref={scroller}
      className="data-table-scroll"
      data-page-sticky={stickyHeader && maxHeight === undefined ? '' : undefined}
      style={maxHeight === undefined ? undefined : { maxHeight, overflowY: 'auto' }}
    >
      <Table
        ref={ref}
        stickyHeader={stickyHeader}
        {...table}
        className={[table.className, cards && 'row-cards'].filter(Boolean).join(' ') || undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {heads.map((c, i) => {
              if (typeof c === 'string') return <Table.Th key={i}>{c}</Table.Th>;
              const { label, ...th } = c === actionsColumn ? { ...c, 'aria-label': t('actions') } : c;
              return (
                <Table.Th key={i} {...th}>
                  {label}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </div>
  );
}

/** A row that opens something (a round…): by click, Enter or Space, highlighted while selected. */
export function SelectableRow({
  selected,
  onSelect,
  children,
  ...tr
}: Omit<TableTrProps, 'onSelect'> & { selected: boolean; onSelect: () => void }) {
  return (
    <Table.Tr
      bg={selected ? 'blue.0' : undefined}
      style={{ cursor: 'pointer' }}
      aria-selected={selected}
      tabIndex={0}
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect();
        }
      }}
      {...tr}
    >
      {children}
    </Table.Tr>
  );
}

/** The head of a column of row buttons: no text, a name for screen readers (in the reader's language). */
export const actionsColumn: Column = { 'aria-label': 'Actions' };

/**
 * A row's buttons, right-aligned on one line. The cell stays at the right edge of a table that scrolls
 * sideways (app.css `.row-actions`), so a row's actions are always in sight.
 */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <Table.Td className="row-actions">
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {children}
      </Group>
    </Table.Td>
  );
}

/**
 * Row cards (`cards`) name each cell by its column's head: the heads' words are copied onto the cells
 * as `data-label` (shown by app.css on phones only), after every render, as rows come and go.
 */
export function useRowCardLabels(on: boolean | undefined) {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!on || !table?.tHead?.rows[0]) return;
    const heads: string[] = [];
    for (const th of table.tHead.rows[0].cells)
      for (let i = 0; i < th.colSpan; i++) heads.push(th.textContent?.trim() ?? '');
    for (const body of table.tBodies)
      for (const row of body.rows) {
        let at = 0;
        for (const cell of row.cells) {
          const label = cell.colSpan === 1 ? (heads[at] ?? '') : '';
          if (cell.dataset.label !== label) cell.dataset.label = label;
          at += cell.colSpan;
        }
      }
  });
  return ref;
}

/**
 * A box that scrolls (a wide table on a phone, longer words in German) is a stop for the keyboard, so
 * its hidden columns can be reached without a mouse; a box that fits is no extra stop.
 */
function useKeyboardScroll(vertical: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => {
      const scrolls =
        box.scrollWidth > box.clientWidth + 1 || (vertical && box.scrollHeight > box.clientHeight + 1);
      if (scrolls) box.tabIndex = 0;
      else box.removeAttribute('tabindex');
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(check);
    watch.observe(box);
    if (box.firstElementChild) watch.observe(box.firstElementChild);
    return () => watch.disconnect();
  }, [vertical]);
  return ref;
}
