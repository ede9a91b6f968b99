import { counted } from '../../../../domain/words.ts';
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { FinalResultsView, RecallResultsView } from '../../../../domain/schemas/marks.ts';
import type { MultiDanceResult, PlacingTable } from '../../../../domain/scoring/types.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { AjsWorking } from '../../../components/results/AjsTables.tsx';
import { formatAjsTotal } from '../../../../domain/scoring/ajs.ts';

/** Recall tally: every couple with its marks, the cut-off line and who is recalled. */
export function RecallResultTable({ result }: { result: RecallResultsView }) {
  const recalled = new Set(result.recalled);
  const tied = new Set(result.tiedAtCutoff ?? []);
  // byJudge is couple → judge label → marks; every couple lists every judge.
  const judges = Object.keys(Object.values(result.byJudge)[0] ?? {});
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="recall-summary">
        {counted(result.recalled.length, 'couple')} recalled
        {result.cutoffMarks !== undefined &&
          (result.ajs ? (
            <>
              {' '}
              · cut-off total {formatAjsTotal(result.cutoffMarks)} · tolerance {result.ajs.tolerance}
            </>
          ) : (
            <> · cut-off {result.cutoffMarks} marks</>
          ))}
        {result.tieDecision === 'includeTied' && ' · tie: all tied couples recalled'}
        {result.tieDecision === 'excludeTied' && ' · tie: none of the tied couples recalled'}
      </Text>
      {(result.markCountProblems ?? []).map((p) => (
        <Text key={`${p.dance}-${p.judge}`} size="sm" c="orange.9">
          {p.message}
        </Text>
      ))}
      <DataTable
        striped
        withTableBorder
        stickyHeader
        fz="sm"
        data-testid="recall-result"
        columns={[
          'Couple',
          ...judges.map((j) => `Judge ${j}`),
          result.ajs ? 'Total (AJS)' : 'Marks',
          'Recalled',
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
              {recalled.has(p.couple) ? 'Yes' : '—'}
              {tied.has(p.couple) && (
                <Badge ml="xs" size="xs" color="orange" variant="light">
                  tied
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
  const rows = [...table.rows].sort((a, b) => a.place - b.place);
  return (
    <Stack gap={4}>
      <Title order={4}>
        {title}{' '}
        <Text span size="sm" c="dimmed">
          (majority {table.majority})
        </Text>
      </Title>
      <DataTable
        withTableBorder
        withColumnBorders
        fz="sm"
        data-testid={`skating-${title}`}
        columns={['Couple', ...table.judges, ...table.columnLabels, 'Place', 'Rule']}
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
            <Table.Td title={r.reason}>{r.rule}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}

/** The final: the working of each dance, the summary (Rule 9) and every Rule 10/11 step. */
export function FinalResultTables({ result }: { result: FinalResultsView }) {
  if (result.ajs) return <AjsWorking result={result.ajs} />;
  const table = result.finalTable as MultiDanceResult | null;
  if (!table) return <Text size="sm">No working stored for this final.</Text>;
  const dances = Object.keys(table.tables);
  const summary = [...table.summary].sort((a, b) => a.place - b.place);
  return (
    <Stack gap="md">
      {dances.map((d) => (
        <PlacingWorking key={d} title={d} table={table.tables[d]!} />
      ))}
      {dances.length > 1 && (
        <Stack gap={4}>
          <Title order={4}>Summary</Title>
          <DataTable
            withTableBorder
            withColumnBorders
            fz="sm"
            data-testid="final-summary"
            columns={['Couple', ...dances, 'Total', 'Place', 'Rule']}
          >
            {summary.map((r) => (
              <Table.Tr key={r.couple}>
                <Table.Td fw={600}>{r.couple}</Table.Td>
                {dances.map((d) => (
                  <Table.Td key={d}>{r.perDance[d]}</Table.Td>
                ))}
                <Table.Td>{r.total}</Table.Td>
                <Table.Td fw={700}>{r.place}</Table.Td>
                <Table.Td>{r.rule}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {table.steps.length > 0 && (
            <Stack gap={2} data-testid="final-steps">
              <Text size="sm" fw={600}>
                Rule 10 / 11 decisions
              </Text>
              {table.steps.map((s, i) => (
                <Text key={i} size="sm">
                  {s.rule}, place {s.place}: {s.text}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
