/**
 * The deck captain's reads and heat setting: who is on the floor now, what comes next, each round's
 * couples by number with heats and check-in. Couples and numbers are public (they dance in front of
 * everyone); nothing here carries marks or results.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCompetition } from '../../competitions/repo.ts';
import { keyParams } from '../../competitions/routes.ts';
import { eventRounds, findEvent } from '../../events/repo.ts';
import { actorLabel } from '../../../auth/sessions.ts';
import { HttpError } from '../../../errors.ts';
import { heatsBody } from '../../../../domain/schemas/floor.ts';
import { requireRole, roundParams } from '../context.ts';
import { setHeats } from './commands.ts';
import { floorView, isFirst, roundCouples } from './queries.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/competitions/:key/events/:eventKey/rounds/:n/couples',
    {
      schema: {
        tags: ['floor'],
        summary: "A round's couples by number with heats and check-in (deck captain, heat lists)",
        params: roundParams,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const event = await findEvent(app.db, c.id, req.params.eventKey);
      const rounds = await eventRounds(app.db, event.id);
      const round = rounds.find((r) => r.round_number === req.params.n);
      if (!round) throw new HttpError(404, 'not_found', `${event.name} has no round ${req.params.n}.`);
      return roundCouples(app.db, event, round, isFirst(rounds, round));
    },
  );

  app.get(
    '/competitions/:key/floor',
    {
      schema: {
        tags: ['floor'],
        summary: 'Rounds on the floor now (Running) and the next ones in schedule order, with their couples',
        params: keyParams,
        querystring: z.object({ next: z.coerce.number().int().min(0).max(50).default(6) }).strict(),
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      return floorView(app.db, c.id, req.query.next);
    },
  );

  app.post(
    '/competitions/:key/events/:eventKey/rounds/:n/heats',
    {
      schema: {
        tags: ['floor'],
        summary: 'Set the heat size of a round (null: one heat) and draw its couples into even heats',
        params: roundParams,
        body: heatsBody,
      },
    },
    async (req) => {
      const c = await findCompetition(app.db, req.params.key);
      const { actor } = requireRole(req, c.id, ['admin', 'Deck Captain', 'Scrutineer'], 'set heats');
      const cmd = { competition: c, actor: actorLabel(actor), ...req.params };
      const view = await app.db.transaction().execute((trx) => setHeats(trx, cmd, req.body));
      await app.feed.publish(c.id, 'events', 'schedule');
      return {
        message:
          view.heats > 1
            ? `${view.roundName} of ${view.eventName}: ${view.heats} heats of at most ${view.heatSize} couples.`
            : `${view.roundName} of ${view.eventName}: one heat.`,
        ...view,
      };
    },
  );
};
export default routes;
