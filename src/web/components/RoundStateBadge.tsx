import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { roundStateStyles, type RoundStateName } from '../shared/roundStates.ts';

/** A round state in its one colour (roundStates.ts), with the state's name so colour is never the only cue. */
export function RoundStateBadge({ state, children }: { state: RoundStateName; children?: ReactNode }) {
  const s = roundStateStyles[state];
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
      {children ?? state}
    </Badge>
  );
}
