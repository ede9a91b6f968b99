import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { RoundMarksView } from '../../../../domain/schemas/marks.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { roundStateName } from '../../../shared/roundStates.ts';

/** "3 of 10 still to come", or that everything is in. */
export function progressText(view: RoundMarksView): string {
  return view.complete
    ? 'Every judge has submitted every dance.'
    : `${view.missing.length} of ${view.judges.length * view.round.dances.length} still to come`;
}

/**
 * Judges × dances: who has submitted, flagged when a judge confirmed a wrong count (override) or the
 * marks came from paper. Shared by the scrutineer and the chairman.
 */
export function PanelProgressTable({
  view,
  label,
  cellTestId,
  missingText,
}: {
  view: RoundMarksView;
  label: string;
  /** data-testid of each cell, from the judge's id and the dance. */
  cellTestId: (judgeId: number, dance: string) => string;
  missingText: string;
}) {
  const { round, judges, marks } = view;
  return (
    <DataTable withTableBorder fz="sm" aria-label={label} columns={['Judge', ...round.dances]}>
      {judges.map((j) => (
        <Table.Tr key={j.id}>
          <Table.Td>
            {j.label} · {j.name}
          </Table.Td>
          {round.dances.map((d) => {
            const m = marks[d]?.[String(j.id)];
            return (
              <Table.Td key={d} data-testid={cellTestId(j.id, d)}>
                {m ? (
                  <Group gap={4}>
                    <Text size="sm" c="green.9">
                      ✓ Submitted
                    </Text>
                    {m.countOverride && (
                      <Badge size="sm" color="orange" title="The judge confirmed a different count">
                        override
                      </Badge>
                    )}
                    {m.source !== 'judge' && (
                      <Badge size="sm" color="gray" variant="light">
                        {m.source}
                      </Badge>
                    )}
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    {missingText}
                  </Text>
                )}
              </Table.Td>
            );
          })}
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** A round's title with its state and what is danced: the head of the scrutineer's and chairman's cards. */
export function RoundHeading({
  label,
  item,
  view,
}: {
  label: string;
  item: ScheduleItem;
  view: RoundMarksView | undefined;
}) {
  const state = roundStateName(item.roundState);
  return (
    <Stack gap={2}>
      <Title order={2} size="h3">
        {label}
      </Title>
      <Group gap="xs">
        {state && <RoundStateBadge state={state} couples={item.couples} />}
        <Text size="sm" c="dimmed">
          {item.couples} couples · {item.dances.join(', ')}
          {view?.round.kind === 'recall' && ` · recall ${view.round.recallSize}`}
        </Text>
      </Group>
    </Stack>
  );
}
