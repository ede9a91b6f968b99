import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { RoundMarksView } from '../../../../domain/schemas/marks.ts';
import type { ScheduleItem } from '../../../../domain/schemas/events.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { RoundStateBadge } from '../../../components/RoundStateBadge.tsx';
import { roundStateName } from '../../../shared/roundStates.ts';
import type { Translate } from '../../../../domain/i18n/catalog.ts';
import { useT } from '../../../i18n/locale.ts';
import { danceLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { scrutineerText, sourceLabel } from './text.ts';

/** "3 of 10 still to come", or that everything is in. */
export function progressText(
  t: Translate<'progress.complete' | 'progress.toCome'>,
  view: RoundMarksView,
): string {
  return view.complete
    ? t('progress.complete')
    : t('progress.toCome', {
        missing: view.missing.length,
        total: view.judges.length * view.round.dances.length,
      });
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
  const t = useT(scrutineerText);
  const ts = useT(sportText);
  const { round, judges, marks } = view;
  return (
    <DataTable
      withTableBorder
      fz="sm"
      aria-label={label}
      columns={[t('col.judge'), ...round.dances.map((d) => danceLabel(ts, d))]}
    >
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
                      {t('progress.submitted')}
                    </Text>
                    {m.countOverride && (
                      <Badge size="sm" color="orange" title={t('progress.overrideTitle')}>
                        {t('progress.override')}
                      </Badge>
                    )}
                    {m.source !== 'judge' && (
                      <Badge size="sm" color="gray" variant="light">
                        {sourceLabel(t, m.source)}
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
  const t = useT(scrutineerText);
  const ts = useT(sportText);
  const state = roundStateName(item.roundState);
  return (
    <Stack gap={2}>
      <Title order={2} size="h3">
        {label}
      </Title>
      <Group gap="xs">
        {state && <RoundStateBadge state={state} couples={item.couples} />}
        <Text size="sm" c="dimmed">
          {t('heading.couples', { count: item.couples })} ·{' '}
          {item.dances.map((d) => danceLabel(ts, d)).join(', ')}
          {view?.round.kind === 'recall' && ` · ${t('heading.recall', { size: view.round.recallSize })}`}
        </Text>
      </Group>
    </Stack>
  );
}
