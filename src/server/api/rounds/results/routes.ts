/**
 * Round results: compute from the stored marks (POST results), the chairman's approval, post
 * (publish) and un-post with a reason, and the reads — the public sees a round's results only once
 * posted. The commands are in commands.ts, the reads in queries.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runCommand } from '../../../http/command.ts';
import { eventParams, roundParams } from '../../../http/params.ts';
import { routesTagged, staff } from '../../../http/route.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { seesUnposted } from '../../../http/access.ts';
import { messageResponse, noFields } from '../../../../domain/schemas/common.ts';
import { approveResults, computeResults, postResults, unpostResults } from './commands.ts';
import { eventFinalResults, roundResults } from './queries.ts';
import {
  approveBody,
  eventFinalResults as eventFinalAnswer,
  resultsBody,
  resultsView,
  unpostBody,
} from '../../../../domain/schemas/marks.ts';

const route = routesTagged('results');

const routes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    // The chairman settles ties at the cut-off, which is a compute with a tie decision.
    ...route(
      endpoints.postEventsRoundsResults,
      staff(['admin', 'Scrutineer', 'Chairman'], 'compute results'),
      {
        summary:
          'Compute the round from the stored marks (recalls or Skating System) and save it; state → Marked',
        params: roundParams,
        response: { 200: resultsView },
        body: resultsBody.optional(),
      },
    ),
    handler: async (req) =>
      runCommand(app, req, {
        // `results`: staff screens read the computed result under that topic (public reads stay empty).
        // Until it is posted nobody else may learn that a result exists: staff streams only.
        topics: ['marks', 'results', 'events', 'schedule'],
        staffOnly: true,
        run: (cmd) => computeResults(cmd, req.params, req.body ?? {}),
      }),
  });

  app.route({
    ...route(endpoints.postEventsRoundsPost, staff(['admin', 'Scrutineer'], 'post results'), {
      summary:
        'Post (publish) a computed round: the next round receives the recalled couples and waits to be started, or the final placings are saved',
      params: roundParams,
      body: noFields,
      response: { 200: messageResponse },
    }),
    handler: async (req) => ({
      message: await runCommand(app, req, {
        topics: ['results', 'events', 'schedule', 'marks'],
        run: (cmd) => postResults(cmd, req.params),
      }),
    }),
  });

  app.route({
    ...route(endpoints.postEventsRoundsApprove, staff(['admin', 'Chairman'], 'approve results'), {
      summary:
        "The chairman's approval of the computed result (needed before posting when the competition requires it)",
      params: roundParams,
      response: { 200: resultsView },
      body: approveBody.optional(),
    }),
    handler: async (req) =>
      runCommand(app, req, {
        topics: ['marks', 'results'],
        staffOnly: true,
        run: (cmd) => approveResults(cmd, req.params, req.body ?? {}),
      }),
  });

  app.route({
    ...route(endpoints.postEventsRoundsUnpost, staff(['admin', 'Scrutineer'], 'un-post results'), {
      summary: 'Un-post a round (reason required): back to Marked so marks and results can be corrected',
      params: roundParams,
      response: { 200: messageResponse },
      body: unpostBody,
    }),
    handler: async (req) => ({
      message: await runCommand(app, req, {
        topics: ['results', 'events', 'schedule', 'marks'],
        run: (cmd) => unpostResults(cmd, req.params, req.body),
      }),
    }),
  });

  app.route({
    ...route(endpoints.getEventsRoundsResults, 'publicOrStaff', {
      summary:
        "A round's results: the scrutineer, chairman and administrators see it once computed, everyone else once posted; null while there are none",
      params: roundParams,
      response: { 200: resultsView.nullable() },
    }),
    handler: async (req) => roundResults(app.db, req.competition.id, req.params, seesUnposted(req.role)),
  });

  app.route({
    ...route(endpoints.getEventsResults, 'public', {
      summary: "An event's final results, once posted",
      params: eventParams,
      response: { 200: eventFinalAnswer },
    }),
    handler: async (req) => eventFinalResults(app.db, req.competition.id, req.params.eventKey),
  });
};
export default routes;
