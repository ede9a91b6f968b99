import type { ReactNode } from 'react';
import { HeadRow, type Head } from '../HeadRow.tsx';

/**
 * A results table in its own sideways-scrolling box (a named region the keyboard can scroll), so a
 * wide table never widens the page: the heads, then the rows given as children.
 */
export function ResultTable({
  label,
  heads,
  small = false,
  testId,
  children,
}: {
  label: string;
  heads: readonly Head[];
  /** The smaller type of a working table beside the main one. */
  small?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="rt-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className={small ? 'rt-table rt-small' : 'rt-table'} data-testid={testId}>
        <thead>
          <HeadRow heads={heads} />
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
