/**
 * Round results: compute from the stored marks (POST results), the chairman's approval, post
 * (publish) and un-post with a reason, and the reads — the public sees a round's results only once
 * posted. The commands are in commands.ts, the reads in queries.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../../competitions/repo.ts';
import { actorLabel } from '../../../auth/sessions.ts';
import { approveBody, resultsBody, unpostBody } from '../../../../domain/schemas/marks.ts';
import { eventParams, requireRole, roleOf, roundParams } from '../context.ts';
import { approveResults, computeResults, postResults, unpostResults } from './commands.ts';
import { eventFinalResults, roundResults } from './queries.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/results',
    {
      schema: {
        tags: ['results'],
        summary:
          'Compute the round from the stored marks (recalls or Skating System) and save it; state → Marked',
        params: roundParams,
        body: resultsBody.optional(),
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      // The chairman settles ties at the cut-off, which is a compute with a tie decision.
      const { actor } = requireRole(req, c.id, ['admin', 'Scrutineer', 'Chairman'], 'compute results');
      const cmd = { competition: c, actor: actorLabel(actor), ...req.params };
      const view = await app.db.transaction().execute((trx) => computeResults(trx, cmd, req.body ?? {}));
      await app.feed.publish(c.id, 'marks', 'events', 'schedule');
      return view;
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/post',
    {
      schema: {
        tags: ['results'],
        summary:
          'Post (publish) a computed round: next round receives the recalled couples, or the final placings are saved',
        params: roundParams,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor } = requireRole(req, c.id, ['admin', 'Scrutineer'], 'post results');
      const cmd = { competition: c, actor: actorLabel(actor), ...req.params };
      const message = await app.db.transaction().execute((trx) => postResults(trx, cmd));
      await app.feed.publish(c.id, 'results', 'events', 'schedule', 'marks');
      return { message };
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/approve',
    {
      schema: {
        tags: ['results'],
        summary:
          "The chairman's approval of the computed result (needed before posting when the competition requires it)",
        params: roundParams,
        body: approveBody.optional(),
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor } = requireRole(req, c.id, ['admin', 'Chairman'], 'approve results');
      const cmd = { competition: c, actor: actorLabel(actor), ...req.params };
      const view = await app.db.transaction().execute((trx) => approveResults(trx, cmd, req.body ?? {}));
      await app.feed.publish(c.id, 'marks');
      return view;
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/unpost',
    {
      schema: {
        tags: ['results'],
        summary: 'Un-post a round (reason required): back to Marked so marks and results can be corrected',
        params: roundParams,
        body: unpostBody,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor } = requireRole(req, c.id, ['admin', 'Scrutineer'], 'un-post results');
      const cmd = { competition: c, actor: actorLabel(actor), ...req.params };
      const message = await app.db.transaction().execute((trx) => unpostResults(trx, cmd, req.body));
      await app.feed.publish(c.id, 'results', 'events', 'schedule', 'marks');
      return { message };
    },
  );

  app.get(
    '/competitions/:key/events/:eventKey/rounds/:n/results',
    {
      schema: {
        tags: ['results'],
        summary: "A round's results (public once posted; staff any time)",
        params: roundParams,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const staff = roleOf(req.actor, c.id) !== null;
      return roundResults(app.db, c.id, req.params.eventKey, req.params.n, staff);
    },
  );

  app.get(
    '/competitions/:key/events/:eventKey/results',
    { schema: { tags: ['results'], summary: "An event's final results, once posted", params: eventParams } },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      return eventFinalResults(app.db, c.id, req.params.eventKey);
    },
  );
};
export default routes;
