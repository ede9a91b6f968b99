/**
 * Public results: the /results summary, one event's posted rounds with their working, a competitor's
 * results, and the CSV downloads. Everything here shows Posted rounds only (see read.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { findEvent } from '../../events/queries.ts';
import { csvReply } from '../../../http/csv.ts';
import { eventParams, keyParams } from '../../../http/params.ts';
import { routesFor } from '../../../http/route.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { HttpError } from '../../../errors.ts';
import {
  competitionResultsCsv,
  competitorResults,
  eventResults,
  eventResultsCsv,
  resultsSummary,
} from './queries.ts';
import type { ResultsSummary } from '../../../../domain/schemas/results.ts';
import { csvFile } from '../../../../domain/schemas/common.ts';
import {
  competitorResult,
  eventResults as eventResultsAnswer,
  resultsSummary as resultsSummaryAnswer,
} from '../../../../domain/schemas/results.ts';

const competitorParams = keyParams.extend({ id: z.coerce.number().int().positive() });

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'results');
  /** The event's posted rounds, logged when there are none yet. */
  const postedRounds = async (req: FastifyRequest<{ Params: { eventKey: string } }>) => {
    const c = req.competition;
    const event = await findEvent(app.db, c.id, req.params.eventKey);
    const results = await eventResults(app.db, c.id, event);
    if (results.rounds.length === 0) req.log.info({ event: event.key }, 'no results found');
    return { event, results };
  };

  route.read(endpoints.getResults, 'public', {
    summary: 'Every event with its posted final placings (the /results page), in one read',
    schema: { params: keyParams, response: { 200: resultsSummaryAnswer } },
    answer: async (req): Promise<ResultsSummary> => {
      const c = req.competition;
      return {
        competition: { key: c.key, fullName: c.full_name },
        events: await resultsSummary(app.db, c.id),
      };
    },
  });

  route.read(endpoints.getResultsOne, 'public', {
    summary:
      "One event's posted rounds: recall tallies by judge and dance, the final's Skating System working",
    schema: { params: eventParams, response: { 200: eventResultsAnswer } },
    answer: async (req) => (await postedRounds(req)).results,
  });

  route.read(endpoints.getCompetitorsResults, 'public', {
    summary: "A competitor's posted results: final place, or the round reached",
    schema: { params: competitorParams, response: { 200: z.array(competitorResult) } },
    answer: async (req) => competitorResults(app.db, req.competition.id, req.params.id),
  });

  route.read(endpoints.getEventsResultsCsv, 'public', {
    summary: "One event's posted results as CSV",
    schema: { params: eventParams, produces: ['text/csv'], response: { 200: csvFile } },
    answer: async (req, reply) => {
      const { event, results } = await postedRounds(req);
      if (results.rounds.length === 0) {
        throw new HttpError(404, 'not_found', `${event.name} has no published results yet.`);
      }
      return csvReply(reply, `${req.competition.key}-${event.key}-results.csv`, eventResultsCsv(results));
    },
  });

  route.read(endpoints.getResultsCsv, 'public', {
    summary: "The whole competition's posted results as one CSV",
    schema: { params: keyParams, produces: ['text/csv'], response: { 200: csvFile } },
    answer: async (req, reply) => {
      const c = req.competition;
      return csvReply(reply, `${c.key}-results.csv`, await competitionResultsCsv(app.db, c.id));
    },
  });
};

export default routes;
