/**
 * Every stored version of a round's marks with its receipt: a mark is never overwritten
 * without a trace; a judge's receipt on the tablet or the printed sheet is found here.
 */
import { Badge, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { useQuery } from '@tanstack/react-query';
import type { MarkHistoryEntry } from '../../../../domain/schemas/marks.ts';
import { call } from '../../../api/client.ts';
import { roundParams } from '../../../api/paths.ts';
import { competitionQueryKey } from '../../../api/queries/keys.ts';
import { useT } from '../../../i18n/locale.ts';
import { danceLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { scrutineerText, sourceLabel } from './text.ts';

const shown = (v: MarkHistoryEntry['value']) => {
  if (Array.isArray(v)) return v.join(' ');
  const entries = Object.entries(v);
  // AJS: couple → component scores.
  if (entries.some(([, x]) => typeof x === 'object'))
    return entries
      .map(
        ([c, x]) =>
          `${c}: ${Object.entries(x as Record<string, number>)
            .map(([k, n]) => `${k} ${n}`)
            .join(' ')}`,
      )
      .join(' · ');
  return (entries as [string, number][])
    .sort((a, b) => a[1] - b[1])
    .map(([c, p]) => `${c}:${p}`)
    .join(' ');
};

export function MarkHistory({
  competitionKey: key,
  round,
}: {
  competitionKey: string;
  round: { eventKey: string; roundNumber: number };
}) {
  const t = useT(scrutineerText);
  const ts = useT(sportText);
  const history = useQuery({
    // Under the `marks` key: a new mark or an unlock refreshes it with the marks.
    queryKey: competitionQueryKey(key, 'marks', round.eventKey, round.roundNumber, 'history'),
    queryFn: () => call(endpoints.getEventsRoundsMarksHistory, roundParams(key, round)),
  });
  const entries = history.data?.entries ?? [];
  return (
    <Paper withBorder p="sm">
      <Title order={3} size="h4" mb="xs">
        {t('history.title')}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        // Focusable: a keyboard scrolls the history (it holds nothing else to focus).
        <ScrollArea type="auto" mah={360} viewportProps={{ tabIndex: 0 }}>
          <Table withTableBorder fz="sm" aria-label={t('history.title')} data-testid="mark-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('col.judge')}</Table.Th>
                <Table.Th>{t('col.dance')}</Table.Th>
                <Table.Th>{t('history.version')}</Table.Th>
                <Table.Th>{t('col.marks')}</Table.Th>
                <Table.Th>{t('history.entered')}</Table.Th>
                <Table.Th>{t('history.receipt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={`${e.officialId}-${e.dance}-${e.version}`}>
                  <Table.Td>{e.judge}</Table.Td>
                  <Table.Td>{danceLabel(ts, e.dance)}</Table.Td>
                  <Table.Td>{e.version}</Table.Td>
                  <Table.Td>{shown(e.value)}</Table.Td>
                  <Table.Td>
                    {sourceLabel(t, e.source)}
                    {e.correction && (
                      <Badge ml={6} size="sm" color="orange" tt="none">
                        {t('history.correction')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ff="monospace">{e.receipt ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
