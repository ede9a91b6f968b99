import { Group, Table, type TableProps, type TableThProps, type TableTrProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import './DataTable.css';

/** A column head: its text, or its text with the head cell's props (alignment, width, title, aria-label). */
export type Column = string | (Omit<TableThProps, 'children'> & { label?: ReactNode });

export interface DataTableProps extends Omit<TableProps, 'children'> {
  /** The heads, left to right; `false`/`null` leave a column out (e.g. one a setting hides). */
  columns: readonly (Column | false | null | undefined)[];
  /** The rows (`Table.Tr`). */
  children: ReactNode;
  /** Scroll up and down too, in a box this high, with the heads in view. */
  maxHeight?: CSSProperties['maxHeight'];
}

/**
 * The staff screens' table: one header row from `columns`, the rows as children. It scrolls sideways
 * inside its own box when wider than the screen, so the page never does (ui.md). A sticky head without
 * `maxHeight` sticks to the page instead: on wide screens the box then lets the table overflow rather
 * than become the head's scroller (see DataTable.css).
 */
export function DataTable({ columns, children, maxHeight, stickyHeader, ...table }: DataTableProps) {
  const heads = columns.filter((c): c is Column => c !== false && c !== null && c !== undefined);
  return (
    <div
      className="data-table-scroll"
      data-page-sticky={stickyHeader && maxHeight === undefined ? '' : undefined}
      style={maxHeight === undefined ? undefined : { maxHeight, overflowY: 'auto' }}
    >
      <Table stickyHeader={stickyHeader} {...table}>
        <Table.Thead>
          <Table.Tr>
            {heads.map((c, i) => {
              if (typeof c === 'string') return <Table.Th key={i}>{c}</Table.Th>;
              const { label, ...th } = c;
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

/** The head of a column of row buttons: no text, a name for screen readers. */
export const actionsColumn: Column = { 'aria-label': 'Actions' };

/** A row's buttons, right-aligned on one line. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <Table.Td>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {children}
      </Group>
    </Table.Td>
  );
}
