import { Alert, Badge, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { RoundCouples } from '../../../../domain/schemas/floor.ts';
import { DataTable, SelectableRow } from '../../../components/DataTable.tsx';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { roundStateName } from '../../../shared/roundStates.ts';
import { checkInSummary, heatGroups, heatSummary, sameRound, type RoundRef } from './deckLogic.ts';
import { CoupleMark } from '../../../components/CoupleMark.tsx';
import { useDeckWords } from './words.ts';

/** Both lists: their rounds, the one open on the right, and how to open another. */
interface RoundListProps {
  rounds: readonly RoundCouples[];
  selected: RoundRef | null;
  onSelect: (r: RoundRef) => void;
}

/** "On the floor now": each running round with its heat list by number and who is checked in. */
export function OnFloor({ rounds, selected, onSelect }: RoundListProps) {
  const words = useDeckWords();
  const { t } = words;
  if (rounds.length === 0)
    return (
      <Alert color="gray" title={t('onFloor.emptyTitle')}>
        {t('onFloor.empty')}
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
                  <Text size="sm">{words.round(r.roundName)}</Text>
                </div>
                <RoundStateBadge state={roundStateName(r.roundState) ?? 'Running'} />
              </Group>
              <Text size="xs" c="dimmed" mb={4}>
                {checkInSummary(r, words)} · {heatSummary(r, words)}
              </Text>
              {heats.map((g) => (
                <Group key={g.heat} gap={4} mb={2} wrap="wrap">
                  {heats.length > 1 && (
                    <Text size="xs" fw={700} miw={52}>
                      {t('heat', { heat: g.heat })}
                    </Text>
                  )}
                  {g.couples.map((c) => (
                    <Badge
                      key={c.entryId}
                      size="md"
                      radius="sm"
                      variant={c.checkedIn ? 'filled' : 'outline'}
                      color={c.checkedIn ? 'green.8' : 'gray.7'}
                      title={t(c.checkedIn ? 'badge.checkedIn' : 'badge.notCheckedIn', {
                        number: c.coupleNumber,
                      })}
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
  const words = useDeckWords();
  const { t } = words;
  if (rounds.length === 0)
    return (
      <Alert color="gray" title={t('next.emptyTitle')}>
        {t('next.empty')}
      </Alert>
    );
  return (
    <DataTable
      highlightOnHover
      fz="sm"
      aria-label={t('next.label')}
      verticalSpacing={6}
      columns={[t('col.round'), t('col.state'), t('col.couples')]}
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
              <Text size="xs">{words.round(r.roundName)}</Text>
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
                  {r.heats > 1 ? ` · ${t('next.heats', { heats: r.heats })}` : ''}
                  {r.waitingFor.length > 0
                    ? ` · ${t('next.after', {
                        rounds: r.waitingFor
                          .map(words.round)
                          .reduce((list, next) => t('next.and', { list, next })),
                      })}`
                    : ''}
                </Text>
              ) : (
                <Text size="xs" c="dimmed">
                  {t('next.waiting')}
                </Text>
              )}
            </Table.Td>
          </SelectableRow>
        );
      })}
    </DataTable>
  );
}
