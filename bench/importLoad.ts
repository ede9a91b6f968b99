/**
 * A 3,000-row registration import (dry run) while a visitor reads a page of competitors: the
 * longest event-loop block and the visitor's slowest read, beside a baseline of the same visitor with
 * no import, in the same run. In process (src/server/test/importUnderReads.ts): the block is measured
 * on the server's own event loop, so the server runs here on a temp SQLite, not as the bench server.
 */
import { Client, startServer } from '../src/server/test/harness.ts';
import { describeRun, importUnderReads } from '../src/server/test/importUnderReads.ts';
import { ms, type Row } from './lib/report.ts';

export async function importFigures(): Promise<Row[]> {
  const server = await startServer({ demo: true, validateResponses: false });
  try {
    const admin = new Client(server.url);
    await admin.login();
    const run = await importUnderReads(server.url, admin);
    if (run.import.answer.status !== 200) throw new Error(`the dry run answered ${run.import.answer.status}`);
    const { baseline, import: imp } = run;
    const data = {
      baselineBlockMs: baseline.longestBlockMs,
      baselineReadMaxMs: baseline.reads.at(-1),
      blockMs: imp.longestBlockMs,
      readMaxMs: imp.reads.at(-1),
      readMedianMs: imp.reads[imp.reads.length >> 1],
      reads: imp.reads.length,
      importMs: imp.ms,
    };
    return [
      {
        figure: 'Import dry run, 3,000 rows: longest event-loop block',
        value: ms(imp.longestBlockMs),
        target: '< 50 ms',
        pass: imp.longestBlockMs < 50,
        data,
        note: describeRun(run),
      },
      {
        figure: 'Import dry run, 3,000 rows: public GET max (baseline max)',
        value: `${ms(imp.reads.at(-1) ?? NaN)} (${ms(baseline.reads.at(-1) ?? NaN)})`,
        target: '',
        pass: null,
      },
      { figure: 'Import dry run, 3,000 rows: time', value: ms(imp.ms), target: '', pass: null },
    ];
  } finally {
    await server.stop(true);
  }
}
