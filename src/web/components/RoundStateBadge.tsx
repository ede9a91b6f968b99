import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  roundStateStyles,
  roundStateWord,
  type RoundStateName,
  type RoundStateWord,
} from '../shared/roundStates.ts';
import { roundStatesText, roundStateText } from './roundStates/text.ts';
import { useT } from '../i18n/locale.ts';

/**
 * A round state in its one colour (roundStates.ts), with the state's words so colour is never the only
 * cue, and what it means on hover. An Empty round that already holds its couples (recalled from the
 * round before, or the first round's entries) is waiting only for its start: it reads "Ready to
 * start", which is what staff need to know.
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
  const t = useT(roundStatesText);
  const s = roundStateStyles[state];
  const words = roundStateText(t, roundStateWord(state, couples));
  return (
    <Badge
      size="lg"
      radius="sm"
      tt="none"
      title={words.meaning}
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
      {children ?? words.label}
    </Badge>
  );
}

/** Every round state's badge and what it means, where states are counted or listed side by side. */
export function RoundStateLegend({ states }: { states: readonly RoundStateWord[] }) {
  const t = useT(roundStatesText);
  return (
    <Stack gap={4} component="dl" m={0} aria-label={t('legend')} data-testid="round-state-legend">
      {states.map((w) => (
        <Group key={w} gap="xs" wrap="nowrap" align="baseline">
          <Text component="dt" size="sm" fw={700} miw="max-content">
            {roundStateText(t, w).label}
          </Text>
          <Text component="dd" size="sm" c="dimmed" m={0}>
            {roundStateText(t, w).meaning}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
