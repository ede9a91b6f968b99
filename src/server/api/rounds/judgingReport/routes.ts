/**
 * The chairman's report on the judging, as JSON (the page and the print sheet) and as CSV: for the
 * chairman, the scrutineer and the administrators only, never public (it names judges' disagreements).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvReply } from '../../../http/csv.ts';
import { keyParams } from '../../../http/params.ts';
import { routesFor, staff } from '../../../http/route.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { csvFile } from '../../../../domain/schemas/common.ts';
import {
  judgingReport as judgingReportAnswer,
  judgingReportQuery,
} from '../../../../domain/schemas/judgingReport.ts';
import { judgingReportCsv } from '../../../../domain/judgingReport.ts';
import { judgingReport } from './queries.ts';

const access = staff(['admin', 'Chairman', 'Scrutineer'], 'read the report on the judging');

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'results');

  route.read(endpoints.getJudgingReport, access, {
    summary:
      "The chairman's report on the judging: per judge and posted round, how far the marks were from the result, and the judges flagged",
    schema: { params: keyParams, querystring: judgingReportQuery, response: { 200: judgingReportAnswer } },
    answer: async (req) => judgingReport(app.db, req.competition.id, req.query.event),
  });

  route.read(endpoints.getJudgingReportCsv, access, {
    summary: 'The report on the judging as CSV: one line per judge and posted round',
    schema: {
      params: keyParams,
      querystring: judgingReportQuery,
      produces: ['text/csv'],
      response: { 200: csvFile },
    },
    answer: async (req, reply) => {
      const c = req.competition;
      const report = await judgingReport(app.db, c.id, req.query.event);
      const name = req.query.event
        ? `${c.key}-${req.query.event}-judging-report.csv`
        : `${c.key}-judging-report.csv`;
      return csvReply(reply, name, judgingReportCsv(report));
    },
  });
};
export default routes;
