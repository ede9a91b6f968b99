/**
 * One way to import a CSV file: check every row, then write all of it or nothing. The file is read in
 * steps (`csvRecordsSteps`, a pause every few hundred records) and the rows in 10 ms slices
 * (eventLoop.ts), so a large file does not hold the event loop while visitors read. Every row is tried
 * inside one transaction (trying may write: a dry run, or any problem, rolls it all back), so a row
 * also meets the earlier rows of its file. The registrations and the results-elsewhere imports use it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csvRecordsSteps, CsvError, type CsvRecords } from '../../domain/csv.ts';
import type { ImportProblem } from '../../domain/schemas/registration.ts';
import { slices } from '../eventLoop.ts';
import { runCommand, type CommandContext } from './command.ts';

export type CsvImportRecords = CsvRecords['records'];

/** Between two steps of the work: returns at once until the slice is used up. */
export interface ImportWork {
  pause: () => Promise<void>;
}

export interface CsvImportSteps<Tried> {
  /** The problems of the file as a whole (columns, number of records), before any row is read. */
  fileProblems(file: CsvRecords): ImportProblem[];
  /** Every record tried inside the import's transaction: the problems, and what the rows did. */
  tryRecords(
    ctx: CommandContext,
    records: CsvImportRecords,
    work: ImportWork,
  ): Promise<{ problems: ImportProblem[]; tried: Tried }>;
  /** No problem and not a dry run: what completes the import before it commits (writes, audit). */
  commit(ctx: CommandContext, tried: Tried, work: ImportWork): Promise<void>;
}

/**
 * The problem of a file's header, said the same way by every import: "Missing column: x." or
 * "Unknown columns: x, y.", followed by the columns an import reads when `known` is given.
 */
export function columnsProblem(
  what: 'Missing' | 'Unknown',
  columns: readonly string[],
  known?: readonly string[],
): ImportProblem {
  const list = known ? ` The columns are: ${known.join(', ')}.` : '';
  return {
    line: 1,
    message: `${what} column${columns.length > 1 ? 's' : ''}: ${columns.join(', ')}.${list}`,
    code: what === 'Missing' ? 'missing_columns' : 'unknown_columns',
    values: {
      columns: columns.join(', '),
      count: columns.length,
      ...(known ? { known: known.join(', ') } : {}),
    },
  };
}

/** The problems of a file's number of records (`things`: "couples", "results"): more than `max`, or none. */
export function recordCountProblems(
  count: number,
  max: number,
  things: 'couples' | 'results',
): ImportProblem[] {
  if (count > max)
    return [
      {
        line: 1,
        message: `At most ${max} ${things} per file.`,
        code: 'too_many_rows',
        values: { max, things },
      },
    ];
  if (count === 0)
    return [{ line: 1, message: `The file has no ${things}.`, code: 'no_rows', values: { things } }];
  return [];
}

/** What an import did: `tried` is null when the file itself was refused (no row was read). */
export interface CsvImportOutcome<Tried> {
  dryRun: boolean;
  /** Records in the file. */
  rows: number;
  /** Sorted by line. */
  problems: ImportProblem[];
  tried: Tried | null;
  committed: boolean;
}

/** Thrown to roll a dry run (or a file with problems) back after every row was tried. */
class Rollback<Tried> extends Error {
  constructor(readonly outcome: CsvImportOutcome<Tried>) {
    super('rollback');
  }
}

/** The file's records, or the problems of the file as a whole (not CSV, wrong columns, too many). */
async function readFile<Tried>(
  csv: string,
  steps: CsvImportSteps<Tried>,
  work: ImportWork,
): Promise<{ records: CsvImportRecords } | { rows: number; problems: ImportProblem[] }> {
  let parsed: CsvRecords;
  try {
    const reading = csvRecordsSteps(csv);
    let step = reading.next();
    while (!step.done) {
      await work.pause();
      step = reading.next();
    }
    parsed = step.value;
  } catch (e) {
    if (e instanceof CsvError)
      return {
        rows: 0,
        problems: [{ line: e.line, message: e.message, code: e.code, values: { line: e.line } }],
      };
    throw e;
  }
  const problems = steps.fileProblems(parsed);
  return problems.length ? { rows: parsed.records.length, problems } : { records: parsed.records };
}

/** Checks the file, then imports it all or nothing as one command (a dry run writes nothing). */
export async function importCsv<Tried>(
  app: FastifyInstance,
  req: FastifyRequest,
  csv: string,
  dryRun: boolean,
  steps: CsvImportSteps<Tried>,
): Promise<CsvImportOutcome<Tried>> {
  const work = slices(10);
  const file = await readFile(csv, steps, work);
  if ('problems' in file)
    return { dryRun, rows: file.rows, problems: file.problems, tried: null, committed: false };
  try {
    return await runCommand(app, req, {
      run: async (ctx) => {
        const { problems, tried } = await steps.tryRecords(ctx, file.records, work);
        problems.sort((a, b) => a.line - b.line);
        const outcome = { dryRun, rows: file.records.length, problems, tried, committed: false };
        if (dryRun || problems.length) throw new Rollback(outcome);
        await steps.commit(ctx, tried, work);
        return { ...outcome, committed: true };
      },
    });
  } catch (e) {
    if (e instanceof Rollback) return e.outcome as CsvImportOutcome<Tried>;
    throw e;
  }
}

/**
 * The HTTP answer of an import: 200 with the answer for a dry run or a clean file; otherwise 422
 * `import_refused`, the answer in its details.
 */
export function importReply<A extends { problems: readonly unknown[] }>(
  reply: FastifyReply,
  dryRun: boolean,
  answer: A,
) {
  if (dryRun || !answer.problems.length) return answer;
  const n = answer.problems.length;
  return reply.status(422).send({
    error: {
      code: 'import_refused',
      message: `Nothing was imported: ${n} problem${n > 1 ? 's' : ''} in the file.`,
      details: answer,
    },
  });
}
