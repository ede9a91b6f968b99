/**
 * Figure 6: the scoring engine's two figures from bench/scoring.ts, run as it is (its own
 * process) and read from the table it prints: the median ms of each line against its target.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from './lib/server.ts';
import type { Row } from './lib/report.ts';

export async function scoringFigures(): Promise<Row[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/scoring.ts'], {
    cwd: ROOT,
  });
  const rows: Row[] = [];
  for (const line of stdout.split('\n')) {
    // "label  median  mean  p95  < target  ok|SLOW", columns padded with two or more spaces.
    const cells = line.split(/\s{2,}/);
    if (cells.length < 5 || !/^(recallTally|placeMultiDance)/.test(cells[0] ?? '')) continue;
    const [label, medianMs, , p95Ms, target] = cells as [string, string, string, string, string];
    const limit = Number(target.replace(/[^\d.]/g, ''));
    rows.push({
      figure: `Scoring: ${label}`,
      value: `${medianMs} ms`,
      target: `< ${limit} ms`,
      pass: Number(medianMs) < limit,
      data: { medianMs: Number(medianMs), p95Ms: Number(p95Ms) },
    });
  }
  if (rows.length !== 2)
    throw new Error(`bench/scoring.ts printed ${rows.length} figures, expected 2:\n${stdout}`);
  return rows;
}
