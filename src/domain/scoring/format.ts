/**
 * Plain-text rendering of results and working, for the CLI and anything else that prints (the
 * scrutineer's check by hand). Pure: returns strings.
 */
import { AJS_COMPONENTS, formatAjsTotal, type AjsResult } from './ajs.ts';
import type { MultiDanceResult, PlacingTable, RecallResult, SingleDanceResult } from './types.ts';
import { formatPlace } from './util.ts';

/** Aligns rows of cells into columns separated by two spaces. */
export function textTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The working of one dance: marks by judge, columns "count(sum)", place and rule; then the reasons. */
export function formatPlacingTable(title: string, table: PlacingTable): string {
  const header = ['Couple', ...table.judges, '|', ...table.columnLabels, '|', 'Place', 'Rule'];
  const rows = table.rows.map((r) => [
    r.couple,
    ...r.marks.map(String),
    '|',
    ...r.shown,
    '|',
    formatPlace(r.place),
    r.rule,
  ]);
  const reasons = table.rows.map((r) => `  ${r.couple}: ${r.reason}`);
  return `${title} (majority ${table.majority})\n${textTable([header, ...rows])}\n${reasons.join('\n')}`;
}

export function formatSingleDance(title: string, result: SingleDanceResult): string {
  return formatPlacingTable(title, result.table);
}

export function formatFinal(result: MultiDanceResult): string {
  const dances = Object.keys(result.perDance);
  const parts = dances.map((d) => formatPlacingTable(d, result.tables[d] as PlacingTable));
  if (dances.length > 1) {
    const header = ['Couple', ...dances, 'Total', 'Place', 'Rule'];
    const rows = [...result.summary]
      .sort((a, b) => a.place - b.place)
      .map((s) => [
        s.couple,
        ...dances.map((d) => formatPlace(s.perDance[d] as number)),
        formatPlace(s.total),
        formatPlace(s.place),
        s.rule,
      ]);
    parts.push(`Summary (Rules 9–11)\n${textTable([header, ...rows])}`);
    if (result.steps.length > 0) {
      parts.push(`Rule 10 / Rule 11 steps\n${result.steps.map((s, i) => `${i + 1}. ${s.text}`).join('\n')}`);
    }
  }
  const placings = Object.entries(result.places)
    .sort((a, b) => a[1] - b[1])
    .map(([c, p]) => `${formatPlace(p)}. couple ${c}`);
  parts.push(`Places\n${placings.join('\n')}`);
  return parts.join('\n\n');
}

export function formatRecall(result: RecallResult, requested: number): string {
  const through = new Set(result.recalled);
  const tied = new Set(result.tiedAtCutoff);
  const rows = result.ranking.map((r) => [
    r.couple,
    String(r.marks),
    through.has(r.couple) ? 'recalled' : tied.has(r.couple) ? 'tied at cut-off' : '',
  ]);
  const lines = [
    `Recall: ${requested} requested, cut-off ${result.cutoffMarks} marks`,
    textTable([['Couple', 'Marks', ''], ...rows]),
  ];
  if (result.tiedAtCutoff.length > 0) {
    lines.push(
      `Tie at the cut-off: recall all tied → ${result.recallIfTiesIncluded.length} couples (default), ` +
        `or none of them → ${result.recallIfTiesExcluded.length} couples.`,
    );
  }
  for (const p of result.markCountProblems) lines.push(`Note: ${p.message}`);
  return lines.join('\n');
}

const padStart = (s: string, n: number) => s.padStart(n);
const num = (x: number) => x.toFixed(3);

/**
 * An AJS result as a scrutineer's table: per dance each component (its mean, 3 decimals) and the dance
 * total, then the totals; totals to two decimals as published, with the tolerance used.
 */
export function formatAjs(r: AjsResult): string {
  const lines: string[] = [`Tolerance ${r.tolerance}`, ''];
  for (const [dance, byCouple] of Object.entries(r.dances)) {
    lines.push(
      dance,
      `${padStart('Couple', 6)} ${AJS_COMPONENTS.map((c) => padStart(c, 7)).join(' ')} ${padStart('Dance', 8)}  Dropped`,
    );
    for (const { couple } of r.ranking) {
      const d = byCouple[couple];
      if (!d) continue;
      const dropped = AJS_COMPONENTS.flatMap((c) => d.components[c].dropped.map((j) => `${c}:${j}`));
      lines.push(
        `${padStart(couple, 6)} ${AJS_COMPONENTS.map((c) => padStart(num(d.components[c].score), 7)).join(' ')} ${padStart(formatAjsTotal(d.total), 8)}  ${dropped.join(' ')}`,
      );
    }
    lines.push('');
  }
  lines.push(
    'Result',
    `${padStart('Place', 6)} ${padStart('Couple', 6)} ${AJS_COMPONENTS.map((c) => padStart(c, 7)).join(' ')} ${padStart('Total', 8)}`,
  );
  for (const { couple, place, total } of r.ranking) {
    const ct = r.componentTotals[couple]!;
    lines.push(
      `${padStart(formatPlace(place), 6)} ${padStart(couple, 6)} ${AJS_COMPONENTS.map((c) => padStart(formatAjsTotal(ct[c]), 7)).join(' ')} ${padStart(formatAjsTotal(total), 8)}`,
    );
  }
  return lines.join('\n');
}
