/**
 * Round results: compute from the stored marks (POST results), the chairman's approval, post
 * (publish) and un-post with a reason, and the reads — the public sees a round's results only once
 * posted. The commands are in commands.ts, the reads in queries.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runCommand } from '../../../http/command.ts';
import { eventParams, roundParams } from '../../../http/params.ts';
import { messageResponse } from '../../../../domain/schemas/common.ts';
import { approveResults, computeResults, postResults, unpostResults } from './commands.ts';
import { eventFinalResults, roundResults } from './queries.ts';
import {
  approveBody,
  eventFinalResults as eventFinalAnswer,
  resultsBody,
  resultsView,
  unpostBody,
} from '../../../../domain/schemas/marks.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/results',
    {
      schema: {
        tags: ['results'],
        summary:
          'Compute the round from the stored marks (recalls or Skating System) and save it; state → Marked',
        params: roundParams,
        response: { 200: resultsView },
        body: resultsBody.optional(),
      },
      // The chairman settles ties at the cut-off, which is a compute with a tie decision.
      config: { access: { roles: ['admin', 'Scrutineer', 'Chairman'], to: 'compute results' } },
    },
    async (req) =>
      runCommand(app, req, {
        topics: ['marks', 'events', 'schedule'],
        run: (cmd) => computeResults(cmd, req.params, req.body ?? {}),
      }),
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/post',
    {
      schema: {
        tags: ['results'],
        summary:
          'Post (publish) a computed round: next round receives the recalled couples, or the final placings are saved',
        params: roundParams,
        response: { 200: messageResponse },
      },
      config: { access: { roles: ['admin', 'Scrutineer'], to: 'post results' } },
    },
    async (req) => ({
      message: await runCommand(app, req, {
        topics: ['results', 'events', 'schedule', 'marks'],
        run: (cmd) => postResults(cmd, req.params),
      }),
    }),
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/approve',
    {
      schema: {
        tags: ['results'],
        summary:
          "The chairman's approval of the computed result (needed before posting when the competition requires it)",
        params: roundParams,
        response: { 200: resultsView },
        body: approveBody.optional(),
      },
      config: { access: { roles: ['admin', 'Chairman'], to: 'approve results' } },
    },
    async (req) =>
      runCommand(app, req, {
        topics: ['marks'],
        run: (cmd) => approveResults(cmd, req.params, req.body ?? {}),
      }),
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/unpost',
    {
      schema: {
        tags: ['results'],
        summary: 'Un-post a round (reason required): back to Marked so marks and results can be corrected',
        params: roundParams,
        response: { 200: messageResponse },
        body: unpostBody,
      },
      config: { access: { roles: ['admin', 'Scrutineer'], to: 'un-post results' } },
    },
    async (req) => ({
      message: await runCommand(app, req, {
        topics: ['results', 'events', 'schedule', 'marks'],
        run: (cmd) => unpostResults(cmd, req.params, req.body),
      }),
    }),
  );

  app.get(
    '/competitions/:key/events/:eventKey/rounds/:n/results',
    {
      schema: {
        tags: ['results'],
        summary: "A round's results (public once posted; staff any time)",
        params: roundParams,
        response: { 200: resultsView },
      },
      config: { access: 'publicOrStaff' },
    },
    async (req) => roundResults(app.db, req.competition.id, req.params, req.role !== null),
  );

  app.get(
    '/competitions/:key/events/:eventKey/results',
    {
      schema: {
        tags: ['results'],
        summary: "An event's final results, once posted",
        params: eventParams,
        response: { 200: eventFinalAnswer },
      },
      config: { access: 'public' },
    },
    async (req) => eventFinalResults(app.db, req.competition.id, req.params.eventKey),
  );
};
export default routes;
