/**
 * Round results: compute from the stored marks (POST results), the chairman's approval, post
 * (publish) and un-post with a reason, and the reads — the public sees a round's results only once
 * posted. The commands are in commands.ts, the reads in queries.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams, roundParams } from '../../../http/params.ts';
import { routesFor, staff } from '../../../http/route.ts';
import * as endpoints from '../../../../domain/schemas/endpoints.ts';
import { seesUnposted } from '../../../http/access.ts';
import { siteOrigin } from '../../../mail/links.ts';
import { messageResponse, noFields } from '../../../../domain/schemas/common.ts';
import { approveResults, computeResults, postResults, unpostResults } from './commands.ts';
import { eventFinalResults, roundResults } from './queries.ts';
import {
  approveBody,
  eventFinalResults as eventFinalAnswer,
  resultsBody,
  resultsView,
  roundPosted,
  unpostBody,
} from '../../../../domain/schemas/marks.ts';

/** Un-posting answers with the command's message (posting with what it did as well). */
const message = (text: string) => ({ message: text });

const routes: FastifyPluginAsyncZod = async (app) => {
  const route = routesFor(app, 'results');

  // The chairman settles ties at the cut-off, which is a compute with a tie decision.
  route.command(
    endpoints.postEventsRoundsResults,
    staff(['admin', 'Scrutineer', 'Chairman'], 'compute results'),
    {
      summary:
        'Compute the round from the stored marks (recalls or Skating System) and save it; state → Marked',
      schema: { params: roundParams, response: { 200: resultsView }, body: resultsBody.optional() },
      // `results`: staff screens read the computed result under that topic (public reads stay empty).
      // Until it is posted nobody else may learn that a result exists: staff streams only.
      topics: ['marks', 'results', 'events', 'schedule'],
      staffOnly: true,
      run: (cmd, req) => computeResults(cmd, req.params, req.body ?? {}),
    },
  );

  route.command(endpoints.postEventsRoundsPost, staff(['admin', 'Scrutineer'], 'post results'), {
    summary:
      'Post (publish) a computed round: the next round receives the recalled couples and waits to be started, or the final placings are saved',
    schema: { params: roundParams, body: noFields, response: { 200: roundPosted } },
    topics: ['results', 'events', 'schedule', 'marks'],
    run: (cmd, req) => postResults(cmd, req.params, siteOrigin(req)),
  });

  route.command(endpoints.postEventsRoundsApprove, staff(['admin', 'Chairman'], 'approve results'), {
    summary:
      "The chairman's approval of the computed result (needed before posting when the competition requires it)",
    schema: { params: roundParams, response: { 200: resultsView }, body: approveBody.optional() },
    topics: ['marks', 'results'],
    staffOnly: true,
    run: (cmd, req) => approveResults(cmd, req.params, req.body ?? {}),
  });

  route.command(endpoints.postEventsRoundsUnpost, staff(['admin', 'Scrutineer'], 'un-post results'), {
    summary: 'Un-post a round (reason required): back to Marked so marks and results can be corrected',
    schema: { params: roundParams, response: { 200: messageResponse }, body: unpostBody },
    topics: ['results', 'events', 'schedule', 'marks'],
    run: (cmd, req) => unpostResults(cmd, req.params, req.body),
    answer: message,
  });

  route.read(endpoints.getEventsRoundsResults, 'publicOrStaff', {
    summary:
      "A round's results: the scrutineer, chairman and administrators see it once computed, everyone else once posted; null while there are none",
    schema: { params: roundParams, response: { 200: resultsView.nullable() } },
    answer: async (req) => roundResults(app.db, req.competition.id, req.params, seesUnposted(req.role)),
  });

  route.read(endpoints.getEventsResults, 'public', {
    summary: "An event's final results, once posted",
    schema: { params: eventParams, response: { 200: eventFinalAnswer } },
    answer: async (req) => eventFinalResults(app.db, req.competition.id, req.params.eventKey),
  });
};
export default routes;
