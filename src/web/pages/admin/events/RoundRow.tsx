import { Badge, Button, Group, NumberInput, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { RoundView } from '../../../api/types.ts';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { roundStateName } from '../../../shared/roundStates.ts';

/** One round in the rounds dialog: its state, recall size, skip and delete. */
export function RoundRow({
  round,
  isFinal,
  busy,
  onSkip,
  onDelete,
  onRecall,
}: {
  round: RoundView;
  isFinal: boolean;
  busy: boolean;
  onSkip: () => void;
  onDelete: () => void;
  onRecall: (size: number) => void;
}) {
  const [recall, setRecall] = useState<string | number>(round.recallSize);
  const state = roundStateName(round.roundState) ?? 'Initialized';
  return (
    <Table.Tr data-testid={`round-${round.roundNumber}`}>
      <Table.Td>{round.roundNumber}</Table.Td>
      <Table.Td fw={600}>{round.roundName}</Table.Td>
      <Table.Td>
        <RoundStateBadge state={state} />
      </Table.Td>
      <Table.Td>
        {isFinal ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <NumberInput
            aria-label={`Recall size of ${round.roundName}`}
            size="xs"
            w={80}
            min={0}
            allowDecimal={false}
            value={recall}
            onChange={setRecall}
            onBlur={() => {
              if (typeof recall === 'number' && recall !== round.recallSize) onRecall(recall);
            }}
          />
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Badge variant="light" color="gray" aria-label={`${round.entries.length} couples`}>
          {round.entries.length}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {!isFinal && state !== 'Skipped' && (
            <Button size="compact-sm" variant="subtle" disabled={busy} onClick={onSkip}>
              Skip
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="red" disabled={busy} onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
