/**
 * A file of couples imported all or nothing, each row under the rules of /register (csvImport.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors.ts';
import type { CommandContext } from '../../http/command.ts';
import { importCsv } from '../../http/csvImport.ts';
import { auditAll, type AuditRecord } from '../../audit.ts';
import { FileFacts } from './fileFacts.ts';
import type { ImportProblem, ImportResult } from '../../../domain/schemas/registration.ts';
import { importRows, registrationFileProblems } from './importFile.ts';
import { registerCouple } from './register.ts';
import { siteOrigin } from '../../mail/links.ts';

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
  const outcome = await importCsv(app, req, csv, dryRun, {
    fileProblems: registrationFileProblems,
    tryRecords: async (ctx, records, work) => {
      const events = await ctx.trx
        .selectFrom('events')
        .select(['key', 'name'])
        .where('competition_id', '=', ctx.competition.id)
        .execute();
      const { rows, problems } = await importRows(records, events, work);
      const codes: ImportResult['codes'] = [];
      const now = new Date();
      const origin = siteOrigin(req);
      // Read once for the file, kept up to date row by row (fileFacts.ts), and the audit records
      // written together at the end: per row, only the writes go to the database.
      const facts = await FileFacts.load(
        ctx.trx,
        ctx.competition.id,
        rows.map((r) => r.input),
        work.pause,
      );
      const audits: AuditRecord[] = [];
      const rowCtx = {
        ...ctx,
        audit: async (r: Parameters<CommandContext['audit']>[0]) => {
          audits.push({ ...r, competitionId: ctx.competition.id, actor: r.actor ?? ctx.who });
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
            origin,
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
      return { problems, tried: { codes, audits } };
    },
    commit: async (ctx, { codes, audits }) => {
      await auditAll(ctx.trx, audits);
      if (codes.length) ctx.publish('events', 'competition');
    },
  });
  const { rows, problems, tried, committed } = outcome;
  const codes = committed && tried ? tried.codes : [];
  return { dryRun, rows, problems, created: codes.length, codes };
}

/** A refused row's problems, one per rule it broke. */
function rowProblems(line: number, e: HttpError): ImportProblem[] {
  const details = e.details as
    { problems?: { message: string; code: string; eventKey?: string }[]; number?: number } | undefined;
  if (details?.problems?.length)
    return details.problems.map((p) => ({
      line,
      message: p.message,
      // The rules' codes the web words itself; the others stay in the server's words.
      ...(p.code === 'unknown_event' && p.eventKey
        ? { code: 'unknown_event', values: { event: p.eventKey } }
        : {}),
    }));
  if (e.code === 'number_taken')
    return [
      {
        line,
        column: 'lead_number',
        message: e.message,
        ...(typeof details?.number === 'number'
          ? { code: 'number_taken', values: { number: details.number } }
          : {}),
      },
    ];
  return [{ line, message: e.message }];
}
