/** A round's marks as the scrutineer checks them: who has submitted, and the marks themselves. */
import { Group, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import type { RoundMarksView } from '../../../../domain/schemas/marks.ts';
import { PanelProgressTable, progressText } from './PanelProgress.tsx';
import { CoupleMark } from '../../../components/CoupleMark.tsx';
import { useT } from '../../../i18n/locale.ts';
import { danceLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { scrutineerText } from './text.ts';

/** Judges × dances: who has submitted, flagged when a wrong count was overridden or it came from paper. */
export function Progress({ view }: { view: RoundMarksView }) {
  const t = useT(scrutineerText);
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          {t('received.title')}
        </Title>
        <Text size="sm" data-testid="marks-progress">
          {progressText(t, view)}
        </Text>
      </Group>
      <PanelProgressTable
        view={view}
        label={t('received.title')}
        cellTestId={(judge, dance) => `progress-${judge}-${dance}`}
        missingText={t('received.missing')}
      />
    </Paper>
  );
}

/** The marks themselves: recall X per couple per judge per dance with the tally; final places. */
export function MarksTable({ view }: { view: RoundMarksView }) {
  const t = useT(scrutineerText);
  const ts = useT(sportText);
  const { round, judges, marks } = view;
  if (round.couples.length === 0) return null;
  const cell = (dance: string, judgeId: number, couple: string): string => {
    const m = marks[dance]?.[String(judgeId)];
    if (!m) return '';
    if (Array.isArray(m.value)) return m.value.includes(couple) ? 'X' : '';
    const v = m.value[couple];
    // AJS: the judge's component scores ("TQ 9 MM 8.75").
    if (v !== null && typeof v === 'object')
      return Object.entries(v)
        .map(([k, x]) => `${k} ${x}`)
        .join(' ');
    return String(v ?? '');
  };
  const tally = (couple: string) =>
    round.dances.reduce((n, d) => n + judges.filter((j) => cell(d, j.id, couple) === 'X').length, 0);
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h4" mb="xs">
        {t('col.marks')}
      </Title>
      {/* Focusable: a keyboard scrolls a wide grid of marks (it holds nothing else to focus). */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0 }}>
        <Table
          withTableBorder
          withColumnBorders
          fz="sm"
          aria-label={t('col.marks')}
          data-testid="marks-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={2}>{t('col.couple')}</Table.Th>
              {round.dances.map((d) => (
                <Table.Th key={d} colSpan={judges.length} ta="center">
                  {danceLabel(ts, d)}
                </Table.Th>
              ))}
              {round.kind === 'recall' && <Table.Th rowSpan={2}>{t('col.total')}</Table.Th>}
            </Table.Tr>
            <Table.Tr>
              {round.dances.map((d) =>
                judges.map((j) => (
                  <Table.Th key={`${d}-${j.id}`} ta="center">
                    {j.label}
                  </Table.Th>
                )),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {round.couples.map((c) => (
              <Table.Tr key={c}>
                <Table.Td fw={600}>
                  {c}
                  <CoupleMark star={round.stars.includes(c)} />
                </Table.Td>
                {round.dances.map((d) =>
                  judges.map((j) => (
                    <Table.Td key={`${d}-${j.id}`} ta="center">
                      {cell(d, j.id, c)}
                    </Table.Td>
                  )),
                )}
                {round.kind === 'recall' && <Table.Td fw={700}>{tally(c)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
