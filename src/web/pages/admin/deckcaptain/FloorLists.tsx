import { Alert, Badge, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { RoundCouples } from '../../../../domain/schemas/floor.ts';
import { DataTable, SelectableRow } from '../../../components/DataTable.tsx';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { roundStateName } from '../../../shared/roundStates.ts';
import { checkInSummary, heatGroups, heatSummary, sameRound, type RoundRef } from './deckLogic.ts';
import { CoupleMark } from '../../../components/CoupleMark.tsx';

/** Both lists: their rounds, the one open on the right, and how to open another. */
interface RoundListProps {
  rounds: readonly RoundCouples[];
  selected: RoundRef | null;
  onSelect: (r: RoundRef) => void;
}

/** "On the floor now": each running round with its heat list by number and who is checked in. */
export function OnFloor({ rounds, selected, onSelect }: RoundListProps) {
  if (rounds.length === 0)
    return (
      <Alert color="gray" title="Nothing on the floor">
        No round is running. Start the next round below once its couples are lined up.
      </Alert>
    );
  return (
    <Stack gap="xs">
      {rounds.map((r) => {
        const isSelected = sameRound(r, selected);
        const heats = heatGroups(r).filter((g) => g.heat !== null);
        return (
          <UnstyledButton
            key={`${r.eventKey}-${r.roundNumber}`}
            onClick={() => onSelect(r)}
            aria-current={isSelected ? 'true' : undefined}
          >
            <Paper
              withBorder
              p="xs"
              bg={isSelected ? 'blue.0' : undefined}
              style={isSelected ? { borderColor: 'var(--mantine-color-blue-6)' } : undefined}
              data-testid="on-floor-round"
            >
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={700} size="sm">
                    {r.eventName}
                  </Text>
                  <Text size="sm">{r.roundName}</Text>
                </div>
                <RoundStateBadge state={roundStateName(r.roundState) ?? 'Running'} />
              </Group>
              <Text size="xs" c="dimmed" mb={4}>
                {checkInSummary(r)} · {heatSummary(r)}
              </Text>
              {heats.map((g) => (
                <Group key={g.heat} gap={4} mb={2} wrap="wrap">
                  {heats.length > 1 && (
                    <Text size="xs" fw={700} w={52}>
                      Heat {g.heat}
                    </Text>
                  )}
                  {g.couples.map((c) => (
                    <Badge
                      key={c.entryId}
                      size="md"
                      radius="sm"
                      variant={c.checkedIn ? 'filled' : 'outline'}
                      color={c.checkedIn ? 'green.8' : 'gray.7'}
                      title={
                        c.checkedIn ? `${c.coupleNumber} checked in` : `${c.coupleNumber} not checked in`
                      }
                    >
                      {c.coupleNumber}
                      <CoupleMark star={c.star} status={c.status} />
                      {c.checkedIn ? ' ✓' : ''}
                    </Badge>
                  ))}
                </Group>
              ))}
            </Paper>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}

/** "Next": the rounds coming up in schedule order; choosing one opens it on the right. */
export function NextRounds({ rounds, selected, onSelect }: RoundListProps) {
  if (rounds.length === 0)
    return (
      <Alert color="gray" title="No rounds coming up">
        Every round is running or done. New rounds appear here once they are generated on the Events screen.
      </Alert>
    );
  return (
    <DataTable
      highlightOnHover
      fz="sm"
      aria-label="Next rounds"
      verticalSpacing={6}
      columns={['Round', 'State', 'Couples']}
    >
      {rounds.map((r) => {
        const state = roundStateName(r.roundState);
        const dancing = r.couples.filter((c) => !c.scratched).length;
        return (
          <SelectableRow
            key={`${r.eventKey}-${r.roundNumber}`}
            selected={sameRound(r, selected)}
            data-testid="next-round"
            onSelect={() => onSelect(r)}
          >
            <Table.Td>
              <Text size="sm" fw={600}>
                {r.eventName}
              </Text>
              <Text size="xs">{r.roundName}</Text>
            </Table.Td>
            <Table.Td style={{ minWidth: 110 }}>
              {state && (
                <RoundStateBadge state={state} couples={r.couples.filter((c) => !c.scratched).length} />
              )}
            </Table.Td>
            <Table.Td>
              {r.couplesKnown ? (
                <Text size="sm">
                  {dancing}
                  {r.heats > 1 ? ` · ${r.heats} heats` : ''}
                  {r.waitingFor.length > 0 ? ` · after the ${r.waitingFor.join(' and ')}` : ''}
                </Text>
              ) : (
                <Text size="xs" c="dimmed">
                  waiting
                </Text>
              )}
            </Table.Td>
          </SelectableRow>
        );
      })}
    </DataTable>
  );
}
