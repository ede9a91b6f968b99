/**
 * A file of couples imported all or nothing, each row under the rules of /register.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';
import { runCommand, type CommandContext } from '../../http/command.ts';
import { auditAll, type AuditRecord } from '../../audit.ts';
import { FileFacts } from './fileFacts.ts';
import type { ImportProblem, ImportResult } from '../../../domain/schemas/registration.ts';
import { importRows, readImportFile } from './importFile.ts';
import { registerCouple } from './register.ts';
import { slices } from '../../eventLoop.ts';

/** Thrown to roll a dry run (or a file with problems) back after every row was tried. */
class Rollback extends Error {
  constructor(readonly result: ImportResult) {
    super('rollback');
  }
}

/**
 * Imports a registrations CSV. Every row is tried with the same rules as /register, in one
 * transaction, so a row also conflicts with earlier rows of the same file. Any problem, or a dry
 * run, rolls everything back: all or nothing.
 */
export async function importRegistrations(
  app: FastifyInstance,
  req: FastifyRequest,
  csv: string,
  dryRun: boolean,
): Promise<ImportResult> {
  const work = slices(10);
  const file = await readImportFile(csv, work);
  if (file.problems) return { dryRun, rows: file.rows, problems: file.problems, created: 0, codes: [] };
  try {
    return await runCommand(app, req, {
      run: async (ctx) => {
        const events = await ctx.trx
          .selectFrom('events')
          .select(['key', 'name'])
          .where('competition_id', '=', ctx.competition.id)
          .execute();
        const { rows, problems } = await importRows(file.records, events, work);
        const codes: ImportResult['codes'] = [];
        const now = new Date();
        // Read once for the file, kept up to date row by row (fileFacts.ts), and the audit records
        // written together at the end: per row, only the writes go to the database.
        const facts = await FileFacts.load(
          ctx.trx,
          ctx.competition.id,
          rows.map((r) => r.input),
          work.pause,
        );
        const records: AuditRecord[] = [];
        const rowCtx = {
          ...ctx,
          audit: async (r: Parameters<CommandContext['audit']>[0]) => {
            records.push({ ...r, competitionId: ctx.competition.id, actor: r.actor ?? ctx.who });
          },
        };
        for (const r of rows) {
          // A 3,000-row file would otherwise hold the event loop for its whole run.
          await work.pause();
          try {
            const created = await registerCouple(rowCtx, r.input, {
              now,
              ignoreDates: true,
              organizerRecord: true,
              ...r.opts,
              facts,
            });
            codes.push({
              line: r.line,
              leadName: created.lead.name,
              followName: created.follow.name,
              leadNumber: created.leadNumber,
              entryCode: created.entryCode,
            });
          } catch (e) {
            if (!(e instanceof HttpError)) throw e;
            problems.push(...rowProblems(r.line, e));
          }
        }
        problems.sort((a, b) => a.line - b.line);
        const tried = { dryRun, rows: file.records.length, problems };
        if (dryRun || problems.length) throw new Rollback({ ...tried, created: 0, codes: [] });
        await auditAll(ctx.trx, records);
        if (codes.length) ctx.publish('events', 'competition');
        return { ...tried, created: codes.length, codes };
      },
    });
  } catch (e) {
    if (e instanceof Rollback) return e.result;
    throw e;
  }
}

/** A refused row's problems, one per rule it broke. */
function rowProblems(line: number, e: HttpError): ImportProblem[] {
  const details = e.details as { problems?: { message: string; code: string }[] } | undefined;
  const list = details?.problems?.length ? details.problems.map((p) => p.message) : [e.message];
  return list.map((message) => ({
    line,
    ...(e.code === 'number_taken' ? { column: 'lead_number' } : {}),
    message,
  }));
}
