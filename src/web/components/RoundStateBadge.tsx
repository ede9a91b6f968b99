import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { roundStateStyles, type RoundStateName } from '../shared/roundStates.ts';

/**
 * A round state in its one colour (roundStates.ts), with the state's name so colour is never the only
 * cue. An Empty round that already holds its couples (recalled from the round before, or the first
 * round's entries) is waiting only for its start: it reads "Ready", which is what staff need to know.
 */
export function RoundStateBadge({
  state,
  couples,
  children,
}: {
  state: RoundStateName;
  /** Couples the round holds, where the screen knows them. */
  couples?: number;
  children?: ReactNode;
}) {
  const s = roundStateStyles[state];
  const label = state === 'Empty' && couples !== undefined && couples > 0 ? 'Ready' : state;
  return (
    <Badge
      size="lg"
      radius="sm"
      tt="none"
      styles={{
        root: {
          background: s.background,
          color: s.color,
          border: `1px solid ${s.border}`,
          // Whole, never "Initial…": a table or a row squeezing its column cannot shrink the state's name.
          minWidth: 'max-content',
        },
      }}
    >
      {children ?? label}
    </Badge>
  );
}
