import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { FinalResultsView, RecallResultsView } from '../../../../domain/schemas/marks.ts';
import type { MultiDanceResult, PlacingTable } from '../../../../domain/scoring/types.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { AjsWorking } from '../../../components/results/AjsTables.tsx';
import { formatAjsTotal } from '../../../../domain/scoring/ajs.ts';
import { useT } from '../../../i18n/locale.ts';
import { danceLabel, sportText } from '../../../../domain/i18n/sport.ts';
import { scrutineerText } from './text.ts';
import { resultTablesText, ruleLabel } from '../../../components/results/text.ts';
import { placingReason, stepReason, useReasonWords } from '../../../components/results/reasons.ts';

/** Recall tally: every couple with its marks, the cut-off line and who is recalled. */
export function RecallResultTable({ result }: { result: RecallResultsView }) {
  const t = useT(scrutineerText);
  const ts = useT(sportText);
  const recalled = new Set(result.recalled);
  const tied = new Set(result.tiedAtCutoff ?? []);
  // byJudge is couple → judge label → marks; every couple lists every judge.
  const judges = Object.keys(Object.values(result.byJudge)[0] ?? {});
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="recall-summary">
        {t('recall.recalled', { count: result.recalled.length })}
        {result.cutoffMarks !== undefined &&
          ` · ${
            result.ajs
              ? t('recall.cutoffTotal', {
                  total: formatAjsTotal(result.cutoffMarks),
                  tolerance: result.ajs.tolerance,
                })
              : t('recall.cutoffMarks', { marks: result.cutoffMarks })
          }`}
        {result.tieDecision === 'includeTied' && ` · ${t('recall.tieAll')}`}
        {result.tieDecision === 'excludeTied' && ` · ${t('recall.tieNone')}`}
      </Text>
      {(result.markCountProblems ?? []).map((p) => (
        <Text key={`${p.dance}-${p.judge}`} size="sm" c="orange.9">
          {t('recall.countProblem', {
            judge: p.judge,
            dance: danceLabel(ts, p.dance),
            marked: p.marked,
            requested: p.requested,
          })}
        </Text>
      ))}
      <DataTable
        striped
        withTableBorder
        stickyHeader
        fz="sm"
        data-testid="recall-result"
        columns={[
          t('col.couple'),
          ...judges.map((j) => t('recall.judge', { judge: j })),
          result.ajs ? t('recall.totalAjs') : t('col.marks'),
          t('recall.recalledCol'),
        ]}
      >
        {result.placements.map((p) => (
          <Table.Tr key={p.couple}>
            <Table.Td>{p.couple}</Table.Td>
            {judges.map((j) => (
              <Table.Td key={j}>{result.byJudge[p.couple]?.[j] ?? 0}</Table.Td>
            ))}
            <Table.Td fw={600}>{result.ajs ? formatAjsTotal(p.marks) : p.marks}</Table.Td>
            <Table.Td>
              {recalled.has(p.couple) ? t('recall.yes') : '—'}
              {tied.has(p.couple) && (
                <Badge ml="xs" size="xs" color="orange" variant="light">
                  {t('recall.tied')}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {result.ajs && <AjsWorking result={result.ajs} recalled={result.recalled} />}
    </Stack>
  );
}

/** One dance's Skating System working: each judge's place, the columns "count(sum)", place and rule. */
function PlacingWorking({ title, table }: { title: string; table: PlacingTable }) {
  const t = useT(scrutineerText);
  const tr = useT(resultTablesText);
  const ts = useT(sportText);
  const words = useReasonWords();
  const rows = [...table.rows].sort((a, b) => a.place - b.place);
  return (
    <Stack gap={4}>
      <Title order={4}>
        {danceLabel(ts, title)}{' '}
        <Text span size="sm" c="dimmed">
          {t('final.majority', { majority: table.majority })}
        </Text>
      </Title>
      <DataTable
        withTableBorder
        withColumnBorders
        fz="sm"
        data-testid={`skating-${title}`}
        columns={[t('col.couple'), ...table.judges, ...table.columnLabels, t('col.place'), t('col.rule')]}
      >
        {rows.map((r) => (
          <Table.Tr key={r.couple}>
            <Table.Td fw={600}>{r.couple}</Table.Td>
            {r.marks.map((m, i) => (
              <Table.Td key={i}>{m}</Table.Td>
            ))}
            {r.shown.map((s, i) => (
              <Table.Td key={i} fw={i + 1 === r.decidedInColumn ? 700 : undefined}>
                {s}
              </Table.Td>
            ))}
            <Table.Td fw={700}>{r.place}</Table.Td>
            <Table.Td title={placingReason(words, r)}>{ruleLabel(tr, r.rule)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}

/** The final: the working of each dance, the summary (Rule 9) and every Rule 10/11 step. */
export function FinalResultTables({ result }: { result: FinalResultsView }) {
  const t = useT(scrutineerText);
  const tr = useT(resultTablesText);
  const ts = useT(sportText);
  const words = useReasonWords();
  if (result.ajs) return <AjsWorking result={result.ajs} />;
  const table = result.finalTable as MultiDanceResult | null;
  if (!table) return <Text size="sm">{t('final.noWorking')}</Text>;
  const dances = Object.keys(table.tables);
  const summary = [...table.summary].sort((a, b) => a.place - b.place);
  return (
    <Stack gap="md">
      {dances.map((d) => (
        <PlacingWorking key={d} title={d} table={table.tables[d]!} />
      ))}
      {dances.length > 1 && (
        <Stack gap={4}>
          <Title order={4}>{t('final.summary')}</Title>
          <DataTable
            withTableBorder
            withColumnBorders
            fz="sm"
            data-testid="final-summary"
            columns={[
              t('col.couple'),
              ...dances.map((d) => danceLabel(ts, d)),
              t('col.total'),
              t('col.place'),
              t('col.rule'),
            ]}
          >
            {summary.map((r) => (
              <Table.Tr key={r.couple}>
                <Table.Td fw={600}>{r.couple}</Table.Td>
                {dances.map((d) => (
                  <Table.Td key={d}>{r.perDance[d]}</Table.Td>
                ))}
                <Table.Td>{r.total}</Table.Td>
                <Table.Td fw={700}>{r.place}</Table.Td>
                <Table.Td>{ruleLabel(tr, r.rule)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {table.steps.length > 0 && (
            <Stack gap={2} data-testid="final-steps">
              <Text size="sm" fw={600}>
                {t('final.steps')}
              </Text>
              {table.steps.map((s, i) => (
                <Text key={i} size="sm">
                  {t('final.step', {
                    rule: ruleLabel(tr, s.rule),
                    place: s.place,
                    text: stepReason(words, s),
                  })}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
